import { type Static, Type } from 'typebox';
import { TRIAGE_RATIONALES, TRIAGE_SCOPES } from '../../db/schema/index.ts';
import { VEX_FORMATS } from './model.ts';

export const VexExportQuery = Type.Object({
  format: Type.Enum(VEX_FORMATS, { description: 'cyclonedx: CycloneDX 1.6 JSON with vulnerabilities (VEX); openvex: OpenVEX 0.2.0 JSON.' }),
});

/** The scopes an import may give its triages: one for every statement, or each statement's own as a Binlens export recorded it. */
export const VEX_IMPORT_SCOPES = ['CA', 'G', 'R', 'FN', 'document'] as const;
export type VexImportScope = (typeof VEX_IMPORT_SCOPES)[number];

/** The multipart fields of POST /rest/vex/ besides `file` (documented; read by the handler). */
export const VexImportFields = Type.Object({
  scope: Type.Enum(VEX_IMPORT_SCOPES, {
    description: 'The scope of every triage made: CA account, G group (group_scope), R application (result_scope), FN its application name (result_scope); '
      + 'document: each statement keeps the scope a Binlens export recorded.',
  }),
  group_scope: Type.Optional(Type.Integer({ minimum: 1, description: 'The group (scope G).' })),
  result_scope: Type.Optional(Type.Integer({ minimum: 1, description: 'The application (scopes R and FN).' })),
  dry_run: Type.Optional(Type.Boolean({ description: 'true: answer what would be made, unchanged and refused, and make nothing.' })),
});

export const VexImportTriage = Type.Object({
  statement: Type.Integer({ description: 'The statement of the document (1-based) it comes from.' }),
  triage: Type.Union([Type.Integer(), Type.Null()], { description: 'The triage made, or the existing identical one; null in a dry run\'s create list.' }),
  vuln_id: Type.String(),
  component_name: Type.String(),
  component_version: Type.Union([Type.String(), Type.Null()]),
  version_range: Type.Union([Type.String(), Type.Null()]),
  rationale: Type.Enum(TRIAGE_RATIONALES),
  description: Type.String(),
  scope: Type.Enum(TRIAGE_SCOPES),
  group_scope: Type.Union([Type.Integer(), Type.Null()]),
  result_scope: Type.Union([Type.Integer(), Type.Null()]),
  application_name: Type.Union([Type.String(), Type.Null()]),
  triaged_obj: Type.Union([Type.String(), Type.Null()]),
  scan_id: Type.Integer({ description: 'The application the triage is made on.' }),
  adjusted_severity: Type.Union([Type.String(), Type.Null()]),
  environmental_vector: Type.Union([Type.String(), Type.Null()]),
}, { title: 'VexImportTriage' });
export type VexImportTriage = Static<typeof VexImportTriage>;

export const VEX_UNKNOWN_REASONS = ['product', 'component', 'vulnerability', 'scope'] as const;

export const VexImportUnknown = Type.Object({
  statement: Type.Integer(),
  vuln_id: Type.String(),
  product: Type.String({ description: 'The product as the document names it (its purl, or its name).' }),
  reason: Type.Enum(VEX_UNKNOWN_REASONS, {
    description: 'product: not named by a package URL or a component this server reads; component: no application in the scope has it; '
      + 'vulnerability: it does not have this vulnerability there; scope: the statement records no Binlens scope, or one you do not see.',
  }),
}, { title: 'VexImportUnknown' });
export type VexImportUnknown = Static<typeof VexImportUnknown>;

export const VexImportResult = Type.Object({
  dialect: Type.Enum(['cyclonedx', 'openvex', 'csaf'] as const),
  dry_run: Type.Boolean(),
  create: Type.Array(VexImportTriage, { description: 'Made (or, in a dry run, to be made).' }),
  unchanged: Type.Array(VexImportTriage, { description: 'Already there as an identical triage: not made again.' }),
  unknown: Type.Array(VexImportUnknown, { description: 'What the scope does not have. Any of them refuses the import (400) unless it is a dry run.' }),
}, { title: 'VexImportResult' });
export type VexImportResult = Static<typeof VexImportResult>;
