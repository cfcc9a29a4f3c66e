// Read access to the live knowledge base: a few batched lookups per evaluation, one per
// table, keyed by what the components name (packages, CPE products, distro sources).
import { type SQL, type SQLWrapper, and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { KbDatabase } from '../db/database.ts';
import {
  vulnAliases, vulnCpeMatches, vulnDistroCvss, vulnDistroFixes, vulnEpss, vulnImportRuns, vulnKev, vulnPackageRanges, vulnRecords,
} from '../db/schema.ts';
import type { PackageKey } from '../match/package-key.ts';
import { joinKeys, rowsOf, selectJson } from './json-rows.ts';
import { createRowCache, type KeptRows, type KeyedLookup } from './row-cache.ts';
import { knowledgeBaseVersionReader } from './version.ts';

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
  /** Which of NVD, the overrides and CVE 5 hold live CPE ranges for these vulnerability ids. */
  cpeSources(ids: readonly string[]): Promise<{ vulnId: string; source: string }[]>;
  epss(cves: readonly string[]): Promise<EpssFact[]>;
  kev(cves: readonly string[]): Promise<KevFact[]>;
  /** Per distro and CVE, the distro's own rating (the most severe where records differ). */
  distroCvss(cves: readonly string[]): Promise<DistroCvssFact[]>;
  /**
   * The lookups for one evaluation, at the version the knowledge base has now: they answer
   * from rows kept for that version where they can (kb/row-cache.ts). Absent: every lookup
   * reads the database (a wrapper that drops it, such as a snapshot in a transaction, stays exact).
   */
  atCurrentVersion?(): Promise<KnowledgeBase>;
}

