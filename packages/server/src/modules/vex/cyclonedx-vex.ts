// Triages as a CycloneDX 1.6 VEX: a BOM whose components are the components triaged (bom-ref
// = purl) and whose vulnerabilities each carry one triage's analysis, a re-scoring as a rating,
// and the Binlens facts CycloneDX has no words for as `binlens:*` properties (facts.ts), so that
// importing the document again makes the same triages.
import type { TriageRationale } from '../../db/schema/index.ts';
import { factPairs, factsOf } from './facts.ts';
import { isRescoring, type VexExportDocument, type VexProduct, vulnerabilitySource } from './model.ts';

export const CYCLONEDX_VEX_MEDIA_TYPE = 'application/vnd.cyclonedx+json; version=1.6';

export type CdxState = 'resolved' | 'resolved_with_pedigree' | 'exploitable' | 'in_triage' | 'false_positive' | 'not_affected';
export type CdxJustification =
  | 'code_not_present' | 'code_not_reachable' | 'requires_configuration' | 'requires_dependency' | 'requires_environment'
  | 'protected_by_compiler' | 'protected_at_runtime' | 'protected_at_perimeter' | 'protected_by_mitigating_control';
export type CdxResponse = 'can_not_fix' | 'will_not_fix' | 'update' | 'rollback' | 'workaround_available';

export interface CdxAnalysis {
  state: CdxState;
  justification?: CdxJustification;
  response?: CdxResponse[];
}

/**
 * What each rationale says in CycloneDX. Resolving ones are resolved, not affected or a false
 * positive; won't fix and ignored leave the vulnerability exploitable (it is there, and
 * accepted); a comment is still in triage. read-cyclonedx.ts reads these back.
 */
export const CDX_ANALYSIS_OF: Readonly<Record<TriageRationale, CdxAnalysis>> = {
  VP: { state: 'resolved', response: ['update'] },
  PA: { state: 'resolved' },
  FD: { state: 'not_affected', justification: 'requires_configuration' },
  NA: { state: 'not_affected', justification: 'code_not_present' },
  MI: { state: 'not_affected', justification: 'protected_by_mitigating_control' },
  OT: { state: 'not_affected' },
  FP: { state: 'false_positive' },
  WF: { state: 'exploitable', response: ['will_not_fix'] },
  IG: { state: 'exploitable' },
  CO: { state: 'in_triage' },
};

/** Spec §9 rationale names, for the reason of a re-scoring. */
export const RATIONALE_NAMES: Readonly<Record<TriageRationale, string>> = {
  VP: 'Vendor patched', FD: 'Feature disabled', OT: 'Other', CO: 'Comment', FP: 'False positive',
  PA: 'Patched', NA: 'Not affected', WF: "Won't fix", IG: 'Ignored', MI: 'Mitigated',
};

const SUBJECT_REF = 'binlens:subject';

export function writeCycloneDxVex(document: VexExportDocument): string {
  const bom = {
    $schema: 'http://cyclonedx.org/schema/bom-1.6.schema.json',
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    serialNumber: `urn:uuid:${document.serial}`,
    version: 1,
    metadata: {
      timestamp: document.timestamp.toISOString(),
      tools: { components: [{ type: 'application', name: 'binlens' }] },
      authors: [{ email: document.author }],
      component: { type: 'application', 'bom-ref': SUBJECT_REF, name: document.subject },
    },
    components: uniqueProducts(document.entries.flatMap((e) => e.products)).map((p) => ({
      type: 'library',
      'bom-ref': p.purl,
      name: p.name,
      ...(p.version !== '' ? { version: p.version } : {}),
      purl: p.purl,
    })),
    vulnerabilities: document.entries.map(({ triage, products }) => {
      // A re-scoring keeps the vulnerability, at another severity: it is exploitable, rated anew.
      const analysis = isRescoring(triage) ? { state: 'exploitable' } : CDX_ANALYSIS_OF[triage.rationale];
      const reason = `${RATIONALE_NAMES[triage.rationale]} (Binlens re-scoring)`;
      const ratings = triage.environmental_vector !== null
        ? [{ source: { name: 'Binlens' }, ...(triage.adjusted_score !== null ? { score: triage.adjusted_score } : {}), ...(triage.adjusted_severity ? { severity: triage.adjusted_severity } : {}), method: 'CVSSv31', vector: triage.environmental_vector, justification: reason }]
        : triage.adjusted_severity !== null ? [{ source: { name: 'Binlens' }, severity: triage.adjusted_severity, method: 'other', justification: reason }] : [];
      return {
        'bom-ref': `binlens:triage:${triage.id}`,
        id: triage.vuln_id,
        source: vulnerabilitySource(triage.vuln_id),
        ...(ratings.length > 0 ? { ratings } : {}),
        analysis: {
          ...analysis,
          ...(triage.description !== '' ? { detail: triage.description } : {}),
          firstIssued: triage.created,
          lastUpdated: triage.modified,
        },
        affects: uniqueProducts(products).map((p) => ({ ref: p.purl })),
        properties: factPairs(factsOf(triage)),
      };
    }),
  };
  return `${JSON.stringify(bom, null, 2)}\n`;
}

/** One per purl, sorted by it. */
export function uniqueProducts(products: readonly VexProduct[]): VexProduct[] {
  const byPurl = new Map(products.map((p) => [p.purl, p]));
  return [...byPurl.values()].sort((a, b) => (a.purl < b.purl ? -1 : a.purl > b.purl ? 1 : 0));
}
