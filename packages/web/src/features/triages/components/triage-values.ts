// The triage form's values (the batch dialog and the edit page share them), their checks, and
// the request bodies made from them: POST bodies for the selected vulnerabilities, and a PATCH
// body of the changed fields only (spec §5), null when nothing changed.
import type { ResultComponent, Triage, TriageCreate, TriageUpdate } from '../../../lib/api-schemas.ts';
import { changedFields } from '../../../lib/changed-fields.ts';
import { explainCvssVector } from '../../../lib/cvss-vector.ts';
import { ADJUSTED_SEVERITIES, type AdjustedSeverity, TRIAGE_RATIONALES, TRIAGE_SCOPES } from '../../../lib/triage.ts';
import { z } from '../../../lib/zod.ts';

export const VERSION_MODES = ['exact', 'range'] as const;
export const RESCORE_MODES = ['none', 'severity', 'vector'] as const;
export type RescoreMode = (typeof RESCORE_MODES)[number];

/** The server's limits (modules/triages/schemas.ts). */
const MAX_DESCRIPTION = 10_000;
const MAX_VERSION = 200;
const MAX_RANGE = 300;
const MAX_VECTOR = 300;

// Sample: `>=4.17.0` or `<4.18`: one comparator of a range; the server reads the version in the component's scheme.
const COMPARATOR = /^(>=|<=|>|<|=)[^\s,<>=]+$/;
// Sample: `a94a8fe5ccb19ba61c4c0873d391e987982fbbd3`, a file's SHA-1.
const SHA1 = /^[0-9a-fA-F]{40}$/;
/** CVSS v3 environmental (and temporal) metrics, as the server accepts them for a re-scoring. */
const ENVIRONMENTAL = new Set(['CR', 'IR', 'AR', 'MAV', 'MAC', 'MPR', 'MUI', 'MS', 'MC', 'MI', 'MA', 'E', 'RL', 'RC']);

/** A range as the server reads it: up to 8 comparators separated by spaces or commas, all holding. */
export function isVersionRange(text: string): boolean {
  const parts = text.split(/[\s,]+/).filter((part) => part !== '');
  return parts.length > 0 && parts.length <= 8 && parts.every((part) => COMPARATOR.test(part));
}

/** A CVSS 3.x vector that sets at least one environmental metric: what a re-scoring by vector needs. */
export function environmentalMetrics(vector: string): { metric: string; value: string }[] | null {
  const explained = explainCvssVector(vector.trim());
  if (!explained || !explained.version.startsWith('3')) return null;
  const set = explained.metrics.filter((m) => ENVIRONMENTAL.has(m.key) && m.code !== 'X');
  return set.length === 0 ? null : set.map((m) => ({ metric: m.metric, value: m.value }));
}

