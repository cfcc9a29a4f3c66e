import type { CvssMetric, KbDatabase, KnowledgeBase } from '@binlens/vulndb';
import { findVulnId } from '@binlens/vulndb';
import { AppError } from '../../lib/errors.ts';
import type { Vulnerability } from './schemas.ts';

export interface VulnerabilitiesService {
  get(id: string): Promise<Vulnerability>;
}

/** Spec §5: cve- or bdsa- (case-insensitive), otherwise vendor. */
export function vulnerabilityKind(id: string): Vulnerability['kind'] {
  const lower = id.toLowerCase();
  if (lower.startsWith('cve-')) return 'cve';
  if (lower.startsWith('bdsa-')) return 'bdsa';
  return 'vendor';
}

const isCve = (id: string): boolean => /^CVE-\d{4}-\d+$/i.test(id);

export function createVulnerabilitiesService(deps: { db: KbDatabase; knowledgeBase: KnowledgeBase }): VulnerabilitiesService {
  const kb = deps.knowledgeBase;
  return {
    async get(id) {
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
      const related = [...own, ...advisories];
      const cvss = related.flatMap((r) => r.cvss);
      const pick = (versions: string[]): CvssMetric | undefined =>
        cvss.find((m) => versions.includes(m.version) && m.type === 'Primary')
        ?? cvss.find((m) => versions.includes(m.version) && m.source === 'nvd@nist.gov')
        ?? cvss.find((m) => versions.includes(m.version));
      const v3 = pick(['3.1', '3.0']);
      const v2 = pick(['2.0']);
      const references = new Map<string, string[]>();
      for (const ref of related.flatMap((r) => r.references)) {
        references.set(ref.url, [...new Set([...(references.get(ref.url) ?? []), ...(ref.tags ?? [])])]);
      }
      const e = epss[0];
      const k = kev[0];
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
        epss: e ? { score: e.epss, percentile: e.percentile, date: e.scoreDate } : null,
        kev: k ? { dateAdded: k.dateAdded, dueDate: k.dueDate, knownRansomware: k.knownRansomwareCampaignUse } : null,
        aliases,
        withdrawn: first?.withdrawn ?? false,
      };
    },
  };
}
