// The vulnerability knowledge base as a Drizzle (pg-core) schema. The server's
// migrations include these tables (packages/server/src/db/schema/index.ts re-exports
// this file); the CLI's PGlite knowledge base applies vulndb's own migrations, generated
// from the same file (src/db/migrations).
//
// Staging and swap: every data row carries the import run that wrote it (`run_id`) and
// a `live` flag. An import writes its rows with live = false, and only when the whole
// feed has been read does one transaction delete the rows they replace and set live =
// true (see import/run.ts). Readers only ever see live rows, so an interrupted or failed
// import leaves the previous knowledge base whole. `record_key` is the unit an import
// replaces: a CVE or OSV id for record feeds, the feed itself for whole-file feeds.
import { bigint, boolean, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';

export type ImportRunStatus = 'running' | 'complete' | 'failed';

export interface ImportSkip {
  /** The record's id (CVE id, OSV id, `package/CVE` for a tracker entry, or `line N`). */
  readonly id: string;
  readonly reason: string;
}

export const vulnImportRuns = pgTable('vuln_import_runs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Feed kind: nvd, osv, epss, kev, debian, alpine, ubuntu, cve5, nvd-override, vendor; `bundle` for a bundle import. */
  source: text('source').notNull(),
  /** What was read: a file name or URL. */
  origin: text('origin').notNull(),
  status: text('status').$type<ImportRunStatus>().notNull().default('running'),
  records: integer('records').notNull().default(0),
  imported: integer('imported').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  /** The first skipped records with their reasons (bounded, see import/run.ts). */
  skips: jsonb('skips').$type<ImportSkip[]>().notNull().default([]),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export interface CvssMetric {
  readonly version: '2.0' | '3.0' | '3.1' | '4.0';
  readonly vector: string;
  readonly score: number | null;
  readonly severity: string | null;
  /** Who scored it: `nvd@nist.gov`, a CNA's id, `osv`. */
  readonly source: string;
  /** NVD's Primary / Secondary; empty elsewhere. */
  readonly type: string;
}

export interface Reference {
  readonly url: string;
  readonly source?: string;
  readonly tags?: readonly string[];
}

/** One vulnerability record as one source tells it (NVD CVE, OSV advisory). */
export const vulnRecords = pgTable('vuln_records', {
  // Row ids only order rows; bigint because every import adds fresh rows.
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  source: text('source').notNull(),
  recordKey: text('record_key').notNull(),
  runId: integer('run_id').notNull(),
  live: boolean('live').notNull().default(false),
  vulnId: text('vuln_id').notNull(),
  /** NVD vulnStatus (Analyzed, Modified, Rejected, ...); OSV: empty. */
  status: text('status').notNull().default(''),
  /** Rejected (NVD) or withdrawn (OSV): never matches. */
  withdrawn: boolean('withdrawn').notNull().default(false),
  published: text('published'),
  modified: text('modified'),
  summary: text('summary').notNull().default(''),
  description: text('description').notNull().default(''),
  cwes: jsonb('cwes').$type<string[]>().notNull().default([]),
  cvss: jsonb('cvss').$type<CvssMetric[]>().notNull().default([]),
  references: jsonb('references').$type<Reference[]>().notNull().default([]),
  databaseSpecific: jsonb('database_specific').$type<Record<string, unknown>>(),
}, (t) => [
  index('vuln_records_vuln_id_idx').on(t.vulnId),
  index('vuln_records_key_idx').on(t.source, t.recordKey),
  index('vuln_records_run_idx').on(t.runId),
]);

/** Other ids of a record (OSV aliases: the CVE of a GHSA advisory). */
export const vulnAliases = pgTable('vuln_aliases', {
  // Row ids only order rows; bigint because every import adds fresh rows.
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  source: text('source').notNull(),
  recordKey: text('record_key').notNull(),
  runId: integer('run_id').notNull(),
  live: boolean('live').notNull().default(false),
  vulnId: text('vuln_id').notNull(),
  alias: text('alias').notNull(),
}, (t) => [
  index('vuln_aliases_alias_idx').on(t.alias),
  // Evaluation looks aliases up from either side.
  index('vuln_aliases_vuln_id_idx').on(t.vulnId),
  index('vuln_aliases_key_idx').on(t.source, t.recordKey),
  index('vuln_aliases_run_idx').on(t.runId),
]);

export interface RangeEvent {
  readonly introduced?: string;
  readonly fixed?: string;
  readonly last_affected?: string;
  readonly limit?: string;
}

/** An OSV `affected[]` entry's package, one row per range (or one with no range for a versions list). */
export const vulnPackageRanges = pgTable('vuln_package_ranges', {
  // Row ids only order rows; bigint because every import adds fresh rows.
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  source: text('source').notNull(),
  recordKey: text('record_key').notNull(),
  runId: integer('run_id').notNull(),
  live: boolean('live').notNull().default(false),
  vulnId: text('vuln_id').notNull(),
  /** OSV ecosystem as given (`Debian:12`) and its base (`Debian`), the lookup key. */
  ecosystem: text('ecosystem').notNull(),
  ecosystemBase: text('ecosystem_base').notNull(),
  /** Normalised package name (see match/package-key.ts). */
  name: text('name').notNull(),
  purl: text('purl'),
  /** SEMVER, ECOSYSTEM, GIT, or NONE for a row carrying only explicit versions. */
  rangeType: text('range_type').notNull(),
  events: jsonb('events').$type<RangeEvent[]>().notNull().default([]),
  versions: jsonb('versions').$type<string[]>().notNull().default([]),
}, (t) => [
  index('vuln_package_ranges_pkg_idx').on(t.ecosystemBase, t.name),
  index('vuln_package_ranges_key_idx').on(t.source, t.recordKey),
  index('vuln_package_ranges_run_idx').on(t.runId),
]);

/** One NVD cpeMatch with its place in the configuration (for AND / running-on). */
export const vulnCpeMatches = pgTable('vuln_cpe_matches', {
  // Row ids only order rows; bigint because every import adds fresh rows.
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  source: text('source').notNull(),
  recordKey: text('record_key').notNull(),
  runId: integer('run_id').notNull(),
  live: boolean('live').notNull().default(false),
  vulnId: text('vuln_id').notNull(),
  configIndex: integer('config_index').notNull(),
  /** The configuration's operator: AND when the node list is an app + platform pair. */
  configOperator: text('config_operator').notNull(),
  nodeIndex: integer('node_index').notNull(),
  nodeOperator: text('node_operator').notNull(),
  nodeNegate: boolean('node_negate').notNull().default(false),
  /**
   * Who stated the range inside the source: empty for NVD and overrides; for CVE JSON 5
   * records `cna` or `adp` (CISA's enrichment); for vendor advisories `vendor`.
   */
  provider: text('provider').notNull().default(''),
  /** False for running-on platforms: they never match a component themselves. */
  vulnerable: boolean('vulnerable').notNull(),
  criteria: text('criteria').notNull(),
  part: text('part').notNull(),
  vendor: text('vendor').notNull(),
  product: text('product').notNull(),
  versionStartIncluding: text('version_start_including'),
  versionStartExcluding: text('version_start_excluding'),
  versionEndIncluding: text('version_end_including'),
  versionEndExcluding: text('version_end_excluding'),
  matchCriteriaId: text('match_criteria_id'),
}, (t) => [
  index('vuln_cpe_matches_product_idx').on(t.vendor, t.product),
  index('vuln_cpe_matches_key_idx').on(t.source, t.recordKey),
  index('vuln_cpe_matches_run_idx').on(t.runId),
]);

/** A distro tracker's verdict for (distro release, source package, vulnerability). */
export const vulnDistroFixes = pgTable('vuln_distro_fixes', {
  // Row ids only order rows; bigint because every import adds fresh rows.
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  source: text('source').notNull(),
  recordKey: text('record_key').notNull(),
  runId: integer('run_id').notNull(),
  live: boolean('live').notNull().default(false),
  /** `debian` (release: the codename, `bookworm`), `alpine` (`v3.19`), `ubuntu` (`22.04`). */
  distro: text('distro').notNull(),
  release: text('release').notNull(),
  sourcePackage: text('source_package').notNull(),
  vulnId: text('vuln_id').notNull(),
  /** resolved, open, undetermined (Debian's words; Alpine and Ubuntu fixes are resolved or open). */
  status: text('status').notNull(),
  /** Null while open; "0" means the release was never affected. */
  fixedVersion: text('fixed_version'),
  urgency: text('urgency').notNull().default(''),
  /** Why Debian will not fix it in a DSA (`ignored`, `no-dsa`, `postponed`), with its note. */
  nodsaReason: text('nodsa_reason'),
  nodsa: text('nodsa'),
}, (t) => [
  index('vuln_distro_fixes_pkg_idx').on(t.distro, t.release, t.sourcePackage),
  index('vuln_distro_fixes_run_idx').on(t.runId),
]);

/**
 * A distro's own rating of a vulnerability (spec: distro CVSS keyed by distro and CVE):
 * Ubuntu's priority with the CVSS vector its record carries, Debian's urgency.
 */
export const vulnDistroCvss = pgTable('vuln_distro_cvss', {
  // Row ids only order rows; bigint because every import adds fresh rows.
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  source: text('source').notNull(),
  recordKey: text('record_key').notNull(),
  runId: integer('run_id').notNull(),
  live: boolean('live').notNull().default(false),
  /** `debian`, `ubuntu`. */
  distro: text('distro').notNull(),
  cve: text('cve').notNull(),
  /** The distro's word for it: Ubuntu `medium`, Debian `low`, `unimportant`. */
  severity: text('severity').notNull(),
  score: real('score'),
  vector: text('vector'),
}, (t) => [
  index('vuln_distro_cvss_cve_idx').on(t.cve),
  index('vuln_distro_cvss_key_idx').on(t.source, t.recordKey),
  index('vuln_distro_cvss_run_idx').on(t.runId),
]);

export const vulnEpss = pgTable('vuln_epss', {
  // Row ids only order rows; bigint because every import adds fresh rows.
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  source: text('source').notNull(),
  recordKey: text('record_key').notNull(),
  runId: integer('run_id').notNull(),
  live: boolean('live').notNull().default(false),
  cve: text('cve').notNull(),
  epss: real('epss').notNull(),
  percentile: real('percentile').notNull(),
  modelVersion: text('model_version'),
  scoreDate: text('score_date'),
}, (t) => [
  index('vuln_epss_cve_idx').on(t.cve),
  index('vuln_epss_run_idx').on(t.runId),
]);

export const vulnKev = pgTable('vuln_kev', {
  // Row ids only order rows; bigint because every import adds fresh rows.
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  source: text('source').notNull(),
  recordKey: text('record_key').notNull(),
  runId: integer('run_id').notNull(),
  live: boolean('live').notNull().default(false),
  cve: text('cve').notNull(),
  vendorProject: text('vendor_project').notNull().default(''),
  product: text('product').notNull().default(''),
  name: text('name').notNull().default(''),
  dateAdded: text('date_added').notNull(),
  dueDate: text('due_date'),
  requiredAction: text('required_action').notNull().default(''),
  knownRansomwareCampaignUse: text('known_ransomware_campaign_use').notNull().default(''),
  catalogVersion: text('catalog_version'),
}, (t) => [
  index('vuln_kev_cve_idx').on(t.cve),
  index('vuln_kev_run_idx').on(t.runId),
]);

/** Every table holding staged rows, in the order the swap touches them. */
export const STAGED_TABLES = [vulnRecords, vulnAliases, vulnPackageRanges, vulnCpeMatches, vulnDistroFixes, vulnDistroCvss, vulnEpss, vulnKev] as const;
