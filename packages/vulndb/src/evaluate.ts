// Evaluation: a pure function of an Identification and the knowledge base. Components
// are matched by purl against OSV, by CPE against NVD configurations and, for distro
// packages, by source package against the distro tracker, whose verdict wins for the
// vulnerabilities it knows (a backported fix is honoured even where NVD's range says
// otherwise). Nothing is stored: a knowledge-base update shows at the next read.
import type { Identification, ScanResult } from '@binlens/engine/model';
import type { CvssMetric } from './db/schema.ts';
import type { KnowledgeBase, RecordSummaryFact } from './kb/knowledge-base.ts';
import { historicalCpes, historicalDistroFixes, historicalPackageRanges } from './match/historical.ts';
import { componentRanges } from './match/known-ranges.ts';
import { cpeMatchSource, distroVerdicts, matchCpes, matchPackageRanges, type MatchSource, type RecordMatch, type VulnMatch } from './match/matchers.ts';
import { groupBy, indexRows } from './match/row-index.ts';
import { chooseMetric, type CvssChoice, pickMetric, type SeverityOptions, type SourcedMetric } from './match/severity.ts';
import { matchTargets } from './match/targets.ts';
import { upgradeGuidance, type UpgradeGuidance } from './upgrade-guidance.ts';

export interface EvaluateOptions {
  /** Spec §9 "assume unknown version as latest". Default false. */
  readonly assumeUnknownAsLatest?: boolean;
  /** Spec §9 "include BDSA": advisories without a CVE id (GHSA, GO, RUSTSEC, ...). Default false. */
  readonly includeAdvisoriesWithoutCve?: boolean;
  /**
   * Spec §9 "low risk tolerance". A match is exact when the component's known version was
   * compared with the record and falls inside its range or equals a listed version (from
   * any source: a CVE record's or the overrides' range is as precise as NVD's). Not exact:
   * a component without a version assumed to be the latest, and a CPE criteria claiming
   * every version of a product (`*` with no bound). Off (default): only exact matches are
   * reported, except the assumed ones assumeUnknownAsLatest asks for. On: every not exact
   * match is reported too (with `exact: false`), components without a version included.
   */
  readonly lowRiskTolerance?: boolean;
  /**
   * Spec §9 "historical": also return, apart in `Evaluation.historical`, the vulnerabilities
   * fixed at or below the version found (see match/historical.ts). They are never in the
   * component's vulnerabilities. Default false (no `historical` in the evaluation).
   */
  readonly historical?: boolean;
  /** The company's default CVSS version (spec §9: 2, 3 or 4, default 3): picks each summary's `score` and `severity`. */
  readonly cvssVersion?: CvssChoice;
  /**
   * Spec §9 "cvss3 fallback": when the vulnerability has no score in cvssVersion, use the
   * next older version (4 → 3 → 2). Default true; off leaves `score` null instead.
   */
  readonly cvssFallback?: boolean;
  /**
   * Spec §9 "prioritise NVD": NVD's scores and description win over the advisories'.
   * Default false: the most specific source wins (the distro's, then the advisory's, then NVD's).
   */
  readonly prioritiseNvd?: boolean;
}

/** One vulnerability of one component: the spec's entry plus why it matched. */
export interface EvaluatedVuln {
  vuln_id: string;
  exact: boolean;
  triages: unknown[];
  unresolved_triages: unknown[];
  matched_by: VulnMatch[];
}

export interface VulnerabilitySummary {
  vuln_id: string;
  /** Other ids of it (GHSA for a CVE matched through OSV, ...). */
  aliases: string[];
  summary: string;
  cwes: string[];
  cvss: CvssMetric[];
  /** v3.x and v2 base scores of the winning source (see EvaluateOptions.prioritiseNvd). */
  cvss3_score: number | null;
  cvss3_severity: string | null;
  cvss2_score: number | null;
  cvss2_severity: string | null;
  /** Score and severity in the asked CVSS version, or the fallback's (EvaluateOptions.cvssVersion). */
  score: number | null;
  severity: string | null;
  /** The CVSS version `score` is from (`3.1`, `2.0`, ...), null when none. */
  score_version: string | null;
  epss: { score: number; percentile: number; date: string | null } | null;
  kev: { date_added: string; due_date: string | null; ransomware: string } | null;
  /** Each distro's own rating of the CVE (Ubuntu priority with its CVSS vector, Debian urgency). */
  distro_cvss: { distro: string; cve: string; severity: string; score?: number; vector?: string }[];
}

