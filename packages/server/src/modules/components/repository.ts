// What the catalogue reads of the knowledge base beside vulndb's lookups: which version of it
// is live, and the names a vulnerability's own rows give (match-keys.ts).
import { FEEDS } from '@binlens/vulndb';
import { and, count, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vulnCpeMatches, vulnImportRuns, vulnPackageRanges } from '../../db/schema/index.ts';
import { nameKey } from './match-keys.ts';

export interface ComponentsRepository {
  /** Changes whenever an import completed (every change of the live rows is one): what cached facts are keyed by. */
  knowledgeBaseVersion(): Promise<string>;
  /** Name keys of the CPE products and packages the live rows of these records (CVE, OSV, vendor ids) name. */
  nameKeysOf(recordIds: readonly string[]): Promise<string[]>;
}

/** Every feed: rows are found through their (source, record_key) index. */
const SOURCES = FEEDS.map((feed) => feed.kind);

export function createComponentsRepository(db: Db): ComponentsRepository {
  return {
    async knowledgeBaseVersion() {
      const [row] = await db.select({ last: max(vulnImportRuns.id), runs: count() }).from(vulnImportRuns).where(eq(vulnImportRuns.status, 'complete'));
      return `${row?.last ?? 0}:${row?.runs ?? 0}`;
    },

    async nameKeysOf(recordIds) {
      if (recordIds.length === 0) return [];
      const ids = [...recordIds];
      const [products, packages] = await Promise.all([
        db.selectDistinct({ name: vulnCpeMatches.product }).from(vulnCpeMatches)
          .where(and(eq(vulnCpeMatches.live, true), eq(vulnCpeMatches.vulnerable, true), inArray(vulnCpeMatches.source, SOURCES), inArray(vulnCpeMatches.recordKey, ids))),
        db.selectDistinct({ name: vulnPackageRanges.name }).from(vulnPackageRanges)
          .where(and(eq(vulnPackageRanges.live, true), inArray(vulnPackageRanges.source, SOURCES), inArray(vulnPackageRanges.recordKey, ids))),
      ]);
      return [...new Set([...products, ...packages].map((row) => nameKey(row.name)))].sort();
    },
  };
}
