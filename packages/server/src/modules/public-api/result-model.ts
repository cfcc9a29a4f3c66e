// The public /api/ product result (public-api.md §3.2-§3.8) made from what the /rest/ API
// already computes: the scan row, its Identification as stored, and its evaluation of now
// (modules/scans/evaluation.ts) with the users' adjustments. Pure: the service reads, this maps.
// Where the commercial product's shape is open or Binlens knows less, the choice is written in
// docs/architecture.md "Public API".
import { licensePolicy, type LicensePolicyOverrides } from '@binlens/engine';
import { type Component, IDENTIFICATION_SCHEMA_VERSION, type FileEntry, type Identification, type MatchingMethod } from '@binlens/engine/model';
import { type EvaluatedComponent, type EvaluatedVuln, type Evaluation, formatCpe22, parseCpe, type VulnerabilitySummary } from '@binlens/vulndb';
import type { ScanStatus } from '../../db/schema/index.ts';
import type { TriageDto } from '../adjustments/triage-dto.ts';
import { catalogueEntry, catalogueIdOf } from '../components/catalogue.ts';
import { formatName } from '../scans/files-format-names.ts';
import { verdictOf } from '../scans/verdict.ts';
import type { VulnerabilityCounts } from '../scans/vulnerability-counts.ts';
import type { TriageAuthor } from './products-repository.ts';
import { licenseType } from './license-type.ts';
import { type ApiTriage, toApiTriage } from './triage-mapping.ts';
import type {
  ProductComponent, ProductDetails, ProductLicense, ProductObject, ProductResult, ProductSummary, ProductVuln,
} from './products.schemas.ts';

/** The scan row's facts every result shows, ready or not. */
export interface ProductScan {
  id: number;
  groupId: number;
  filename: string;
  sha1: string;
  size: number;
  status: ScanStatus;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  binaryRemovedAt: Date | null;
}

/** What a ready scan's result adds: made once per evaluation and kept (products-service.ts). */
export interface ProductAnalysis {
  /** The uploaded file's name as scanned. */
  filename: string;
  scanned_bytes: number;
  stale: boolean;
  summary: ProductSummary;
  details: ProductDetails;
  components: ProductComponent[];
}

export interface AnalysisInput {
  /** The whole Identification as stored: every file, for paths, file types and flags. */
  identification: Identification;
  /** The users' adjustments applied (versions, licences, moves): what the components are. */
  adjusted: Identification;
  /** The result components with the evaluation joined and the adjustments' decorations. */
  components: readonly (EvaluatedComponent & { custom_version: string | null })[];
  evaluation: Evaluation;
  counts: VulnerabilityCounts;
  verdictReason: string | null;
  /** Publication dates by vulnerability id (the knowledge base's records). */
  dates: ReadonlyMap<string, { published: string | null; modified: string | null }>;
  authors: ReadonlyMap<number, TriageAuthor>;
  policyOverrides: LicensePolicyOverrides;
}

export function productResult(scan: ProductScan, extras: { reportUrl: string; customData: Record<string, string> }, analysis: ProductAnalysis | null): ProductResult {
  const status = publicStatus(scan.status);
  const ready = status === 'R' ? analysis : null;
  return {
    id: scan.id,
    product_id: scan.id,
    group_id: scan.groupId,
    name: scan.filename,
    filename: ready?.filename ?? scan.filename,
    sha1sum: scan.sha1,
    status,
    'fail-reason': status === 'F' ? (scan.error ?? 'The scan failed.') : null,
    report_url: extras.reportUrl,
    created: scan.createdAt.toISOString(),
    last_updated: (scan.finishedAt ?? scan.createdAt).toISOString(),
    stale: ready?.stale ?? false,
    'rescan-possible': scan.binaryRemovedAt === null,
    binary_bytes: scan.size,
    scanned_bytes: ready?.scanned_bytes ?? 0,
    custom_data: extras.customData,
    summary: ready?.summary ?? { 'vuln-count': { exact: 0, historical: 0 }, verdict: { short: 'N/A', detailed: notReadyText(status) } },
    details: ready?.details ?? { metadata: { input: null, started: null, finished: null, files: 0, executables: 0 }, flagged: {}, filetypes: {}, errors: [] },
    components: ready?.components ?? [],
  };
}

