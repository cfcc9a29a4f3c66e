// Which data the knowledge base holds: every change of its live rows is the swap of an import
// (a feed, a sync page or a bundle), which marks its run complete in the same transaction.
import { count, eq, max } from 'drizzle-orm';
import type { KbDatabase } from '../db/database.ts';
import { vulnImportRuns } from '../db/schema.ts';

/**
 * Changes whenever an import completes: the last complete run's id and how many there are.
 * The id alone could stand still: a run started earlier (a smaller id) may complete after a
 * later one. A bundle deletes the older runs but inserts its history under new, higher ids.
 * Compare for equality only; `0:0` while nothing was ever imported.
 */
export async function knowledgeBaseVersion(db: KbDatabase): Promise<string> {
  return knowledgeBaseVersionReader(db)();
}

/** knowledgeBaseVersion with its statement prepared once, for a caller that asks at every read. */
export function knowledgeBaseVersionReader(db: KbDatabase): () => Promise<string> {
  const statement = db.select({ last: max(vulnImportRuns.id), runs: count() }).from(vulnImportRuns)
    .where(eq(vulnImportRuns.status, 'complete')).prepare('vuln_import_runs_version');
  return async () => {
    const [row] = await statement.execute();
    return `${row?.last ?? 0}:${row?.runs ?? 0}`;
  };
}
