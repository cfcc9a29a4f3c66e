import { type Static, type TSchema, Type } from 'typebox';
import { NullableInteger } from '../../lib/schemas.ts';

/** Spec §9: positive integers stop at 2147483647. */
const MAX_INT = 2147483647;

const Source = Type.Union([Type.Literal('group'), Type.Literal('company')], { description: "Where the effective value comes from: the group's override or the company's setting." });

/** A field as the group sees it: its own override (null: none), the value in force and where that comes from. */
function Inherited<T extends TSchema>(value: T, effective: TSchema = value) {
  return Type.Object({
    override: Type.Union([value, Type.Null()], { description: "The group's own value; null: the company's applies." }),
    effective,
    source: Source,
    /** The company's value, which applies without an override. */
    company: effective,
  });
}
/** An override or null, in one schema (lib/schemas.ts NullableInteger says why). */
function NullableBoolean(description: string) {
  return Type.Unsafe<boolean | null>({ type: ['boolean', 'null'], description });
}

const Days = Type.Integer({ minimum: 1, maximum: MAX_INT });
const EffectiveDays = Type.Union([Days, Type.Null()], { description: 'Days after a scan was made; null keeps forever.' });
const SbomFormat = Type.Union([Type.Literal('cyclonedx'), Type.Literal('spdx')]);

const SCAN_FIELDS = ['reuse_existing_scan', 'low_risk_tolerance', 'historical', 'cvss3_fallback', 'assume_unknown_version_latest', 'include_bdsa_vulnerabilities', 'prioritise_nvd'] as const;

export const GroupScanSettings = Type.Object(
  Object.fromEntries(SCAN_FIELDS.map((field) => [field, Inherited(Type.Boolean())])) as Record<(typeof SCAN_FIELDS)[number], ReturnType<typeof Inherited<ReturnType<typeof Type.Boolean>>>>,
  { title: 'GroupScanSettings', description: "The company's scan reuse and default vulnerability-matching options (docs/settings.md), as the group overrides them." },
);
export type GroupScanSettings = Static<typeof GroupScanSettings>;
export const GroupScanSettingsUpdate = Type.Partial(
  Type.Object(
    Object.fromEntries(SCAN_FIELDS.map((field) => [field, NullableBoolean('The override; null: inherit the company value.')])) as Record<(typeof SCAN_FIELDS)[number], ReturnType<typeof NullableBoolean>>,
  ),
  { title: 'GroupScanSettingsUpdate' },
);
export type GroupScanSettingsUpdate = Static<typeof GroupScanSettingsUpdate>;

export const GroupRetentionSettings = Type.Object({
  delete_binaries_after_days: Inherited(Days, EffectiveDays),
  delete_results_after_days: Inherited(Days, EffectiveDays),
}, { title: 'GroupRetentionSettings' });
export type GroupRetentionSettings = Static<typeof GroupRetentionSettings>;
export const GroupRetentionSettingsUpdate = Type.Partial(Type.Object({
  delete_binaries_after_days: NullableInteger({ minimum: 1, maximum: MAX_INT, description: "Days the group's files are kept; null: the company's period." }),
  delete_results_after_days: NullableInteger({ minimum: 1, maximum: MAX_INT, description: "Days the group's scans are kept; null: the company's period." }),
}), { title: 'GroupRetentionSettingsUpdate' });
export type GroupRetentionSettingsUpdate = Static<typeof GroupRetentionSettingsUpdate>;

export const GroupBomSettings = Type.Object({
  sbom_format: Inherited(SbomFormat),
  include_vulnerabilities: Inherited(Type.Boolean()),
}, { title: 'GroupBomSettings' });
export type GroupBomSettings = Static<typeof GroupBomSettings>;
export const GroupBomSettingsUpdate = Type.Partial(Type.Object({
  sbom_format: Type.Union([SbomFormat, Type.Null()], { description: 'The override; null: inherit the company format.' }),
  include_vulnerabilities: NullableBoolean('The override; null: inherit the company value.'),
}), { title: 'GroupBomSettingsUpdate' });
export type GroupBomSettingsUpdate = Static<typeof GroupBomSettingsUpdate>;