/** §2.4: B, R or F; the busy phases S, P and D read as B, which every client takes as "still working". */
export function publicStatus(status: ScanStatus): 'B' | 'R' | 'F' {
  return status === 'R' || status === 'F' ? status : 'B';
}

function notReadyText(status: 'B' | 'R' | 'F'): string {
  return status === 'F' ? 'The scan failed: nothing was analysed.' : 'The scan is not finished yet.';
}

export function productAnalysis(input: AnalysisInput): ProductAnalysis {
  const files = new Map(input.identification.files.map((file) => [pathKey(file.path), file]));
  const adjustedById = new Map(input.adjusted.components.map((c) => [c.id, c]));
  const components = input.components.map((c) => productComponent(c, adjustedById.get(c.uid), input, files));
  const exact = components.reduce((n, c) => n + c['vuln-count'].exact, 0);
  const historical = components.reduce((n, c) => n + c['vuln-count'].historical, 0);
  return {
    filename: input.identification.input.name,
    scanned_bytes: input.identification.input.size,
    stale: input.identification.schemaVersion !== IDENTIFICATION_SCHEMA_VERSION,
    summary: { 'vuln-count': { exact, historical }, verdict: verdict(input) },
    details: details(input.identification),
    components,
  };
}

function verdict(input: AnalysisInput): ProductSummary['verdict'] {
  const found = verdictOf({ status: 'R', componentCount: input.adjusted.components.length, vulnerabilityCounts: input.counts, verdictReason: input.verdictReason });
  const open = input.counts.critical + input.counts.high + input.counts.medium + input.counts.low + input.counts.missing;
  const components = input.adjusted.components.length;
  switch (found.verdict) {
    case 'vulns':
      return { short: 'Vulns', detailed: `${plural(open, 'known vulnerability', 'known vulnerabilities')} not triaged in ${plural(components, 'component', 'components')}.` };
    case 'pass':
      return { short: 'Pass', detailed: `No known vulnerabilities in ${plural(components, 'component', 'components')}.` };
    case 'verify':
      return { short: 'Verify', detailed: found.verdict_reason ?? 'The components must be verified.' };
    default:
      return { short: 'N/A', detailed: found.verdict_reason ?? 'No component was identified.' };
  }
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

// Components ---------------------------------------------------------------------------------

/** Spec §9 code types in words, as the web app shows them; §3.4 shows `Native`. */
const CODETYPE_WORDS: Readonly<Record<string, string>> = {
  GO: 'Go', NA: 'Native', MA: 'Apple', JA: 'Java', MS: '.NET', DP: 'Distribution package', RB: 'Ruby', PY: 'Python', JS: 'JavaScript', CP: 'PHP',
};

function productComponent(
  c: AnalysisInput['components'][number], adjusted: Component | undefined, input: AnalysisInput, files: ReadonlyMap<string, FileEntry>,
): ProductComponent {
  const vulns = c.vulns.map((v) => productVuln(v, c, input));
  const exact = vulns.filter((v) => v.exact).length;
  const licenses = [...new Set(c.license)].map((name) => productLicense(name, input.policyOverrides));
  const latest = c.upgrade.latest_known;
  const catalogued = adjusted ? catalogueIdOf(adjusted) : null;
  const [distro = null, distroVersion = null] = c.distro === null ? [] : c.distro.split(':', 2);
  return {
    lib: c.lib,
    version: c.version,
    custom_version: c.custom_version,
    vendor: c.vendor === '' ? null : c.vendor,
    codetype: CODETYPE_WORDS[c.codetype] ?? c.codetype,
    distro,
    distro_version: distroVersion,
    latest_version: latest,
    'latest-version': latest,
    homepage: null,
    cpe: c.cpes.flatMap((text) => {
      const parsed = parseCpe(text);
      return parsed ? [formatCpe22(parsed)] : [];
    }),
    tags: c.tags.length > 0 ? c.tags : [...(catalogued ? (catalogueEntry(catalogued)?.tags ?? []) : [])],
    objects: c.objects.map((o) => baseName(o.extended_fullpath.at(-1) ?? '')),
    'extended-objects': c.objects.map((o) => productObject(o.extended_fullpath, o.matching_methods, o.sha1, adjusted, input.identification, files)),
    'vuln-count': { total: vulns.length, exact, historical: vulns.length - exact },
    vulns,
    // §2.8: `license` is one licence, `licenses` the whole set.
    license: licenses[0] ?? null,
    licenses: { licenses },
  };
}

function productLicense(name: string, overrides: LicensePolicyOverrides): ProductLicense {
  const type = licenseType(name, overrides);
  // A single id the built-in table knows is an SPDX licence with a page of its own.
  const spdx = !/\s/.test(name) && licensePolicy(name) !== null;
  return { name, type, url: spdx ? `https://spdx.org/licenses/${name}.html` : '' };
}

// Extended objects ---------------------------------------------------------------------------

/** How directly each matching method names a component (docs/architecture.md "Public API"). */
const METHOD_CONFIDENCE: Readonly<Record<MatchingMethod, number>> = { 'package-metadata': 1, signature: 1, soname: 0.75, filename: 0.5 };
const METHOD_ORDER: readonly MatchingMethod[] = ['signature', 'package-metadata', 'soname', 'filename'];

function productObject(
  extendedPath: readonly string[], methods: readonly string[], sha1: string, component: Component | undefined, identification: Identification, files: ReadonlyMap<string, FileEntry>,
): ProductObject {
  // toScanResult shows the input itself by its name; its real path is [].
  const path = extendedPath.length === 1 && extendedPath[0] === identification.input.name && !files.has(pathKey(extendedPath)) ? [] : [...extendedPath];
  const file = files.get(pathKey(path));
  const method = METHOD_ORDER.find((m) => methods.includes(m)) ?? 'filename';
  const signature = component?.evidence.find((e) => e.method === 'signature' && pathKey(e.path) === pathKey(path))?.foundBy;
  return {
    name: baseName(path.at(-1) ?? identification.input.name),
    sha1,
    confidence: METHOD_CONFIDENCE[method],
    timestamp: null,
    'binary-type': binaryType(file),
    type: file?.executable ? (file.executable.dotnet === true ? 'dotnet' : 'native') : 'data',
    'matching-method': method,
    'source-match': signature?.startsWith('signatures/') ? signature.slice('signatures/'.length) : null,
    fullpath: [identification.input.name, ...path],
    'extended-fullpath': [identification.input.name, ...path].map((part, i) => ({ path: part, type: formatAt(path.slice(0, i), identification, files) })),
    'exe-flags': exeFlags(file),
  };
}

/** The format of the file at `path` ([] is the input): what the path element is. */
function formatAt(path: readonly string[], identification: Identification, files: ReadonlyMap<string, FileEntry>): string {
  if (path.length === 0) return identification.input.format ?? files.get(pathKey([]))?.format ?? 'file';
  return files.get(pathKey(path))?.format ?? 'file';
}

/** §3.5 `elf-shared-x86_64`: format, kind, architecture; `unknown` for any other file. */
export function binaryType(file: FileEntry | undefined): string {
  const exe = file?.executable;
  if (!exe) return 'unknown';
  const kind = exe.type === 'shared-object' ? 'shared' : exe.type;
  return `${exe.format}-${kind}-${exe.machine.replaceAll('-', '_').toLowerCase()}`;
}

/** §3.11 missing mitigations: the engine's names, which are the spec's, and PE code integrity not enforced. */
export function exeFlags(file: FileEntry | undefined): string[] {
  const exe = file?.executable;
  if (!exe) return [];
  const flags = [...(exe.missing ?? [])];
  if (exe.format === 'pe' && exe.forceIntegrity === false) flags.push('no-enforced-code-integrity');
  return flags;
}

// Vulnerabilities ----------------------------------------------------------------------------

function productVuln(v: EvaluatedVuln, c: AnalysisInput['components'][number], input: AnalysisInput): ProductVuln {
  const summary = input.evaluation.vulnerabilities[v.vuln_id];
  // The evaluation carries each resolving triage as the /rest/ API shows it (adjustments/triage-dto.ts).
  const triages = v.triages as TriageDto[];
  return {
    vuln: vulnRecord(v.vuln_id, summary, input.dates.get(v.vuln_id)),
    exact: v.exact,
    triage: triages.map((t) => productTriage(t, c, input.authors)),
  };
}

export function vulnRecord(id: string, summary: VulnerabilitySummary | undefined, dates: { published: string | null; modified: string | null } | undefined): ProductVuln['vuln'] {
  const metric = (major: string, score: number | null) =>
    summary?.cvss.find((m) => m.version.startsWith(major) && m.score === score) ?? summary?.cvss.find((m) => m.version.startsWith(major));
  const v2 = metric('2', summary?.cvss2_score ?? null);
  const v3 = metric('3', summary?.cvss3_score ?? null);
  const published = dates?.published ?? null;
  const modified = dates?.modified ?? null;
  return {
    cve: id,
    summary: summary?.summary ?? '',
    cwe: summary?.cwes[0] ?? '',
    published,
    modified,
    'published-epoch': epochSeconds(published),
    'modified-epoch': epochSeconds(modified),
    cvss: scoreText(summary?.cvss2_score ?? null),
    cvss2_vector: v2?.vector ?? '',
    cvss3_score: scoreText(summary?.cvss3_score ?? null),
    cvss3_vector: v3?.vector ?? '',
  };
}

/** Scores as the clients read them: strings, "0" for none (§3.6). */
function scoreText(score: number | null): string {
  return score === null ? '0' : String(score);
}

function epochSeconds(iso: string | null): number | null {
  if (iso === null) return null;
  // NVD writes dates without a zone ("2021-02-15T13:15:12.560"): they are UTC. A zone: "...Z", "...+01:00".
  const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

/** A resolving triage as §3.8 records it (triage-mapping.ts), with the vendor and code type of the component it is on. */
export function productTriage(t: TriageDto, c: Pick<EvaluatedComponent, 'vendor' | 'codetype'>, authors: ReadonlyMap<number, TriageAuthor>): ApiTriage {
  const author = t.user === null ? undefined : authors.get(t.user);
  const user = author ? { id: author.id, email: author.email, firstname: '', lastname: '', username: author.username } : null;
  return { ...toApiTriage(t, user), vendor: c.vendor === '' ? null : c.vendor, codetype: c.codetype };
}

// Details ------------------------------------------------------------------------------------

function details(identification: Identification): ProductDetails {
  const flagged: Record<string, string[]> = {};
  const filetypes: Record<string, number> = {};
  let executables = 0;
  for (const file of identification.files) {
    const description = fileType(file);
    filetypes[description] = (filetypes[description] ?? 0) + 1;
    if (!file.executable) continue;
    executables += 1;
    const flags = exeFlags(file);
    if (flags.length > 0) flagged[file.path.length === 0 ? identification.input.name : file.path.join('/')] = flags;
  }
  return {
    metadata: {
      input: { ...identification.input, format: identification.input.format ?? null },
      started: identification.startedAt,
      finished: identification.finishedAt,
      files: identification.files.length,
      executables,
    },
    flagged,
    filetypes,
    errors: identification.problems.filter((p) => p.level === 'error').map((p) => ({ path: p.location, plugin: p.plugin, code: p.code, message: p.message })),
  };
}

/** A libmagic-style description: `ELF 64-bit LSB shared-object, x86-64`, `tar archive`, `data`. */
export function fileType(file: FileEntry): string {
  const exe = file.executable;
  if (exe) return `${EXECUTABLE_WORDS[exe.format]} ${exe.bits}-bit ${exe.endianness === 'little' ? 'LSB' : 'MSB'} ${exe.type}, ${exe.machine}`;
  return formatName(file.format) ?? file.format ?? 'data';
}

const EXECUTABLE_WORDS = { elf: 'ELF', pe: 'PE', macho: 'Mach-O' } as const;

function pathKey(path: readonly string[]): string {
  return JSON.stringify(path);
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
