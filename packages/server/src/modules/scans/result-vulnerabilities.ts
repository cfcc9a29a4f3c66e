// What result/ tells of each vulnerability its components list, beside the components: enough
// for the analysis tab's severity, EPSS and KEV columns and filters. The full record is
// GET /rest/vulnerabilities/{id}/.
import type { Evaluation } from '@binlens/vulndb';
import type { ResultVulnerability } from './schemas.ts';

export function resultVulnerabilities(evaluation: Evaluation): Record<string, ResultVulnerability> {
  const listed = new Set(Object.values(evaluation.components).flatMap((vulns) => vulns.map((v) => v.vuln_id)));
  const out: Record<string, ResultVulnerability> = {};
  for (const id of [...listed].sort()) {
    const v = evaluation.vulnerabilities[id];
    if (!v) continue;
    out[id] = { vuln_id: v.vuln_id, summary: v.summary, severity: v.severity, score: v.score, score_version: v.score_version, epss: v.epss, kev: v.kev };
  }
  return out;
}
