// What a triage may name in a ready application: its components as evaluated now, with their
// vulnerability ids and the aliases those go by.
import type { KnowledgeBase } from '@binlens/vulndb';
import type { TriageTarget } from '../triages/service.ts';
import { type AdjustmentsSource, evaluateScan } from './evaluation.ts';
import type { ScanJobRepository } from './job-repository.ts';

export interface TriageTargetsDeps {
  scans: Pick<ScanJobRepository, 'loadIdentification'>;
  knowledgeBase: KnowledgeBase;
  adjustments: AdjustmentsSource;
}

/** Null when the application is not ready. */
export async function triageTargets(scanId: number, deps: TriageTargetsDeps): Promise<TriageTarget[] | null> {
  const core = await deps.scans.loadIdentification(scanId);
  if (!core) return null;
  const { evaluation, adjusted } = await evaluateScan(core, deps.knowledgeBase, await deps.adjustments.forScan(scanId));
  return adjusted.identification.components.map((component) => ({
    name: component.name,
    version: component.version,
    purl: component.purl,
    vulnIds: new Set((evaluation.components[component.id] ?? []).flatMap((v) => [v.vuln_id, ...(evaluation.vulnerabilities[v.vuln_id]?.aliases ?? [])])),
  }));
}