export interface Evaluation {
  /** Vulnerabilities by component id (the result's `uid`), sorted by id. */
  components: Record<string, EvaluatedVuln[]>;
  /** With EvaluateOptions.historical only: vulnerabilities fixed at or below each component's version, by uid. */
  historical?: Record<string, EvaluatedVuln[]>;
  /** Upgrade guidance by component uid (see upgrade-guidance.ts). */
  upgrade: Record<string, UpgradeGuidance>;
  /** Every vulnerability of `components` and `historical`. */
  vulnerabilities: Record<string, VulnerabilitySummary>;
}

export type EvaluatedComponent = Omit<ScanResult['components'][number], 'vulns'> & {
  vulns: EvaluatedVuln[];
  upgrade: UpgradeGuidance;
  /** With EvaluateOptions.historical only. */
  historical?: EvaluatedVuln[];
};
export type EvaluatedScanResult = Omit<ScanResult, 'components'> & { components: EvaluatedComponent[] };

export async function evaluate(identification: Identification, knowledgeBase: KnowledgeBase, options: EvaluateOptions = {}): Promise<Evaluation> {
  const kb = (await knowledgeBase.atCurrentVersion?.()) ?? knowledgeBase;
  const matchOptions = { assumeUnknownAsLatest: options.assumeUnknownAsLatest ?? false, lowRiskTolerance: options.lowRiskTolerance ?? false };
  const targets = identification.components.map(matchTargets);
  const [ranges, cpeRows, fixes] = await Promise.all([
    kb.packageRanges(targets.flatMap((t) => (t.pkg ? [t.pkg] : []))),
    kb.cpeMatches(targets.flatMap((t) => t.cpes.map((c) => ({ vendor: c.cpe.vendor.toLowerCase(), product: c.cpe.product.toLowerCase() })))),
    kb.distroFixes(targets.flatMap((t) => (t.distro ? [t.distro.key] : []))),
  ]);

  const rowsFor = indexRows(ranges, cpeRows, fixes);
  const fallbackIds = cpeRows.filter((r) => FALLBACK_RANK[cpeMatchSource(r)] !== undefined).map((r) => r.vulnId);
  const useSource = fallbackFilter(await kb.cpeSources(fallbackIds));
  const useMatch = (m: RecordMatch): boolean => useSource(m.vulnId, m.match.source);
  const upgrade: Record<string, UpgradeGuidance> = {};
  const perComponent = targets.map((t) => {
    const rows = rowsFor(t);
    const matches = [...matchPackageRanges(t, rows.ranges, matchOptions), ...matchCpes(t, rows.cpeRows, matchOptions)];
    const past = options.historical
      ? [...historicalPackageRanges(t, rows.ranges), ...historicalCpes(t, rows.cpeRows), ...historicalDistroFixes(t, rows.fixes)]
      : [];
    const known = componentRanges(t, rows.ranges, rows.cpeRows.filter((r) => useSource(r.vulnId, cpeMatchSource(r))), rows.fixes);
    upgrade[t.component.id] = upgradeGuidance(known.version, known.scheme, known.ranges);
    return { t, matches: matches.filter(useMatch), past: past.filter(useMatch), distro: distroVerdicts(t, rows.fixes) };
  });

  // Reported ids: an OSV or vendor advisory with one CVE alias is reported as that CVE.
  const advisory = (m: RecordMatch): boolean => m.match.source === 'osv-purl' || m.match.source === 'vendor';
  const osvIds = perComponent.flatMap((c) => [...c.matches, ...c.past].filter(advisory).map((m) => m.vulnId));
  const cveAliases = groupBy((await kb.aliases(osvIds)).filter((p) => isCve(p.alias)), (p) => p.vulnId);
  const reportedId = (m: RecordMatch): string => {
    if (!advisory(m) || isCve(m.vulnId)) return m.vulnId;
    const cves = [...new Set((cveAliases.get(m.vulnId) ?? []).map((p) => p.alias))];
    return cves.length === 1 && cves[0] !== undefined ? cves[0] : m.vulnId;
  };

  const byComponent = perComponent.map(({ t, matches, past: pastMatches, distro }) => {
    const vulns = new Map<string, VulnMatch[]>();
    for (const m of matches) {
      const id = reportedId(m);
      const verdict = distro.get(id);
      if (verdict && !verdict.affected) continue; // the distro fixed it (or was never affected)
      addTo(vulns, id, m.match);
    }
    for (const [id, verdict] of distro) if (verdict.affected) addTo(vulns, id, verdict.match);
    const historical = new Map<string, VulnMatch[]>();
    for (const m of pastMatches) {
      const id = reportedId(m);
      // Where the distro tracker has a verdict, only its own fix makes the vulnerability history.
      if (vulns.has(id) || (distro.has(id) && m.match.source !== 'distro')) continue;
      addTo(historical, id, m.match);
    }
    return { uid: t.component.id, vulns, historical };
  });

  const allIds = [...new Set(byComponent.flatMap((c) => [...c.vulns.keys(), ...c.historical.keys()]))];
  const [records, epss, kev, aliases] = await Promise.all([
    kb.recordSummaries([...allIds, ...osvIds]), kb.epss(allIds.filter(isCve)), kb.kev(allIds.filter(isCve)), kb.aliases(allIds),
  ]);
  const distroCvss = await kb.distroCvss(allIds.filter(isCve));
  const reported = new Set(allIds);
  const withdrawn = new Set(records.filter((r) => r.withdrawn && reported.has(r.vulnId)).map((r) => r.vulnId));
  // Vendor advisories are the users' own: always reported, with or without a CVE.
  const vendorIds = new Set(byComponent.flatMap((c) => [...c.vulns, ...c.historical].filter(([, ms]) => ms.some((m) => m.source === 'vendor')).map(([id]) => id)));
  const keep = (id: string): boolean => !withdrawn.has(id) && (isCve(id) || vendorIds.has(id) || options.includeAdvisoriesWithoutCve === true);
  const entries = (vulns: Map<string, VulnMatch[]>): EvaluatedVuln[] => [...vulns.entries()]
    .filter(([id]) => keep(id))
    .sort(([a], [b]) => compareIds(a, b))
    .map(([vuln_id, matched_by]) => ({ vuln_id, exact: matched_by.some((m) => m.exact), triages: [], unresolved_triages: [], matched_by }));

  const components: Record<string, EvaluatedVuln[]> = {};
  const historical: Record<string, EvaluatedVuln[]> = {};
  for (const { uid, vulns, historical: past } of byComponent) {
    components[uid] = entries(vulns);
    historical[uid] = entries(past);
  }
  const severity: SeverityOptions = {
    cvssVersion: options.cvssVersion ?? 3, fallback: options.cvssFallback ?? true, prioritiseNvd: options.prioritiseNvd ?? false,
  };
  const relatedIds = new Map<string, Set<string>>();
  for (const { vulnId, alias } of aliases) {
    relatedIds.set(vulnId, (relatedIds.get(vulnId) ?? new Set()).add(alias));
    relatedIds.set(alias, (relatedIds.get(alias) ?? new Set()).add(vulnId));
  }
  const recordsOf = groupBy(records, (r) => r.vulnId);
  const epssOf = new Map(epss.map((e) => [e.cve, e]));
  const kevOf = new Map(kev.map((k) => [k.cve, k]));
  const distroCvssOf = groupBy(distroCvss, (d) => d.cve);
  const vulnerabilities: Record<string, VulnerabilitySummary> = {};
  for (const id of allIds.filter(keep).sort(compareIds)) {
    const related = [...(relatedIds.get(id) ?? [])].sort(compareIds);
    const relevant = [id, ...related].flatMap((r) => recordsOf.get(r) ?? []);
    vulnerabilities[id] = {
      ...summarize(id, related, relevant, epssOf.get(id) ?? null, kevOf.get(id) ?? null, severity),
      distro_cvss: (distroCvssOf.get(id) ?? [])
        .map((d) => ({ distro: d.distro, cve: d.cve, severity: d.severity, ...(d.score !== null ? { score: d.score } : {}), ...(d.vector !== null ? { vector: d.vector } : {}) })),
    };
  }
  return { components, ...(options.historical ? { historical } : {}), upgrade, vulnerabilities };
}