export function triageValuesSchema(descriptionMandatory: boolean) {
  return z
    .object({
      rationale: z.enum(TRIAGE_RATIONALES).or(z.literal('')),
      scope: z.enum(TRIAGE_SCOPES),
      group: z.string(),
      fileHash: z.string(),
      versionMode: z.enum(VERSION_MODES),
      version: z.string().max(MAX_VERSION, `Ensure this field has no more than ${MAX_VERSION} characters.`),
      range: z.string().max(MAX_RANGE, `Ensure this field has no more than ${MAX_RANGE} characters.`),
      rescore: z.enum(RESCORE_MODES),
      severity: z.enum(ADJUSTED_SEVERITIES).or(z.literal('')),
      vector: z.string().max(MAX_VECTOR, `Ensure this field has no more than ${MAX_VECTOR} characters.`),
      description: z.string().max(MAX_DESCRIPTION, `Ensure this field has no more than ${MAX_DESCRIPTION} characters.`),
    })
    .superRefine((values, ctx) => {
      const fail = (path: keyof TriageValues, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (values.rationale === '') fail('rationale', 'Choose why.');
      if (values.scope === 'G' && values.group === '') fail('group', 'Choose the group.');
      if (values.scope === 'FH' && !SHA1.test(values.fileHash.trim())) fail('fileHash', 'Give the SHA-1 of a file of the component (40 hexadecimal digits).');
      if (values.versionMode === 'exact' && values.version.trim() === '') fail('version', 'Give the version, or choose a range.');
      if (values.versionMode === 'range' && !isVersionRange(values.range)) fail('range', 'Comparators separated by spaces, e.g. >=1.2.0 <1.3.0.');
      if (values.rescore === 'severity' && values.severity === '') fail('severity', 'Choose the severity it counts with.');
      if (values.rescore === 'vector' && environmentalMetrics(values.vector) === null) {
        fail('vector', 'A CVSS v3.1 vector that sets environmental metrics, e.g. CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/MAV:L.');
      }
      if (descriptionMandatory && values.description.trim() === '') fail('description', 'The account asks for a description of every triage.');
    });
}

export type TriageValues = z.infer<ReturnType<typeof triageValuesSchema>>;

/** The form as a stored triage fills it. */
export function valuesOf(triage: Triage): TriageValues {
  const rescore: RescoreMode = triage.environmental_vector !== null ? 'vector' : triage.adjusted_severity !== null ? 'severity' : 'none';
  return {
    rationale: triage.rationale,
    scope: triage.scope,
    group: triage.group_scope === null ? '' : String(triage.group_scope),
    fileHash: triage.scope === 'FH' ? (triage.triaged_obj ?? '') : '',
    versionMode: triage.version_range === null ? 'exact' : 'range',
    version: triage.component_version ?? '',
    range: triage.version_range ?? '',
    rescore,
    severity: rescore === 'severity' ? (triage.adjusted_severity as AdjustedSeverity) : '',
    vector: triage.environmental_vector ?? '',
    description: triage.description,
  };
}

function versionFields(values: TriageValues): Pick<TriageCreate, 'component_version' | 'version_range'> {
  return values.versionMode === 'exact' ? { component_version: values.version.trim(), version_range: null } : { version_range: values.range.trim(), component_version: null };
}

function rescoreFields(values: TriageValues): Pick<TriageCreate, 'adjusted_severity' | 'environmental_vector'> {
  if (values.rescore === 'severity' && values.severity !== '') return { adjusted_severity: values.severity, environmental_vector: null };
  if (values.rescore === 'vector') return { environmental_vector: values.vector.trim(), adjusted_severity: null };
  return { adjusted_severity: null, environmental_vector: null };
}

/** Where the new triages are made: a component of an application. */
export interface TriageTarget {
  scanId: number;
  component: Pick<ResultComponent, 'lib' | 'version' | 'custom_version' | 'component_id'>;
}

/** One POST body per selected vulnerability; the component as the evaluation names it (its engine name, its version as overridden). */
export function createBodies(target: TriageTarget, vulnIds: readonly string[], values: TriageValues): TriageCreate[] {
  if (values.rationale === '') return [];
  const { rationale, scope } = values;
  return vulnIds.map((vulnId): TriageCreate => ({
    scan_id: target.scanId,
    component_name: target.component.lib,
    ...(target.component.component_id === null ? {} : { mapped_component_id: target.component.component_id }),
    ...versionFields(values),
    vuln_id: vulnId,
    description: values.description.trim(),
    rationale,
    scope,
    ...(scope === 'G' ? { group_scope: Number(values.group) } : {}),
    ...(scope === 'R' || scope === 'FN' ? { result_scope: target.scanId } : {}),
    ...(scope === 'FH' ? { triaged_obj: values.fileHash.trim().toLowerCase() } : {}),
    ...rescoreFields(values),
  }));
}

const TRIMMED = { trim: ['description', 'component_version', 'version_range', 'environmental_vector'] } as const;

/**
 * The PATCH body: the fields whose values differ from the stored triage, or null when none do.
 * A scope names its target only when it changes (the server keeps an application name's or an
 * application's own); a re-scoring by vector leaves the severity it gives to the server.
 */
export function updateBody(stored: Triage, values: TriageValues): TriageUpdate | null {
  if (values.rationale === '') return null;
  const rescore = rescoreFields(values);
  const edited: TriageUpdate = {
    rationale: values.rationale,
    description: values.description,
    scope: values.scope,
    ...scopeTarget(stored, values),
    ...versionFields(values),
    environmental_vector: rescore.environmental_vector,
    // The stored severity of a vector's re-scoring is the one its score gives: only a change of kind clears it.
    ...(values.rescore === 'vector' && stored.environmental_vector !== null ? {} : { adjusted_severity: rescore.adjusted_severity }),
  };
  const body = changedFields<Record<string, unknown>>(stored, edited, TRIMMED) as TriageUpdate | null;
  // From a vector to a severity: the severity may equal the one the vector gave, and must still be sent.
  if (body && values.rescore === 'severity' && stored.environmental_vector !== null) body.adjusted_severity = rescore.adjusted_severity ?? null;
  return body;
}

function scopeTarget(stored: Triage, values: TriageValues): Partial<TriageUpdate> {
  switch (values.scope) {
    case 'G':
      return { group_scope: Number(values.group) };
    case 'R':
      return { result_scope: stored.scope === 'R' ? stored.result_scope : stored.scan_id };
    case 'FN':
      return stored.scope === 'FN' ? {} : { result_scope: stored.scan_id };
    case 'FH':
      return { triaged_obj: values.fileHash.trim().toLowerCase() };
    case 'CA':
      return {};
  }
}
