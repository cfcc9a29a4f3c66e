import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { TRIAGE_RATIONALES } from '../../db/schema/index.ts';
import { Id, NO_OTHER_FIELDS, Text } from '../../lib/schemas.ts';

export { TRIAGE_RATIONALES };
import { ScopeFields, TRIAGE_SCOPES } from '../adjustments/scope.ts';

export const ADJUSTED_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });

export const Triage = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  scan_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The application the triage was made on; null once it was removed.' }),
  component_name: Type.String(),
  mapped_component_id: Type.Union([Type.String(), Type.Null()]),
  component_version: Type.Union([Type.String(), Type.Null()]),
  version_range: Type.Union([Type.String(), Type.Null()], { description: 'Comparators in the component\'s version scheme, e.g. ">=1.2.0 <1.3.0": the triage holds for every version inside.' }),
  vuln_id: Type.String(),
  description: Type.String(),
  rationale: Type.Enum(TRIAGE_RATIONALES),
  scope: Type.Enum(TRIAGE_SCOPES),
  triaged_obj: Type.Union([Type.String(), Type.Null()]),
  group_scope: Type.Union([Type.Integer(), Type.Null()]),
  result_scope: Type.Union([Type.Integer(), Type.Null()]),
  application_name: Type.Union([Type.String(), Type.Null()], { description: 'Scope FN: the application name it holds for.' }),
  adjusted_severity: Type.Union([Type.String(), Type.Null()], { description: 'A re-scoring: the severity the vulnerability counts with instead of its own.' }),
  environmental_vector: Type.Union([Type.String(), Type.Null()], { description: 'A re-scoring by CVSS v3.1 environmental metrics.' }),
  adjusted_score: Type.Union([Type.Number(), Type.Null()], { description: 'The environmental score of environmental_vector.' }),
  user: Type.Union([Type.Integer(), Type.Null()], { description: 'Who made it; null once that user was removed.' }),
  created: Type.String({ format: 'date-time' }),
  modified: Type.String({ format: 'date-time' }),
}, { title: 'Triage' });
export type Triage = Static<typeof Triage>;

export const TriagePage = Paged(Triage);

const TriageFields = {
  scan_id: Type.Optional(Nullable(Id, 'The application the triage is made on (its component must have the vulnerability); result_scope when omitted.')),
  component_name: Text({ minLength: 1, maxLength: 300 }),
  mapped_component_id: Type.Optional(Nullable(Text({ maxLength: 200 }), 'The catalogue entry of the component.')),
  component_version: Type.Optional(Nullable(Text({ maxLength: 200 }), 'The exact version; or give version_range.')),
  version_range: Type.Optional(Nullable(Text({ maxLength: 300 }), 'Comparators (>=, >, <=, <, =) separated by spaces, all holding.')),
  vuln_id: Text({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Text({ maxLength: 10_000 })),
  rationale: Type.Enum(TRIAGE_RATIONALES, { description: 'VP vendor patched, FD feature disabled, OT other, CO comment (does not resolve), FP false positive, PA patched, NA not affected, WF won\'t fix, IG ignored, MI mitigated.' }),
  ...ScopeFields,
  adjusted_severity: Type.Optional(Nullable(Type.Enum(ADJUSTED_SEVERITIES), 'Re-score instead of resolving.')),
  environmental_vector: Type.Optional(Nullable(Text({ maxLength: 300 }), 'Re-score by a CVSS v3.1 vector with environmental metrics.')),
};

export const TriageCreate = Type.Object(TriageFields, { title: 'TriageCreate', ...NO_OTHER_FIELDS });
export type TriageCreate = Static<typeof TriageCreate>;
export const TriageCreateList = Type.Array(TriageCreate, { description: 'All are made, or none.' });

export const TriageUpdate = Type.Partial(Type.Object(TriageFields), { title: 'TriageUpdate', ...NO_OTHER_FIELDS });
export type TriageUpdate = Static<typeof TriageUpdate>;

export const TRIAGE_ORDERINGS = ['id', '-id', 'modified', '-modified', 'vuln_id', '-vuln_id', 'component_name', '-component_name'] as const;

export const TriageListQuery = Type.Object({
  scan: Type.Optional(Type.Integer({ minimum: 1, description: 'Only the triages that hold in this application.' })),
  vuln_id: Type.Optional(Text({ maxLength: 100 })),
  component_name: Type.Optional(Text({ maxLength: 300 })),
  scope: Type.Optional(Type.Enum(TRIAGE_SCOPES)),
  rationale: Type.Optional(Type.Enum(TRIAGE_RATIONALES)),
  q: Type.Optional(Text({ maxLength: 200, description: 'Searches the vulnerability, component and description.' })),
  ordering: Type.Optional(Type.Enum(TRIAGE_ORDERINGS)),
  ...PageQuery,
});
export type TriageListQuery = Static<typeof TriageListQuery>;

export const TriageIdList = Type.Object({ id__in: Type.String({ minLength: 1, maxLength: 11_000, description: 'Comma-joined triage ids (at most 1,000).' }) });
