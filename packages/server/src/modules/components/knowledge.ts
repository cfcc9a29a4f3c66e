// What the knowledge base knows of a catalogue entry, whatever its version: every range its
// NVD configurations (by CPE product) and advisories (by package) hold, the vulnerabilities
// those ranges belong to, and the latest version any of them names. The rules are the ones
// a scan's evaluation applies: only vulnerable, not negated CPE entries; a CVE's ranges from
// the best source that has any (NVD, the overrides, then CVE 5); an advisory with one CVE
// alias reported as that CVE; withdrawn records and advisories without a CVE left out
// unless they are the users' own vendor advisories (spec §3 include_bdsa_vulnerabilities).
import {
  ANY, type KnowledgeBase, type MatchSource, NA, type SourcedMetric, type VersionScheme,
  chooseMetric, cpeMatchSource, generic, parseCpe23, pickMetric, schemeForEcosystem,
} from '@binlens/vulndb';
import { SCAN_MATCHING } from '../scans/evaluation.ts';
import type { CatalogueEntry } from './catalogue.ts';

type CpeRow = Awaited<ReturnType<KnowledgeBase['cpeMatches']>>[number];
type PackageRow = Awaited<ReturnType<KnowledgeBase['packageRanges']>>[number];

/** One range of a vulnerability for the entry, in words. */
export interface KnownRange {
  readonly source: MatchSource;
  /** The record holding it: a CVE id, an OSV id. */
  readonly record: string;
  /** What it names: the CPE criteria, `Go/stdlib`. */
  readonly criteria: string;
  /** `>= 1.0.2, < 1.0.2zd`, `= 2.4.1`, `introduced 0, fixed 1.21.8`, `all versions`. */
  readonly range: string;
}

export interface ComponentVulnerability {
  readonly vuln_id: string;
  readonly summary: string;
  readonly severity: string | null;
  readonly score: number | null;
  readonly score_version: string | null;
  readonly cvss3_score: number | null;
  readonly cvss2_score: number | null;
  readonly epss: { readonly score: number; readonly percentile: number } | null;
  readonly kev: { readonly date_added: string; readonly due_date: string | null; readonly ransomware: string } | null;
  readonly ranges: KnownRange[];
}

export interface CatalogueFacts {
  readonly latestVersion: string | null;
  readonly vulnerabilities: number;
}

/** Latest version and number of vulnerabilities of each entry, by entry id. */
export async function catalogueFacts(kb: KnowledgeBase, entries: readonly CatalogueEntry[]): Promise<Map<string, CatalogueFacts>> {
  const known = await knownRanges(kb, entries);
  const ids = [...new Set([...known.values()].flatMap((k) => [...k.byVuln.keys()]))];
  const keep = keeper(await kb.recordSummaries(ids), known);
  return new Map([...known].map(([id, k]) => [id, { latestVersion: k.latestVersion, vulnerabilities: [...k.byVuln.keys()].filter(keep).length }]));
}

/** The entry's latest known version and its vulnerabilities, most severe first (then by id). */
export async function componentKnowledge(kb: KnowledgeBase, entry: CatalogueEntry): Promise<{ latestVersion: string | null; vulnerabilities: ComponentVulnerability[] }> {
  const known = (await knownRanges(kb, [entry])).get(entry.id) ?? { latestVersion: null, byVuln: new Map(), vendorIds: new Set<string>() };
  const ids = [...known.byVuln.keys()];
  const aliases = await kb.aliases(ids);
  const related = new Map<string, Set<string>>();
  for (const { vulnId, alias } of aliases) {
    related.set(vulnId, (related.get(vulnId) ?? new Set()).add(alias));
    related.set(alias, (related.get(alias) ?? new Set()).add(vulnId));
  }
  const records = await kb.recordSummaries([...ids, ...aliases.flatMap((a) => [a.vulnId, a.alias])]);
  const keep = keeper(records, new Map([[entry.id, known]]));
  const kept = ids.filter(keep);
  const cves = kept.filter(isCve);
  const [epss, kev] = await Promise.all([kb.epss(cves), kb.kev(cves)]);
  const epssOf = new Map(epss.map((e) => [e.cve, e]));
  const kevOf = new Map(kev.map((k) => [k.cve, k]));
  const vulnerabilities = kept.map((id): ComponentVulnerability => {
    const own = records.filter((r) => r.vulnId === id);
    const advisories = records.filter((r) => r.vulnId !== id && related.get(id)?.has(r.vulnId));
    const first = own.find((r) => r.source === 'nvd') ?? own.find((r) => r.summary !== '' || r.description !== '') ?? own[0] ?? advisories[0];
    const sourced: SourcedMetric[] = [...own, ...advisories].flatMap((r) => r.cvss.map((metric) => ({ metric, recordSource: r.source })));
    const chosen = chooseMetric(sourced, { cvssVersion: 3, fallback: SCAN_MATCHING.cvss3_fallback, prioritiseNvd: false });
    const e = epssOf.get(id);
    const k = kevOf.get(id);
    return {
      vuln_id: id,
      summary: first?.summary || first?.description || '',
      severity: chosen?.severity ?? null,
      score: chosen?.score ?? null,
      score_version: chosen?.version ?? null,
      cvss3_score: pickMetric(sourced, 3, false)?.score ?? null,
      cvss2_score: pickMetric(sourced, 2, false)?.score ?? null,
      epss: e ? { score: e.epss, percentile: e.percentile } : null,
      kev: k ? { date_added: k.dateAdded, due_date: k.dueDate, ransomware: k.knownRansomwareCampaignUse } : null,
      ranges: known.byVuln.get(id) ?? [],
    };
  });
  vulnerabilities.sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || compareIds(a.vuln_id, b.vuln_id));
  return { latestVersion: known.latestVersion, vulnerabilities };
}

