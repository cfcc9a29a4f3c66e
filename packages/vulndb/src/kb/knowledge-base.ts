// Read access to the live knowledge base: a few batched lookups per evaluation, one per
// table, keyed by what the components name (packages, CPE products, distro sources).
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { KbDatabase } from '../db/database.ts';
import {
  vulnAliases, vulnCpeMatches, vulnDistroFixes, vulnEpss, vulnImportRuns, vulnKev, vulnPackageRanges, vulnRecords,
} from '../db/schema.ts';
import type { PackageKey } from '../match/package-key.ts';

export type PackageRangeFact = typeof vulnPackageRanges.$inferSelect;
export type CpeMatchFact = typeof vulnCpeMatches.$inferSelect;
export type DistroFixFact = typeof vulnDistroFixes.$inferSelect;
export type RecordFact = typeof vulnRecords.$inferSelect;
export type EpssFact = typeof vulnEpss.$inferSelect;
export type KevFact = typeof vulnKev.$inferSelect;

export interface DistroSourceKey {
  readonly distro: string;
  readonly release: string;
  readonly sourcePackage: string;
}

export interface ProductKey {
  readonly vendor: string;
  readonly product: string;
}

/** What evaluation asks of a knowledge base. Every answer holds live rows only. */
export interface KnowledgeBase {
  packageRanges(keys: readonly PackageKey[]): Promise<PackageRangeFact[]>;
  cpeMatches(products: readonly ProductKey[]): Promise<CpeMatchFact[]>;
  distroFixes(keys: readonly DistroSourceKey[]): Promise<DistroFixFact[]>;
  /** Records whose id is one of `ids` (every source). */
  records(ids: readonly string[]): Promise<RecordFact[]>;
  /** Alias pairs where either side is one of `ids`. */
  aliases(ids: readonly string[]): Promise<{ vulnId: string; alias: string }[]>;
  /** Which sources hold live CPE ranges for these vulnerability ids (NVD, overrides, CVE 5, vendor). */
  cpeSources(ids: readonly string[]): Promise<{ vulnId: string; source: string }[]>;
  epss(cves: readonly string[]): Promise<EpssFact[]>;
  kev(cves: readonly string[]): Promise<KevFact[]>;
}

/** Chunks of keys per query: keeps statements well under PostgreSQL's parameter limit. */
const CHUNK = 1000;

export function createKnowledgeBase(db: KbDatabase): KnowledgeBase {
  return {
    async packageRanges(keys) {
      const unique = uniqueBy(keys, (k) => `${k.ecosystem}\u0000${k.name}`);
      return chunked(unique, (part) => db.select().from(vulnPackageRanges).where(and(
        eq(vulnPackageRanges.live, true),
        or(...part.map((k) => and(eq(vulnPackageRanges.ecosystemBase, k.ecosystem), eq(vulnPackageRanges.name, k.name)))),
      )));
    },
    async cpeMatches(products) {
      const unique = uniqueBy(products, (p) => `${p.vendor}\u0000${p.product}`);
      return chunked(unique, (part) => db.select().from(vulnCpeMatches).where(and(
        eq(vulnCpeMatches.live, true),
        or(...part.map((p) => and(eq(vulnCpeMatches.vendor, p.vendor), eq(vulnCpeMatches.product, p.product)))),
      )));
    },
    async distroFixes(keys) {
      const unique = uniqueBy(keys, (k) => `${k.distro}\u0000${k.release}\u0000${k.sourcePackage}`);
      return chunked(unique, (part) => db.select().from(vulnDistroFixes).where(and(
        eq(vulnDistroFixes.live, true),
        or(...part.map((k) => and(
          eq(vulnDistroFixes.distro, k.distro), eq(vulnDistroFixes.release, k.release), eq(vulnDistroFixes.sourcePackage, k.sourcePackage),
        ))),
      )));
    },
    async records(ids) {
      return chunked([...new Set(ids)], (part) => db.select().from(vulnRecords)
        .where(and(eq(vulnRecords.live, true), inArray(vulnRecords.vulnId, part))));
    },
    async aliases(ids) {
      return chunked([...new Set(ids)], (part) => db.select({ vulnId: vulnAliases.vulnId, alias: vulnAliases.alias }).from(vulnAliases)
        .where(and(eq(vulnAliases.live, true), or(inArray(vulnAliases.vulnId, part), inArray(vulnAliases.alias, part)))));
    },
    async cpeSources(ids) {
      return chunked([...new Set(ids)], (part) => db.selectDistinct({ vulnId: vulnCpeMatches.vulnId, source: vulnCpeMatches.source }).from(vulnCpeMatches)
        .where(and(eq(vulnCpeMatches.live, true), inArray(vulnCpeMatches.vulnId, part))));
    },
    async epss(cves) {
      return chunked([...new Set(cves)], (part) => db.select().from(vulnEpss).where(and(eq(vulnEpss.live, true), inArray(vulnEpss.cve, part))));
    },
    async kev(cves) {
      return chunked([...new Set(cves)], (part) => db.select().from(vulnKev).where(and(eq(vulnKev.live, true), inArray(vulnKev.cve, part))));
    },
  };
}