function addTo(vulns: Map<string, VulnMatch[]>, id: string, match: VulnMatch): void {
  const list = vulns.get(id) ?? [];
  list.push(match);
  vulns.set(id, list);
}

/** The scan result with each component's `vulns`, `upgrade` (and `historical` when asked) filled from the evaluation. */
export function withVulns(result: ScanResult, evaluation: Evaluation): EvaluatedScanResult {
  return {
    ...result,
    components: result.components.map((c) => ({
      ...c,
      vulns: evaluation.components[c.uid] ?? [],
      upgrade: evaluation.upgrade[c.uid] ?? { nearest_fix: null, latest_known: null },
      ...(evaluation.historical ? { historical: evaluation.historical[c.uid] ?? [] } : {}),
    })),
  };
}

function summarize(
  id: string, aliases: string[], records: readonly RecordSummaryFact[],
  epss: { epss: number; percentile: number; scoreDate: string | null } | null,
  kev: { dateAdded: string; dueDate: string | null; knownRansomwareCampaignUse: string } | null,
  severity: SeverityOptions,
): Omit<VulnerabilitySummary, 'distro_cvss'> {
  const own = records.filter((r) => r.vulnId === id);
  const advisories = records.filter((r) => aliases.includes(r.vulnId));
  // The record's own NVD text first; prioritising NVD, also the NVD text of an alias.
  const nvd = own.find((r) => r.source === 'nvd') ?? (severity.prioritiseNvd ? advisories.find((r) => r.source === 'nvd') : undefined);
  const first = nvd ?? own.find((r) => r.summary !== '' || r.description !== '') ?? own[0] ?? advisories[0];
  const cvss: CvssMetric[] = [...own, ...advisories].flatMap((r) => r.cvss);
  const sourced: SourcedMetric[] = [...own, ...advisories].flatMap((r) => r.cvss.map((metric) => ({ metric, recordSource: r.source })));
  const v3 = pickMetric(sourced, 3, severity.prioritiseNvd);
  const v2 = pickMetric(sourced, 2, severity.prioritiseNvd);
  const chosen = chooseMetric(sourced, severity);
  return {
    vuln_id: id,
    aliases,
    summary: first?.summary || first?.description || '',
    cwes: [...new Set([...own, ...advisories].flatMap((r) => r.cwes))],
    cvss,
    cvss3_score: v3?.score ?? null,
    cvss3_severity: v3?.severity ?? null,
    cvss2_score: v2?.score ?? null,
    cvss2_severity: v2?.severity ?? null,
    score: chosen?.score ?? null,
    severity: chosen?.severity ?? null,
    score_version: chosen?.version ?? null,
    epss: epss ? { score: epss.epss, percentile: epss.percentile, date: epss.scoreDate } : null,
    kev: kev ? { date_added: kev.dateAdded, due_date: kev.dueDate, ransomware: kev.knownRansomwareCampaignUse } : null,
  };
}

