import type { KbDatabase, KnowledgeBase, SeverityOptions, SourcedMetric } from '@binlens/vulndb';
import { chooseMetric, findVulnId, listVulnIds, pickMetric } from '@binlens/vulndb';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../users/viewer.ts';
import type { AffectedComponents, DistroCvss, Epss, Vulnerability } from './schemas.ts';

/** A scan's matching options (spec §9), as its evaluation applies them. */
export interface VulnerabilityOptions {
  readonly cvss3Fallback: boolean;
  readonly includeBdsa: boolean;
  /** Only this distribution's rating in distro_cvss (lower-cased). */
  readonly distro?: string | undefined;
}

export interface VulnerabilitiesService {
  get(id: string, options: VulnerabilityOptions): Promise<Vulnerability>;
  /**
   * The knowledge base's vulnerabilities a scan with these options could report, newest
   * published first, a page at a time; `q`: text in the id, summary or description.
   */
  list(q: string | undefined, options: VulnerabilityOptions, page: { limit: number; offset: number }): Promise<{ count: number; results: Vulnerability[] }>;
  /** The viewer's scans' components whose evaluation lists the vulnerability (by its id or an alias). */
  affectedComponents(viewer: Viewer, id: string, options: VulnerabilityOptions): Promise<AffectedComponents>;
  /** The distributions' ratings of these CVEs, of one distribution when given; by CVE, then distribution. */
  distroCvss(cves: string[], distro?: string): Promise<DistroCvss[]>;
  /** The EPSS scores of these CVEs, by CVE. */
  epss(cves: string[]): Promise<Epss[]>;
}

/** Spec §5: cve- or bdsa- (case-insensitive), otherwise vendor. */
export function vulnerabilityKind(id: string): Vulnerability['kind'] {
  const lower = id.toLowerCase();
  if (lower.startsWith('cve-')) return 'cve';
  if (lower.startsWith('bdsa-')) return 'bdsa';
  return 'vendor';
}

const isCve = (id: string): boolean => /^CVE-\d{4}-\d+$/i.test(id);

export interface VulnerabilitiesServiceDeps {
  db: KbDatabase;
  knowledgeBase: KnowledgeBase;
  /** The viewer's components whose evaluation lists one of these ids (modules/components). */
  affectedBy: (viewer: Viewer, vulnIds: readonly string[]) => Promise<Omit<AffectedComponents, 'vuln_id' | 'count'>>;
}

