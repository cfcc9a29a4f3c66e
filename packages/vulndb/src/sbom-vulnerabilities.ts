// An evaluation in the shape the engine's SBOM writers take: one entry per vulnerability,
// its ratings and the components it affects, each with the match that put it there.
import type { SbomAffect, SbomRatingMethod, SbomVulnerability } from '@binlens/engine/model';
import type { CvssMetric } from './db/schema.ts';
import type { Evaluation } from './evaluate.ts';

const METHODS: Readonly<Record<CvssMetric['version'], SbomRatingMethod>> = { '2.0': 'CVSSv2', '3.0': 'CVSSv3', '3.1': 'CVSSv31', '4.0': 'CVSSv4' };

export function toSbomVulnerabilities(evaluation: Evaluation): SbomVulnerability[] {
  const affects = new Map<string, SbomAffect[]>();
  for (const [ref, vulns] of Object.entries(evaluation.components)) {
    for (const v of vulns) {
      // The exact match explains the finding best; else the first source's.
      const match = v.matched_by.find((m) => m.exact) ?? v.matched_by[0];
      const list = affects.get(v.vuln_id) ?? [];
      list.push({ ref, exact: v.exact, range: match?.range ?? '', source: match?.source ?? '', fixed: match?.fixed ?? null });
      affects.set(v.vuln_id, list);
    }
  }
  return Object.values(evaluation.vulnerabilities).map((s) => ({
    id: s.vuln_id,
    aliases: s.aliases,
    description: s.summary,
    cwes: [...new Set(s.cwes.flatMap((c) => {
      const m = /^CWE-(\d+)$/.exec(c);
      return m ? [Number(m[1])] : [];
    }))],
    ratings: uniqueRatings(s.cvss).map((m) => ({ method: METHODS[m.version], vector: m.vector, score: m.score, severity: m.severity?.toLowerCase() ?? null, source: m.source })),
    epss: s.epss ? { score: s.epss.score, percentile: s.epss.percentile } : null,
    kev: s.kev ? { dateAdded: s.kev.date_added, dueDate: s.kev.due_date, ransomware: s.kev.ransomware } : null,
    affects: affects.get(s.vuln_id) ?? [],
  }));
}

/** One rating per (source, vector): NVD records and their OSV copies often repeat a vector. */
function uniqueRatings(metrics: readonly CvssMetric[]): CvssMetric[] {
  const seen = new Map<string, CvssMetric>();
  for (const m of metrics) if (!seen.has(`${m.source}\0${m.vector}`)) seen.set(`${m.source}\0${m.vector}`, m);
  return [...seen.values()];
}
