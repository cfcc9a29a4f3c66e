// Read access to the live knowledge base: a few batched lookups per evaluation, one per
// table, keyed by what the components name (packages, CPE products, distro sources).
import { type SQL, type SQLWrapper, and, eq, inArray, or, sql } from 'drizzle-orm';
import type { KbDatabase } from '../db/database.ts';
import {
  vulnAliases, vulnCpeMatches, vulnDistroCvss, vulnDistroFixes, vulnEpss, vulnImportRuns, vulnKev, vulnPackageRanges, vulnRecords,
} from '../db/schema.ts';
import type { PackageKey } from '../match/package-key.ts';

// Matching reads only these columns (fewer bytes per row is most of a lookup's cost), in
// import order so that matches are listed the same way every time.
const PACKAGE_RANGE_COLUMNS = {
  vulnId: vulnPackageRanges.vulnId, source: vulnPackageRanges.source, ecosystem: vulnPackageRanges.ecosystem,
  ecosystemBase: vulnPackageRanges.ecosystemBase, name: vulnPackageRanges.name, rangeType: vulnPackageRanges.rangeType,
  events: vulnPackageRanges.events, versions: vulnPackageRanges.versions,
};
const CPE_MATCH_COLUMNS = {
  vulnId: vulnCpeMatches.vulnId, source: vulnCpeMatches.source, provider: vulnCpeMatches.provider, vulnerable: vulnCpeMatches.vulnerable,
  nodeNegate: vulnCpeMatches.nodeNegate, criteria: vulnCpeMatches.criteria, vendor: vulnCpeMatches.vendor, product: vulnCpeMatches.product,
  versionStartIncluding: vulnCpeMatches.versionStartIncluding, versionStartExcluding: vulnCpeMatches.versionStartExcluding,
  versionEndIncluding: vulnCpeMatches.versionEndIncluding, versionEndExcluding: vulnCpeMatches.versionEndExcluding,
};
export type PackageRangeFact = Pick<typeof vulnPackageRanges.$inferSelect, keyof typeof PACKAGE_RANGE_COLUMNS>;
export type CpeMatchFact = Pick<typeof vulnCpeMatches.$inferSelect, keyof typeof CPE_MATCH_COLUMNS>;
export type DistroFixFact = typeof vulnDistroFixes.$inferSelect;
export type RecordFact = typeof vulnRecords.$inferSelect;
export type RecordSummaryFact = Pick<RecordFact, 'vulnId' | 'source' | 'withdrawn' | 'summary' | 'description' | 'cwes' | 'cvss'>;
export type EpssFact = typeof vulnEpss.$inferSelect;
export type KevFact = typeof vulnKev.$inferSelect;

/** A distro's rating of a CVE (Ubuntu priority with a CVSS vector, Debian urgency). */
export interface DistroCvssFact {
  readonly distro: string;
  readonly cve: string;
  readonly severity: string;
  readonly score: number | null;
  readonly vector: string | null;
}

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
  /** The same records, only what evaluation summarises (no references, no database-specific data). */
  recordSummaries(ids: readonly string[]): Promise<RecordSummaryFact[]>;
  /** Alias pairs where either side is one of `ids`. */
  aliases(ids: readonly string[]): Promise<{ vulnId: string; alias: string }[]>;
  /** Which sources hold live CPE ranges for these vulnerability ids (NVD, overrides, CVE 5, vendor). */
  cpeSources(ids: readonly string[]): Promise<{ vulnId: string; source: string }[]>;
  epss(cves: readonly string[]): Promise<EpssFact[]>;
  kev(cves: readonly string[]): Promise<KevFact[]>;
  /** Per distro and CVE, the distro's own rating (the most severe where records differ). */
  distroCvss(cves: readonly string[]): Promise<DistroCvssFact[]>;
}

/** Keys per query: one JSON parameter each, so only the statement's size bounds it. */
const CHUNK = 5000;

/**
 * `column = any(...)` with the values as one jsonb parameter, for an indexed column: a
 * statement with a parameter per key costs more to build and plan than the lookup itself
 * (measured on bench/vulndb). As an array the planner keeps to the column's index, where
 * `in (select ...)` hashes the list against a scan of the whole table.
 */
