// Infoleak triage (spec §3.9, §7 "Infoleak per kind"): POST /rest/infoleak/{kind}/triage/ and
// DELETE /rest/infoleak/{kind}/triage/{id}/, answering what moved between the matched and
// triaged lists (the spec's cache-updated event).
import { type Static, Type } from 'typebox';
import { Id, NO_OTHER_FIELDS, Text } from '../../lib/schemas.ts';
import { ScopeFields, TRIAGE_SCOPES } from '../adjustments/scope.ts';

/** Spec §9 triage rationales, and U "Uninteresting match" that only infoleak triage has. */
export const INFOLEAK_TRIAGE_RATIONALES = ['VP', 'FD', 'OT', 'CO', 'FP', 'PA', 'NA', 'WF', 'IG', 'MI', 'U'] as const;
export type InfoleakTriageRationale = (typeof INFOLEAK_TRIAGE_RATIONALES)[number];

/** Findings triaged in one request: a page of the list at most. */
export const MAX_TRIAGED_ITEMS = 500;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });

export const InfoleakTriage = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  kind: Type.String({ description: 'The infoleak kind (urls, passwords, ...).' }),
  scan_id: Nullable(Type.Integer(), 'The application the triage was made on; null once it was removed.'),
  rationale: Type.Enum(INFOLEAK_TRIAGE_RATIONALES),
  description: Type.String(),
  scope: Type.Enum(TRIAGE_SCOPES),
  group_scope: Nullable(Type.Integer(), 'Scope G: the group.'),
  result_scope: Nullable(Type.Integer(), 'Scopes R and FN: the application.'),
  application_name: Nullable(Type.String(), 'Scope FN: the application name it holds for.'),
  file_hash: Nullable(Type.String(), 'Scope FH: the SHA-1 of the file the finding sits in.'),
  user: Nullable(Type.Integer(), 'Who made it; null once that user was removed.'),
  user_name: Nullable(Type.String(), "Their user name; null once they were removed."),
  created: Type.String({ format: 'date-time' }),
}, { title: 'InfoleakTriage' });
export type InfoleakTriage = Static<typeof InfoleakTriage>;

export const InfoleakTriageCreate = Type.Object({
  scan: Id,
  triaged_obj: Type.Array(Id, { minItems: 1, maxItems: MAX_TRIAGED_ITEMS, description: "Ids of the scan's findings of this kind; all are triaged, or none." }),
  scope: ScopeFields.scope,
  group_scope: ScopeFields.group_scope,
  result_scope: ScopeFields.result_scope,
  rationale: Type.Enum(INFOLEAK_TRIAGE_RATIONALES, {
    description: "VP vendor patched, FD feature disabled, OT other, CO comment, FP false positive, PA patched, NA not affected, WF won't fix, IG ignored, MI mitigated, U uninteresting match.",
  }),
  description: Type.Optional(Text({ maxLength: 10_000, description: 'Required when the account sets triage_description_mandatory.' })),
}, { title: 'InfoleakTriageCreate', ...NO_OTHER_FIELDS });
export type InfoleakTriageCreate = Static<typeof InfoleakTriageCreate>;

const CacheUpdateFields = {
  group: Type.String({ description: 'The infoleak kind whose lists changed.' }),
  triagedIds: Type.Array(Type.Integer(), { description: "The scan's findings now triaged: they leave the matched list." }),
  unTriagedIds: Type.Array(Type.Integer(), { description: "The scan's findings no triage holds for any more: they return to the matched list." }),
};

export const InfoleakCacheUpdate = Type.Object(CacheUpdateFields, { title: 'InfoleakCacheUpdate' });
export type InfoleakCacheUpdate = Static<typeof InfoleakCacheUpdate>;

export const InfoleakTriageCreated = Type.Object({
  triages: Type.Array(InfoleakTriage, { description: 'The triages made: one per distinct value (and, for FH, per file).' }),
  ...CacheUpdateFields,
}, { title: 'InfoleakTriageCreated' });
export type InfoleakTriageCreated = Static<typeof InfoleakTriageCreated>;

export const InfoleakTriageKindParams = Type.Object({ kind: Type.String({ maxLength: 40, description: 'A kind with `-` for `_`: cloud-provider-keys, asymmetric-keys, ...' }) });
export const InfoleakTriageParams = Type.Object({ ...InfoleakTriageKindParams.properties, id: Id });
export const InfoleakTriageDeleteQuery = Type.Object({ scan: Id });
