// Evaluation: a pure function of an Identification and the knowledge base. Components
// are matched by purl against OSV, by CPE against NVD configurations and, for distro
// packages, by source package against the distro tracker, whose verdict wins for the
// vulnerabilities it knows (a backported fix is honoured even where NVD's range says
// otherwise). Nothing is stored: a knowledge-base update shows at the next read.
import type { Identification, ScanResult } from '@binlens/engine/model';
import type { CvssMetric } from './db/schema.ts';
import type { KnowledgeBase, RecordFact } from './kb/knowledge-base.ts';
import { distroVerdicts, matchCpes, matchPackageRanges, type MatchSource, type RecordMatch, type VulnMatch } from './match/matchers.ts';
import { matchTargets } from './match/targets.ts';

export interface EvaluateOptions {
  /** Spec §9 "assume unknown version as latest". Default false. */
  readonly assumeUnknownAsLatest?: boolean;
  /** Spec §9 "include BDSA": advisories without a CVE id (GHSA, GO, RUSTSEC, ...). Default false. */
  readonly includeAdvisoriesWithoutCve?: boolean;
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
  /** NVD's primary v3.x / v2 base scores when known, else the advisory's. */
  cvss3_score: number | null;
  cvss3_severity: string | null;
  cvss2_score: number | null;
  cvss2_severity: string | null;
  epss: { score: number; percentile: number; date: string | null } | null;
  kev: { date_added: string; due_date: string | null; ransomware: string } | null;
}

export interface Evaluation {
  /** Vulnerabilities by component id (the result's `uid`), sorted by id. */
  components: Record<string, EvaluatedVuln[]>;
  vulnerabilities: Record<string, VulnerabilitySummary>;
}

export type EvaluatedComponent = Omit<ScanResult['components'][number], 'vulns'> & { vulns: EvaluatedVuln[] };
export type EvaluatedScanResult = Omit<ScanResult, 'components'> & { components: EvaluatedComponent[] };

export async function evaluate(identification: Identification, kb: KnowledgeBase, options: EvaluateOptions = {}): Promise<Evaluation> {
  const matchOptions = { assumeUnknownAsLatest: options.assumeUnknownAsLatest ?? false };
  const targets = identification.components.map(matchTargets);
  const [ranges, cpeRows, fixes] = await Promise.all([
    kb.packageRanges(targets.flatMap((t) => (t.pkg ? [t.pkg] : []))),
    kb.cpeMatches(targets.flatMap((t) => t.cpes.map((c) => ({ vendor: c.cpe.vendor.toLowerCase(), product: c.cpe.product.toLowerCase() })))),
    kb.distroFixes(targets.flatMap((t) => (t.distro ? [t.distro.key] : []))),
  ]);

  const matched = targets.map((t) => [...matchPackageRanges(t, ranges, matchOptions), ...matchCpes(t, cpeRows, matchOptions)]);
  const fallbackIds = matched.flat().filter((m) => FALLBACK_RANK[m.match.source] !== undefined).map((m) => m.vulnId);
  const useSource = fallbackFilter(await kb.cpeSources(fallbackIds));
  const perComponent = targets.map((t, i) => ({
    t,
    matches: (matched[i] ?? []).filter((m) => useSource(m)),
    distro: distroVerdicts(t, fixes),
  }));

  // Reported ids: an OSV or vendor advisory with one CVE alias is reported as that CVE.
  const advisory = (m: RecordMatch): boolean => m.match.source === 'osv-purl' || m.match.source === 'vendor';
  const osvIds = perComponent.flatMap((c) => c.matches.filter(advisory).map((m) => m.vulnId));
  const aliasPairs = await kb.aliases(osvIds);
  const reportedId = (m: RecordMatch): string => {
    if (!advisory(m) || isCve(m.vulnId)) return m.vulnId;
    const cves = [...new Set(aliasPairs.filter((p) => p.vulnId === m.vulnId && isCve(p.alias)).map((p) => p.alias))];
    return cves.length === 1 && cves[0] !== undefined ? cves[0] : m.vulnId;
  };

  const byComponent = perComponent.map(({ t, matches, distro }) => {
    const vulns = new Map<string, VulnMatch[]>();
    const add = (id: string, match: VulnMatch): void => {
      const list = vulns.get(id) ?? [];
      list.push(match);
      vulns.set(id, list);
    };
    for (const m of matches) {
      const id = reportedId(m);
      const verdict = distro.get(id);
      if (verdict && !verdict.affected) continue; // the distro fixed it (or was never affected)
      add(id, m.match);
    }
    for (const [id, verdict] of distro) if (verdict.affected) add(id, verdict.match);
    return { uid: t.component.id, vulns };
  });

  const allIds = [...new Set(byComponent.flatMap((c) => [...c.vulns.keys()]))];
  const [records, epss, kev, aliases] = await Promise.all([
    kb.records([...allIds, ...osvIds]), kb.epss(allIds.filter(isCve)), kb.kev(allIds.filter(isCve)), kb.aliases(allIds),
  ]);
  const withdrawn = new Set(records.filter((r) => r.withdrawn && allIds.includes(r.vulnId)).map((r) => r.vulnId));
  // Vendor advisories are the users' own: always reported, with or without a CVE.
  const vendorIds = new Set(byComponent.flatMap((c) => [...c.vulns].filter(([, ms]) => ms.some((m) => m.source === 'vendor')).map(([id]) => id)));
  const keep = (id: string): boolean => !withdrawn.has(id) && (isCve(id) || vendorIds.has(id) || options.includeAdvisoriesWithoutCve === true);

  const components: Record<string, EvaluatedVuln[]> = {};
  for (const { uid, vulns } of byComponent) {
    components[uid] = [...vulns.entries()]
      .filter(([id]) => keep(id))
      .sort(([a], [b]) => compareIds(a, b))
      .map(([vuln_id, matched_by]) => ({ vuln_id, exact: matched_by.some((m) => m.exact), triages: [], unresolved_triages: [], matched_by }));
  }
  const vulnerabilities: Record<string, VulnerabilitySummary> = {};
  for (const id of allIds.filter(keep).sort(compareIds)) {
    const related = [...new Set(aliases.flatMap((p) => (p.vulnId === id ? [p.alias] : p.alias === id ? [p.vulnId] : [])))].sort(compareIds);
    vulnerabilities[id] = summarize(id, related, records, epss.find((e) => e.cve === id) ?? null, kev.find((k) => k.cve === id) ?? null);
  }
  return { components, vulnerabilities };
}

