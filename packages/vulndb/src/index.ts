// Public API of @binlens/vulndb.
export type { Ordering, VersionScheme } from './versions/types.ts';
export { fallbackCompare } from './versions/fallback.ts';
export { alpine } from './versions/alpine.ts';
export { composer, normalizeComposer, phpVersionCompare } from './versions/composer.ts';
export { debian } from './versions/debian.ts';
export { generic } from './versions/generic.ts';
export { go } from './versions/go.ts';
export { maven } from './versions/maven.ts';
export { npm } from './versions/npm.ts';
export { nuget } from './versions/nuget.ts';
export { pep440 } from './versions/pep440.ts';
export { rpm } from './versions/rpm.ts';
export { rubygems } from './versions/rubygems.ts';
export { semver } from './versions/semver.ts';
export {
  ECOSYSTEM_SCHEMES, VERSION_SCHEMES, schemeByName, schemeForEcosystem, type EcosystemScheme,
} from './versions/registry.ts';
export {
  inNvdBounds, inOsvRange, nvdBoundViolation, type NvdBoundViolation, type NvdVersionBounds, type OsvEvent,
} from './versions/range.ts';
export { ANY, NA, cpeMatches, formatCpe22, formatCpe23, parseCpe, parseCpe22, parseCpe23, type Cpe } from './cpe/cpe.ts';
export { formatPurl, parsePurl, versionWithEpoch, type Purl } from './purl/purl.ts';
export { cvssSeverity, scoreCvss, type ScoreCvssOptions } from './cvss/cvss.ts';
export type { CvssInvalid, CvssResult, CvssSeverity, CvssValid, CvssVersion } from './cvss/types.ts';
export { macroVector } from './cvss/v4.ts';
export { environmentalScoreV3 } from './cvss/v3.ts';
export { runVersionsCompare, type VersionsCompareResult } from './cli/versions-compare.ts';
export * from './db/schema.ts';
export type { KbDatabase } from './db/database.ts';
export { type ClusterTemplate, installedVersion, migratedCluster, migrationInputs, openPglite } from './db/pglite.ts';
export { rowsOf } from './kb/json-rows.ts';
export { evaluate, withVulns, type EvaluateOptions, type EvaluatedComponent, type EvaluatedScanResult, type EvaluatedVuln, type Evaluation, type VulnerabilitySummary } from './evaluate.ts';
export { toSbomVulnerabilities } from './sbom-vulnerabilities.ts';
export { cpeMatchSource, type MatchSource, type VulnMatch } from './match/matchers.ts';
export { chooseMetric, pickMetric, type CvssChoice, type SeverityOptions, type SourcedMetric } from './match/severity.ts';
export {
  createKnowledgeBase, findVulnId, knowledgeBaseStatus, listVulnIds, type VulnIdPage, type DistroCvssFact, type EpssFact, type KevFact, type KnowledgeBase, type KnowledgeBaseOptions, type RecordFact,
  type SourceStatus,
} from './kb/knowledge-base.ts';
export { knowledgeBaseVersion, knowledgeBaseVersionReader } from './kb/version.ts';
export { defaultDataDir, evaluateWithLocalKnowledgeBase, knowledgeBaseDir, openKnowledgeBase, type OpenKnowledgeBase } from './kb/open.ts';
export { importFeed, UnknownFeedError } from './import/import-file.ts';
export { FEEDS, detectFeed, feedByKind } from './import/registry.ts';
export { runImport, MAX_REPORTED_SKIPS, type ImportOptions, type ImportReport } from './import/run.ts';
export type { Feed, FeedKind } from './import/types.ts';
export type { FeedInput } from './import/input.ts';
export { exportBundle } from './bundle/export-bundle.ts';
export { importBundle, type BundleImportOptions, type BundleImportReport } from './bundle/import-bundle.ts';
export { InvalidBundleError, validateBundle, type ValidBundle } from './bundle/validate-bundle.ts';
export type { BundleManifest, BundleTable } from './bundle/manifest.ts';
export { DEFAULT_OSV_ECOSYSTEMS, OFFICIAL_URLS, SYNC_SOURCES, syncKnowledgeBase, type SyncOptions, type SyncSource } from './sync/sync.ts';
export type { SyncProgress } from './sync/progress.ts';