/**
 * The id a live record or alias stores for `id`, compared case-insensitively (`cve-2021-23337`
 * finds `CVE-2021-23337`, also when only an advisory's alias names it); null when unknown.
 */
export async function findVulnId(db: KbDatabase, id: string): Promise<string | null> {
  // Stored ids are nearly always upper case: try the indexed exact forms before a scan.
  const forms = [...new Set([id, id.toUpperCase()])];
  const exact = (col: typeof vulnRecords.vulnId | typeof vulnAliases.alias) => inArray(col, forms);
  const folded = (col: typeof vulnRecords.vulnId | typeof vulnAliases.alias) => sql`upper(${col}) = ${id.toUpperCase()}`;
  for (const match of [exact, folded]) {
    const [record] = await db.select({ id: vulnRecords.vulnId }).from(vulnRecords)
      .where(and(eq(vulnRecords.live, true), match(vulnRecords.vulnId))).orderBy(vulnRecords.vulnId).limit(1);
    if (record) return record.id;
    const [alias] = await db.select({ id: vulnAliases.alias }).from(vulnAliases)
      .where(and(eq(vulnAliases.live, true), match(vulnAliases.alias))).orderBy(vulnAliases.alias).limit(1);
    if (alias) return alias.id;
  }
  return null;
}

export interface SourceStatus {
  readonly source: string;
  /** Live rows of the source's main table. */
  readonly rows: number;
  readonly lastImport: { origin: string; finishedAt: string | null; records: number; imported: number; skipped: number } | null;
}

/** Per feed: how many live rows it has and its last complete import. */
export async function knowledgeBaseStatus(db: KbDatabase): Promise<SourceStatus[]> {
  const counts = await db.execute<{ source: string; rows: number | string }>(sql`
    select source, count(*) as rows from ${vulnRecords} where live group by source
    union all select source, count(*) from ${vulnDistroFixes} where live group by source
    union all select source, count(*) from ${vulnEpss} where live group by source
    union all select source, count(*) from ${vulnKev} where live group by source
    union all select source, count(*) from ${vulnCpeMatches} where live and source = 'nvd-override' group by source`);
  const runs = await db.select().from(vulnImportRuns).where(eq(vulnImportRuns.status, 'complete')).orderBy(vulnImportRuns.id);
  const rowsBySource = new Map<string, number>();
  for (const row of rowsOf<{ source: string; rows: number | string }>(counts)) rowsBySource.set(row.source, Number(row.rows));
  const sources = [...new Set([...rowsBySource.keys(), ...runs.map((r) => r.source)])].sort();
  return sources.map((source) => {
    const last = runs.filter((r) => r.source === source).at(-1);
    return {
      source,
      rows: rowsBySource.get(source) ?? 0,
      lastImport: last
        ? { origin: last.origin, finishedAt: last.finishedAt?.toISOString() ?? null, records: last.records, imported: last.imported, skipped: last.skipped }
        : null,
    };
  });
}

/** node-postgres answers `{rows}`, PGlite too; both through Drizzle's execute. */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

async function chunked<K, R>(keys: readonly K[], query: (part: K[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < keys.length; i += CHUNK) out.push(...(await query(keys.slice(i, i + CHUNK))));
  return out;
}