/** The scan result with each component's `vulns` filled from the evaluation. */
export function withVulns(result: ScanResult, evaluation: Evaluation): EvaluatedScanResult {
  return { ...result, components: result.components.map((c) => ({ ...c, vulns: evaluation.components[c.uid] ?? [] })) };
}

function summarize(
  id: string, aliases: string[], records: readonly RecordFact[],
  epss: { epss: number; percentile: number; scoreDate: string | null } | null,
  kev: { dateAdded: string; dueDate: string | null; knownRansomwareCampaignUse: string } | null,
): VulnerabilitySummary {
  const own = records.filter((r) => r.vulnId === id);
  const advisories = records.filter((r) => aliases.includes(r.vulnId));
  const nvd = own.find((r) => r.source === 'nvd');
  const first = nvd ?? own.find((r) => r.summary !== '' || r.description !== '') ?? own[0] ?? advisories[0];
  const cvss = [...own, ...advisories].flatMap((r) => r.cvss);
  const pick = (versions: string[]): CvssMetric | undefined =>
    cvss.find((m) => versions.includes(m.version) && m.type === 'Primary')
    ?? cvss.find((m) => versions.includes(m.version) && m.source === 'nvd@nist.gov')
    ?? cvss.find((m) => versions.includes(m.version));
  const v3 = pick(['3.1', '3.0']);
  const v2 = pick(['2.0']);
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

function fallbackFilter(sources: readonly { vulnId: string; source: string }[]): (m: RecordMatch) => boolean {
  const best = new Map<string, number>();
  for (const { vulnId, source } of sources) {
    const rank = SOURCE_RANK[source];
    if (rank !== undefined) best.set(vulnId, Math.min(rank, best.get(vulnId) ?? rank));
  }
  return (m) => {
    const rank = FALLBACK_RANK[m.match.source];
    return rank === undefined || rank <= (best.get(m.vulnId) ?? rank);
  };
}

function isCve(id: string): boolean {
  return /^CVE-\d{4}-\d+$/i.test(id);
}

/** CVE ids by year and number, then others by text. */
function compareIds(a: string, b: string): number {
  const ma = /^CVE-(\d+)-(\d+)$/i.exec(a);
  const mb = /^CVE-(\d+)-(\d+)$/i.exec(b);
  if (ma && mb) return Number(ma[1]) - Number(mb[1]) || Number(ma[2]) - Number(mb[2]);
  if (ma || mb) return ma ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