/**
 * CVE ranges from sources other than NVD fill the gap only while NVD has no configuration
 * for the CVE: NVD first, then the community overrides, then the CVE record's CNA and ADP.
 */
const FALLBACK_RANK: Partial<Record<MatchSource, number>> = { 'nvd-override': 1, 'cve5-cna': 2, 'cve5-adp': 2 };
const SOURCE_RANK: Readonly<Record<string, number>> = { nvd: 0, 'nvd-override': 1, cve5: 2 };

function fallbackFilter(sources: readonly { vulnId: string; source: string }[]): (vulnId: string, source: MatchSource) => boolean {
  const best = new Map<string, number>();
  for (const { vulnId, source } of sources) {
    const rank = SOURCE_RANK[source];
    if (rank !== undefined) best.set(vulnId, Math.min(rank, best.get(vulnId) ?? rank));
  }
  return (vulnId, source) => {
    const rank = FALLBACK_RANK[source];
    return rank === undefined || rank <= (best.get(vulnId) ?? rank);
  };
}

function isCve(id: string): boolean {
  return /^CVE-\d{4}-\d+$/i.test(id);
}

/** CVE ids by year and number, then others by text. */
function compareIds(a: string, b: string): number {
  const ka = cveNumbers(a);
  const kb = cveNumbers(b);
  if (ka && kb) return ka[0] - kb[0] || ka[1] - kb[1];
  if (ka || kb) return ka ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Year and number of a CVE id, null for other ids; parsed once per id (sorting compares each many times). */
function cveNumbers(id: string): readonly [number, number] | null {
  let numbers = CVE_NUMBERS.get(id);
  if (numbers === undefined) {
    // Sample: CVE-2021-23337 (any case).
    const m = /^CVE-(\d+)-(\d+)$/i.exec(id);
    numbers = m ? [Number(m[1]), Number(m[2])] : null;
    if (CVE_NUMBERS.size >= 50_000) CVE_NUMBERS.clear();
    CVE_NUMBERS.set(id, numbers);
  }
  return numbers;
}

const CVE_NUMBERS = new Map<string, readonly [number, number] | null>();