export function createVulnerabilitiesService(deps: VulnerabilitiesServiceDeps): VulnerabilitiesService {
  const kb = deps.knowledgeBase;
  const service: VulnerabilitiesService = {
    async affectedComponents(viewer, id, options) {
      const vulnerability = await service.get(id, options);
      const { results, truncated } = await deps.affectedBy(viewer, [vulnerability.vuln_id, ...vulnerability.aliases]);
      return { vuln_id: vulnerability.vuln_id, count: results.length, results, truncated };
    },

    async list(q, options, page) {
      const { ids, count } = await listVulnIds(deps.db, { q, advisories: options.includeBdsa, ...page });
      const results: Vulnerability[] = [];
      // One at a time: a page is at most a hundred, and each reads a few rows.
      for (const id of ids) results.push(await service.get(id, options));
      return { count, results };
    },

    async distroCvss(cves, distro) {
      return (await kb.distroCvss(cves))
        .filter((r) => distro === undefined || r.distro === distro)
        .map((r) => ({ distro: r.distro, cve: r.cve, severity: r.severity, score: r.score, vector: r.vector }))
        .sort((a, b) => a.cve.localeCompare(b.cve) || a.distro.localeCompare(b.distro));
    },

    async epss(cves) {
      return (await kb.epss(cves))
        .map((r) => ({ cve: r.cve, epss: r.epss, percentile: r.percentile, model_version: r.modelVersion, score_date: r.scoreDate }))
        .sort((a, b) => a.cve.localeCompare(b.cve));
    },

    async get(id, options) {
      const vulnId = await findVulnId(deps.db, id);
      if (!vulnId) throw new AppError('not_found');
      const pairs = await kb.aliases([vulnId]);
      const aliases = [...new Set(pairs.flatMap((p) => (p.vulnId === vulnId ? [p.alias] : p.alias === vulnId ? [p.vulnId] : [])))]
        .filter((a) => a !== vulnId).sort();
      const cve = [vulnId, ...aliases].find(isCve);
      const [records, epss, kev] = await Promise.all([
        kb.records([vulnId, ...aliases]),
        cve ? kb.epss([cve]) : Promise.resolve([]),
        cve ? kb.kev([cve]) : Promise.resolve([]),
      ]);
      // As evaluate's summaries: the record's own sources first (NVD preferred), then advisories naming it.
      const bySource = (a: { vulnId: string; source: string }, b: { vulnId: string; source: string }): number =>
        a.vulnId.localeCompare(b.vulnId) || a.source.localeCompare(b.source);
      const own = records.filter((r) => r.vulnId === vulnId).sort(bySource);
      const advisories = records.filter((r) => r.vulnId !== vulnId).sort(bySource);
      const first = own.find((r) => r.source === 'nvd') ?? own.find((r) => r.summary !== '' || r.description !== '') ?? own[0] ?? advisories[0];
      // As a scan's evaluation: an advisory without a CVE only with include_bdsa; the users' own vendor advisories always.
      if (!cve && !options.includeBdsa && !own.some((r) => r.source === 'vendor')) throw new AppError('not_found');
      const related = [...own, ...advisories];
      // Scored as scans score it: the most specific source first (NVD is not prioritised), CVSS v3 with the scan's fallback.
      const sourced: SourcedMetric[] = related.flatMap((r) => r.cvss.map((metric) => ({ metric, recordSource: r.source })));
      const severity: SeverityOptions = { cvssVersion: 3, fallback: options.cvss3Fallback, prioritiseNvd: false };
      const v3 = pickMetric(sourced, 3, severity.prioritiseNvd);
      const v2 = pickMetric(sourced, 2, severity.prioritiseNvd);
      const chosen = chooseMetric(sourced, severity);
      const references = new Map<string, string[]>();
      for (const ref of related.flatMap((r) => r.references)) {
        references.set(ref.url, [...new Set([...(references.get(ref.url) ?? []), ...(ref.tags ?? [])])]);
      }
      const e = epss[0];
      const k = kev[0];
      const distro = options.distro?.toLowerCase();
      const distroRatings = cve ? await service.distroCvss([cve], distro) : [];
      const cvss = new Map(sourced.map(({ metric }) => [`${metric.version}\u0000${metric.vector}\u0000${metric.source}`, metric]));
      return {
        vuln_id: vulnId,
        kind: vulnerabilityKind(vulnId),
        description: first?.description || first?.summary || '',
        published: first?.published ?? null,
        modified: first?.modified ?? null,
        cwes: [...new Set(related.flatMap((r) => r.cwes))],
        references: [...references].map(([url, tags]) => ({ url, tags })),
        cvss2_score: v2?.score ?? null,
        cvss2_severity: v2?.severity ?? null,
        cvss3_score: v3?.score ?? null,
        cvss3_severity: v3?.severity ?? null,
        cvss3_vector: v3?.vector ?? null,
        score: chosen?.score ?? null,
        severity: chosen?.severity ?? null,
        score_version: chosen?.version ?? null,
        epss: e ? { score: e.epss, percentile: e.percentile, date: e.scoreDate } : null,
        kev: k ? { dateAdded: k.dateAdded, dueDate: k.dueDate, knownRansomware: k.knownRansomwareCampaignUse } : null,
        aliases,
        withdrawn: first?.withdrawn ?? false,
        // Newest CVSS version first, then NVD's own (Primary) before the others, then by scorer.
        cvss: [...cvss.values()]
          .sort((a, b) => b.version.localeCompare(a.version) || (a.type === 'Primary' ? 0 : 1) - (b.type === 'Primary' ? 0 : 1) || a.source.localeCompare(b.source))
          .map((m) => ({ version: m.version, vector: m.vector, score: m.score, severity: m.severity, source: m.source, type: m.type })),
        distro_cvss: distroRatings,
      };
    },
  };
  return service;
}