interface Known {
  latestVersion: string | null;
  /** Ranges by reported vulnerability id. */
  byVuln: Map<string, KnownRange[]>;
  /** Ids known from the users' own vendor advisories. */
  vendorIds: Set<string>;
}

/** A vulnerability is reported when not withdrawn, and a CVE or a vendor advisory unless advisories are included. */
function keeper(records: readonly { vulnId: string; withdrawn: boolean }[], known: ReadonlyMap<string, Known>): (id: string) => boolean {
  const withdrawn = new Set(records.filter((r) => r.withdrawn).map((r) => r.vulnId));
  const vendorIds = new Set([...known.values()].flatMap((k) => [...k.vendorIds]));
  return (id) => !withdrawn.has(id) && (isCve(id) || vendorIds.has(id) || SCAN_MATCHING.include_bdsa_vulnerabilities);
}

async function knownRanges(kb: KnowledgeBase, entries: readonly CatalogueEntry[]): Promise<Map<string, Known>> {
  const [cpeRows, packageRows] = await Promise.all([
    kb.cpeMatches(entries.flatMap((e) => (e.cpe ? [{ vendor: e.cpe.vendor.toLowerCase(), product: e.cpe.product.toLowerCase() }] : []))),
    kb.packageRanges(entries.flatMap((e) => (e.package ? [e.package] : []))),
  ]);
  const usable = await sourceFilter(kb, cpeRows);
  const advisoryIds = [...new Set([...packageRows.map((r) => r.vulnId), ...cpeRows.filter((r) => r.source === 'vendor').map((r) => r.vulnId)])];
  const cveAliases = new Map<string, Set<string>>();
  for (const { vulnId, alias } of await kb.aliases(advisoryIds)) {
    if (isCve(alias)) cveAliases.set(vulnId, (cveAliases.get(vulnId) ?? new Set()).add(alias));
  }
  const reported = (id: string): string => {
    const cves = [...(cveAliases.get(id) ?? [])];
    return !isCve(id) && cves.length === 1 && cves[0] !== undefined ? cves[0] : id;
  };
  const known = new Map<string, Known>();
  for (const entry of entries) {
    const k: Known = { latestVersion: null, byVuln: new Map(), vendorIds: new Set() };
    const named: string[] = [];
    const add = (row: { vulnId: string; source: string }, range: KnownRange) => {
      const id = reported(row.vulnId);
      k.byVuln.set(id, [...(k.byVuln.get(id) ?? []), range]);
      if (row.source === 'vendor') k.vendorIds.add(id);
    };
    for (const row of cpeRows) {
      const criteria = entry.cpe ? parseCpe23(row.criteria) : null;
      if (!entry.cpe || !criteria || !row.vulnerable || row.nodeNegate || !usable(row)) continue;
      if (row.vendor !== entry.cpe.vendor.toLowerCase() || row.product !== entry.cpe.product.toLowerCase()) continue;
      if (criteria.part !== ANY && criteria.part !== entry.cpe.part) continue;
      add(row, { source: cpeMatchSource(row), record: row.vulnId, criteria: row.criteria, range: describeCpeRange(criteria.version, row) });
      named.push(...cpeVersions(criteria.version, row));
    }
    for (const row of packageRows) {
      if (!entry.package || row.ecosystemBase !== entry.package.ecosystem || row.name !== entry.package.name || row.rangeType === 'GIT') continue;
      add(row, { source: row.source === 'vendor' ? 'vendor' : 'osv-purl', record: row.vulnId, criteria: `${row.ecosystem}/${row.name}`, range: describePackageRange(row) });
      named.push(...packageVersions(row));
    }
    const scheme: VersionScheme = (entry.package ? schemeForEcosystem(entry.package.ecosystem) : null) ?? generic;
    k.latestVersion = [...new Set(named)].sort((a, b) => scheme.compare(b, a))[0] ?? null;
    known.set(entry.id, k);
  }
  return known;
}

