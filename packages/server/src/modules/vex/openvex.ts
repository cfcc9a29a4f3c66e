// Triages as an OpenVEX 0.2.0 document: one statement per triage, its products the components
// it holds for (purls). OpenVEX statements allow no field of their own, so the Binlens facts
// (facts.ts) ride in status_notes, on a last line `binlens: {...}` after the description.
import type { TriageRationale } from '../../db/schema/index.ts';
import { uniqueProducts } from './cyclonedx-vex.ts';
import { factsOf, FACTS_NAMESPACE } from './facts.ts';
import { isRescoring, type VexExportDocument, vulnerabilitySource } from './model.ts';

export const OPENVEX_CONTEXT = 'https://openvex.dev/ns/v0.2.0';
export const OPENVEX_MEDIA_TYPE = 'application/json';

export const OPENVEX_STATUSES = ['not_affected', 'affected', 'fixed', 'under_investigation'] as const;
export type OpenVexStatus = (typeof OPENVEX_STATUSES)[number];
/** OpenVEX's justifications, which CSAF 2.0 flags share. */
export const OPENVEX_JUSTIFICATIONS = [
  'component_not_present', 'vulnerable_code_not_present', 'vulnerable_code_not_in_execute_path',
  'vulnerable_code_cannot_be_controlled_by_adversary', 'inline_mitigations_already_exist',
] as const;
export type OpenVexJustification = (typeof OPENVEX_JUSTIFICATIONS)[number];

/**
 * What each rationale says in OpenVEX: patched ones are fixed, the other resolving ones not
 * affected with the justification nearest to them (other: an impact statement instead), won't
 * fix and ignored are affected with that as the action, a comment is under investigation.
 * read-openvex.ts and read-csaf.ts read these back.
 */
export const OPENVEX_STATUS_OF: Readonly<Record<TriageRationale, { status: OpenVexStatus; justification?: OpenVexJustification; action?: string }>> = {
  VP: { status: 'fixed' },
  PA: { status: 'fixed' },
  FD: { status: 'not_affected', justification: 'vulnerable_code_not_in_execute_path' },
  NA: { status: 'not_affected', justification: 'vulnerable_code_not_present' },
  MI: { status: 'not_affected', justification: 'inline_mitigations_already_exist' },
  FP: { status: 'not_affected', justification: 'component_not_present' },
  OT: { status: 'not_affected' },
  WF: { status: 'affected', action: 'Will not fix.' },
  IG: { status: 'affected', action: 'Ignored: the risk is accepted.' },
  CO: { status: 'under_investigation' },
};

export function writeOpenVex(document: VexExportDocument): string {
  const vex = {
    '@context': OPENVEX_CONTEXT,
    '@id': `urn:uuid:${document.serial}`,
    author: document.author,
    timestamp: document.timestamp.toISOString(),
    version: 1,
    tooling: 'binlens',
    statements: document.entries.map(({ triage, products }) => {
      const said = OPENVEX_STATUS_OF[triage.rationale];
      const description = triage.description;
      const rescored = isRescoring(triage);
      const status: OpenVexStatus = rescored ? 'affected' : said.status;
      const action = rescored
        ? `Counts as ${triage.adjusted_severity ?? 'another'} severity${triage.environmental_vector ? ` (${triage.environmental_vector})` : ''}.`
        : said.action;
      return {
        vulnerability: { '@id': vulnerabilitySource(triage.vuln_id).url, name: triage.vuln_id },
        timestamp: triage.modified,
        products: uniqueProducts(products).map((p) => ({ '@id': p.purl, identifiers: { purl: p.purl } })),
        status,
        // The schema takes either a justification or an impact statement for not_affected, not both.
        ...(status === 'not_affected' && said.justification ? { justification: said.justification } : {}),
        ...(status === 'not_affected' && !said.justification ? { impact_statement: description || 'Not affected.' } : {}),
        ...(status === 'affected' ? { action_statement: description ? `${action} ${description}` : action } : {}),
        status_notes: statusNotes(description, JSON.stringify(factsOf(triage))),
      };
    }),
  };
  return `${JSON.stringify(vex, null, 2)}\n`;
}

const FACTS_PREFIX = `${FACTS_NAMESPACE}: `;

function statusNotes(description: string, facts: string): string {
  return description === '' ? `${FACTS_PREFIX}${facts}` : `${description}\n\n${FACTS_PREFIX}${facts}`;
}

/** The description and the facts of status notes this server wrote; null facts when they are someone else's notes. */
export function splitStatusNotes(notes: string): { description: string; facts: unknown } {
  const at = notes.startsWith(FACTS_PREFIX) ? 0 : notes.lastIndexOf(`\n\n${FACTS_PREFIX}`) + 2;
  if (at === 1) return { description: notes, facts: null };
  const line = notes.slice(at + FACTS_PREFIX.length);
  try {
    return { description: notes.slice(0, Math.max(0, at - 2)), facts: JSON.parse(line) as unknown };
  } catch {
    return { description: notes, facts: null };
  }
}