function inIndexed(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} = any(array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)))`;
}

/** `column in (...)` for a column without an index: one scan, each row probing a hash of the list. */
function inList(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

/** `(a, b, ...) in (...)` with the tuples as one jsonb parameter (see inList). */
function inTuples(columns: readonly SQLWrapper[], tuples: readonly (readonly string[])[]): SQL {
  const fields = sql.join(columns.map((_, i) => sql`x->>${sql.raw(String(i))}`), sql`, `);
  return sql`(${sql.join([...columns], sql`, `)}) in (select ${fields} from jsonb_array_elements(${JSON.stringify(tuples)}::jsonb) as x)`;
}

export function createKnowledgeBase(db: KbDatabase): KnowledgeBase {
  return {
    async packageRanges(keys) {
      const unique = uniqueBy(keys, (k) => `${k.ecosystem}\u0000${k.name}`);
      return chunked(unique, (part) => db.select(PACKAGE_RANGE_COLUMNS).from(vulnPackageRanges).where(and(
        eq(vulnPackageRanges.live, true),
        inTuples([vulnPackageRanges.ecosystemBase, vulnPackageRanges.name], part.map((k) => [k.ecosystem, k.name])),
      )).orderBy(vulnPackageRanges.id));
    },
    async cpeMatches(products) {
      const unique = uniqueBy(products, (p) => `${p.vendor}\u0000${p.product}`);
      return chunked(unique, (part) => db.select(CPE_MATCH_COLUMNS).from(vulnCpeMatches).where(and(
        eq(vulnCpeMatches.live, true),
        inTuples([vulnCpeMatches.vendor, vulnCpeMatches.product], part.map((p) => [p.vendor, p.product])),
      )).orderBy(vulnCpeMatches.id));
    },
    async distroFixes(keys) {
      const unique = uniqueBy(keys, (k) => `${k.distro}\u0000${k.release}\u0000${k.sourcePackage}`);
      return chunked(unique, (part) => db.select().from(vulnDistroFixes).where(and(
        eq(vulnDistroFixes.live, true),
        inTuples([vulnDistroFixes.distro, vulnDistroFixes.release, vulnDistroFixes.sourcePackage], part.map((k) => [k.distro, k.release, k.sourcePackage])),
      )));
    },
    async records(ids) {
      return chunked([...new Set(ids)], (part) => db.select().from(vulnRecords)
        .where(and(eq(vulnRecords.live, true), inIndexed(vulnRecords.vulnId, part))));
    },
    async recordSummaries(ids) {
      const columns = {
        vulnId: vulnRecords.vulnId, source: vulnRecords.source, withdrawn: vulnRecords.withdrawn,
        summary: vulnRecords.summary, description: vulnRecords.description, cwes: vulnRecords.cwes, cvss: vulnRecords.cvss,
      };
      return chunked([...new Set(ids)], (part) => db.select(columns).from(vulnRecords)
        .where(and(eq(vulnRecords.live, true), inIndexed(vulnRecords.vulnId, part))));
    },
    async aliases(ids) {
      return chunked([...new Set(ids)], (part) => db.select({ vulnId: vulnAliases.vulnId, alias: vulnAliases.alias }).from(vulnAliases)
        .where(and(eq(vulnAliases.live, true), or(inList(vulnAliases.vulnId, part), inList(vulnAliases.alias, part)))));
    },
    async cpeSources(ids) {
      return chunked([...new Set(ids)], (part) => db.selectDistinct({ vulnId: vulnCpeMatches.vulnId, source: vulnCpeMatches.source }).from(vulnCpeMatches)
        .where(and(eq(vulnCpeMatches.live, true), inList(vulnCpeMatches.vulnId, part))));
    },
    async epss(cves) {
      return chunked([...new Set(cves)], (part) => db.select().from(vulnEpss).where(and(eq(vulnEpss.live, true), inIndexed(vulnEpss.cve, part))));
    },
    async kev(cves) {
      return chunked([...new Set(cves)], (part) => db.select().from(vulnKev).where(and(eq(vulnKev.live, true), inIndexed(vulnKev.cve, part))));
    },
    async distroCvss(cves) {
      const rows = await chunked([...new Set(cves)], (part) => db.select({
        distro: vulnDistroCvss.distro, cve: vulnDistroCvss.cve, severity: vulnDistroCvss.severity, score: vulnDistroCvss.score, vector: vulnDistroCvss.vector,
      }).from(vulnDistroCvss).where(and(eq(vulnDistroCvss.live, true), inIndexed(vulnDistroCvss.cve, part))));
      return mostSevereByDistro(rows);
    },
  };
}

/** Ratings from least to most severe, across the distros' words. */
const SEVERITY_ORDER = ['negligible', 'unimportant', 'low', 'medium', 'high', 'critical'];

/** One rating per (distro, CVE): the most severe, then the highest score; sorted by CVE and distro. */
function mostSevereByDistro(rows: readonly DistroCvssFact[]): DistroCvssFact[] {
  const rank = (r: DistroCvssFact): number => SEVERITY_ORDER.indexOf(r.severity) * 100 + (r.score ?? 0);
  const best = new Map<string, DistroCvssFact>();
  for (const row of rows) {
    const key = `${row.cve}\u0000${row.distro}`;
    const known = best.get(key);
    if (!known || rank(row) > rank(known)) best.set(key, row);
  }
  return [...best.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
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