/** NVD's ranges first, then the overrides', then CVE 5's: a fallback source's rows only while no better source has any for that CVE. */
async function sourceFilter(kb: KnowledgeBase, rows: readonly CpeRow[]): Promise<(row: CpeRow) => boolean> {
  const fallbackIds = [...new Set(rows.filter((r) => FALLBACK_RANK[cpeMatchSource(r)] !== undefined).map((r) => r.vulnId))];
  const best = new Map<string, number>();
  for (const { vulnId, source } of fallbackIds.length > 0 ? await kb.cpeSources(fallbackIds) : []) {
    const rank = SOURCE_RANK[source];
    if (rank !== undefined) best.set(vulnId, Math.min(rank, best.get(vulnId) ?? rank));
  }
  return (row) => {
    const rank = FALLBACK_RANK[cpeMatchSource(row)];
    return rank === undefined || rank <= (best.get(row.vulnId) ?? rank);
  };
}

const FALLBACK_RANK: Partial<Record<MatchSource, number>> = { 'nvd-override': 1, 'cve5-cna': 2, 'cve5-adp': 2 };
const SOURCE_RANK: Readonly<Record<string, number>> = { nvd: 0, 'nvd-override': 1, cve5: 2 };

function describeCpeRange(version: string, row: CpeRow): string {
  if (version === NA) return 'any version';
  if (version !== ANY) return `= ${version}`;
  const parts = [
    row.versionStartIncluding !== null ? `>= ${row.versionStartIncluding}` : null,
    row.versionStartExcluding !== null ? `> ${row.versionStartExcluding}` : null,
    row.versionEndIncluding !== null ? `<= ${row.versionEndIncluding}` : null,
    row.versionEndExcluding !== null ? `< ${row.versionEndExcluding}` : null,
  ].filter((p) => p !== null);
  return parts.length > 0 ? parts.join(', ') : 'all versions';
}

function cpeVersions(version: string, row: CpeRow): string[] {
  if (version !== ANY && version !== NA) return [version];
  return [row.versionStartIncluding, row.versionStartExcluding, row.versionEndIncluding, row.versionEndExcluding].filter((v) => v !== null);
}

/** Listed versions shown before the rest are counted. */
const LISTED_VERSIONS = 10;

function describePackageRange(row: PackageRow): string {
  if (row.rangeType === 'VERSIONS' || row.events.length === 0) {
    const more = row.versions.length - LISTED_VERSIONS;
    return `versions ${row.versions.slice(0, LISTED_VERSIONS).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  }
  return row.events.map((e) => Object.entries(e).map(([k, v]) => `${k} ${String(v)}`).join(', ')).join(', ');
}

function packageVersions(row: PackageRow): string[] {
  const events = row.events.flatMap((e) => [e.introduced, e.fixed, e.last_affected]).filter((v): v is string => v !== undefined && v !== '0');
  return [...events, ...row.versions];
}

function isCve(id: string): boolean {
  return /^CVE-\d{4}-\d+$/i.test(id);
}

/** CVE ids by year and number, then others by text. */
function compareIds(a: string, b: string): number {
  // Sample: CVE-2021-23337.
  const ma = /^CVE-(\d+)-(\d+)$/i.exec(a);
  const mb = /^CVE-(\d+)-(\d+)$/i.exec(b);
  if (ma && mb) return Number(ma[1]) - Number(mb[1]) || Number(ma[2]) - Number(mb[2]);
  if (ma || mb) return ma ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