export interface KnowledgeBaseOptions {
  /**
   * Rows kept between evaluations while the knowledge base's version stands (a key without
   * rows counts one); 0 keeps none. Default 100,000: some 25 MB (the rows 8,000 components need take 16 MB).
   */
  readonly cacheRows?: number;
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

/** The sources whose records are CVEs, keyed by their id. */
const CVE_KEYED_SOURCES = ['nvd', 'nvd-override', 'cve5'];

const RECORD_SUMMARY_COLUMNS = {
  vulnId: vulnRecords.vulnId, source: vulnRecords.source, withdrawn: vulnRecords.withdrawn,
  summary: vulnRecords.summary, description: vulnRecords.description, cwes: vulnRecords.cwes, cvss: vulnRecords.cvss,
};
const ALIAS_COLUMNS = { vulnId: vulnAliases.vulnId, alias: vulnAliases.alias };
const DISTRO_CVSS_COLUMNS = {
  distro: vulnDistroCvss.distro, cve: vulnDistroCvss.cve, severity: vulnDistroCvss.severity, score: vulnDistroCvss.score, vector: vulnDistroCvss.vector,
};

export function createKnowledgeBase(db: KbDatabase, options: KnowledgeBaseOptions = {}): KnowledgeBase {
  const direct = databaseLookups(db);
  const maxRows = options.cacheRows ?? DEFAULT_CACHE_ROWS;
  if (maxRows <= 0) return direct;
  const cache = createRowCache({ maxRows });
  const lookups = keyedLookups(direct);
  const version = knowledgeBaseVersionReader(db);
  return { ...direct, atCurrentVersion: async () => cachedLookups(direct, lookups, cache.at(await version())) };
}

const DEFAULT_CACHE_ROWS = 100_000;

const keyOf = (...parts: string[]): string => parts.join('\u0000');
const same = (id: string): string => id;

/** Each lookup an evaluation makes, by the key it is asked with and the keys its rows answer. */
function keyedLookups(direct: KnowledgeBase) {
  return {
    packageRanges: { name: 'packageRanges', keyOf: (k: PackageKey) => keyOf(k.ecosystem, k.name), rowKeys: (r: PackageRangeFact) => [keyOf(r.ecosystemBase, r.name)], load: direct.packageRanges },
    cpeMatches: { name: 'cpeMatches', keyOf: (p: ProductKey) => keyOf(p.vendor, p.product), rowKeys: (r: CpeMatchFact) => [keyOf(r.vendor, r.product)], load: direct.cpeMatches },
    distroFixes: {
      name: 'distroFixes', keyOf: (k: DistroSourceKey) => keyOf(k.distro, k.release, k.sourcePackage),
      rowKeys: (r: DistroFixFact) => [keyOf(r.distro, r.release, r.sourcePackage)], load: direct.distroFixes,
    },
    recordSummaries: { name: 'recordSummaries', keyOf: same, rowKeys: (r: RecordSummaryFact) => [r.vulnId], load: direct.recordSummaries },
    aliases: { name: 'aliases', keyOf: same, rowKeys: (r: { vulnId: string; alias: string }) => [r.vulnId, r.alias], shared: true, load: direct.aliases },
    cpeSources: { name: 'cpeSources', keyOf: same, rowKeys: (r: { vulnId: string; source: string }) => [r.vulnId], load: direct.cpeSources },
    epss: { name: 'epss', keyOf: same, rowKeys: (r: EpssFact) => [r.cve], load: direct.epss },
    kev: { name: 'kev', keyOf: same, rowKeys: (r: KevFact) => [r.cve], load: direct.kev },
    distroCvss: { name: 'distroCvss', keyOf: same, rowKeys: (r: DistroCvssFact) => [r.cve], load: direct.distroCvss },
  } satisfies Partial<Record<keyof KnowledgeBase, KeyedLookup<never, object>>>;
}

/** Every lookup but `records` (never part of an evaluation) through the rows kept for one version. */
function cachedLookups(direct: KnowledgeBase, lookups: ReturnType<typeof keyedLookups>, kept: KeptRows): KnowledgeBase {
  return {
    ...direct,
    packageRanges: (keys) => kept.rows(lookups.packageRanges, keys),
    cpeMatches: (products) => kept.rows(lookups.cpeMatches, products),
    distroFixes: (keys) => kept.rows(lookups.distroFixes, keys),
    recordSummaries: (ids) => kept.rows(lookups.recordSummaries, ids),
    aliases: (ids) => kept.rows(lookups.aliases, ids),
    cpeSources: (ids) => kept.rows(lookups.cpeSources, ids),
    epss: (cves) => kept.rows(lookups.epss, cves),
    kev: (cves) => kept.rows(lookups.kev, cves),
    // Kept as each CVE's own ratings (one per distro), then sorted over all as the database's answer is.
    distroCvss: async (cves) => mostSevereByDistro(await kept.rows(lookups.distroCvss, cves)),
  };
}

/** Each lookup one statement (or one per CHUNK keys) on the database. */
function databaseLookups(db: KbDatabase): KnowledgeBase {
  return {
    async packageRanges(keys) {
      const unique = uniqueBy(keys, (k) => `${k.ecosystem}\u0000${k.name}`);
      return chunked(unique, (part) => selectJson(db, PACKAGE_RANGE_COLUMNS, sql`from ${joinKeys(vulnPackageRanges,
        { ecosystem: vulnPackageRanges.ecosystemBase, name: vulnPackageRanges.name }, part)} where ${vulnPackageRanges.live}`, sql`${vulnPackageRanges.id}`));
    },
    async cpeMatches(products) {
      const unique = uniqueBy(products, (p) => `${p.vendor}\u0000${p.product}`);
      return chunked(unique, (part) => selectJson(db, CPE_MATCH_COLUMNS, sql`from ${joinKeys(vulnCpeMatches,
        { vendor: vulnCpeMatches.vendor, product: vulnCpeMatches.product }, part)} where ${vulnCpeMatches.live}`, sql`${vulnCpeMatches.id}`));
    },
    async distroFixes(keys) {
      const unique = uniqueBy(keys, (k) => `${k.distro}\u0000${k.release}\u0000${k.sourcePackage}`);
      return chunked(unique, (part) => selectJson(db, getTableColumns(vulnDistroFixes), sql`from ${joinKeys(vulnDistroFixes,
        { distro: vulnDistroFixes.distro, release: vulnDistroFixes.release, sourcePackage: vulnDistroFixes.sourcePackage }, part)} where ${vulnDistroFixes.live}`));
    },
    async records(ids) {
      return chunked([...new Set(ids)], (part) => db.select().from(vulnRecords)
        .where(and(eq(vulnRecords.live, true), inIndexed(vulnRecords.vulnId, part))));
    },
    async recordSummaries(ids) {
      return chunked([...new Set(ids)], (part) => selectJson(db, RECORD_SUMMARY_COLUMNS,
        sql`from ${vulnRecords} where ${vulnRecords.live} and ${inIndexed(vulnRecords.vulnId, part)}`));
    },
    async aliases(ids) {
      // Both columns are indexed: the planner ORs the two index lookups.
      return chunked([...new Set(ids)], (part) => selectJson(db, ALIAS_COLUMNS,
        sql`from ${vulnAliases} where ${vulnAliases.live} and (${inIndexed(vulnAliases.vulnId, part)} or ${inIndexed(vulnAliases.alias, part)})`));
    },
    async cpeSources(ids) {
      // NVD, override and CVE 5 records are keyed by their CVE id, which all their rows carry:
      // the (source, record_key) index finds them (vuln_id has no index on this large table).
      return chunked([...new Set(ids)], (part) => db.selectDistinct({ vulnId: vulnCpeMatches.vulnId, source: vulnCpeMatches.source }).from(vulnCpeMatches)
        .where(and(eq(vulnCpeMatches.live, true), inArray(vulnCpeMatches.source, CVE_KEYED_SOURCES),
          inIndexed(vulnCpeMatches.recordKey, part), inIndexed(vulnCpeMatches.vulnId, part))));
    },
    async epss(cves) {
      return chunked([...new Set(cves)], (part) => selectJson(db, getTableColumns(vulnEpss), sql`from ${vulnEpss} where ${vulnEpss.live} and ${inIndexed(vulnEpss.cve, part)}`));
    },
    async kev(cves) {
      return chunked([...new Set(cves)], (part) => selectJson(db, getTableColumns(vulnKev), sql`from ${vulnKev} where ${vulnKev.live} and ${inIndexed(vulnKev.cve, part)}`));
    },
    async distroCvss(cves) {
      const rows = await chunked([...new Set(cves)], (part) => selectJson(db, DISTRO_CVSS_COLUMNS,
        sql`from ${vulnDistroCvss} where ${vulnDistroCvss.live} and ${inIndexed(vulnDistroCvss.cve, part)}`));
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

export interface VulnIdPage {
  /** The page's ids, newest published first (then by id, descending). */
  readonly ids: string[];
  /** Every id the search matches. */
  readonly count: number;
}

/**
 * The ids of the knowledge base's vulnerabilities (live records, not withdrawn or rejected), a
 * page at a time; `q`: text in the id, the summary or the description, in any case.
 * `advisories`: also the records that are neither CVEs nor the users' own (GHSA, GO, ...), which
 * a scan reports only with include_bdsa_vulnerabilities.
 */
export async function listVulnIds(db: KbDatabase, options: { q?: string | undefined; advisories: boolean; limit: number; offset: number }): Promise<VulnIdPage> {
  const q = options.q?.trim() ?? '';
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    eq(vulnRecords.live, true),
    eq(vulnRecords.withdrawn, false),
    options.advisories ? undefined : sql`(upper(${vulnRecords.vulnId}) like 'CVE-%' or ${vulnRecords.source} = 'vendor')`,
    q === '' ? undefined : sql`(${vulnRecords.vulnId} ilike ${pattern} or ${vulnRecords.summary} ilike ${pattern} or ${vulnRecords.description} ilike ${pattern})`,
  );
  const [counted] = await db.select({ count: sql<number | string>`count(distinct ${vulnRecords.vulnId})` }).from(vulnRecords).where(where);
  const rows = await db
    .select({ id: vulnRecords.vulnId })
    .from(vulnRecords)
    .where(where)
    .groupBy(vulnRecords.vulnId)
    .orderBy(sql`max(${vulnRecords.published}) desc nulls last`, sql`${vulnRecords.vulnId} desc`)
    .limit(options.limit)
    .offset(options.offset);
  return { ids: rows.map((row) => row.id), count: Number(counted?.count ?? 0) };
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
