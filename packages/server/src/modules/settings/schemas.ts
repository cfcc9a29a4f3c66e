import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { NullableInteger, Text } from '../../lib/schemas.ts';

/** Spec §9: positive integers stop at 2147483647. */
const MAX_INT = 2147483647;
/**
 * An integer or null in one schema: as a union, Ajv's type coercion would turn 0 into null
 * for the null branch instead of refusing it.
 */
const Days = NullableInteger({ minimum: 1, maximum: MAX_INT, description: 'Days after a scan finished; null keeps forever.' });

// Spec §3 "Company settings": what every signed-in user reads.
export const CompanySettings = Type.Object({
  triage_enabled: Type.Boolean({ description: 'Triage is offered to users holding add_vulnerabilityinvalidation (spec §4).' }),
  triage_description_mandatory: Type.Boolean({ description: 'A triage needs a description (spec §5).' }),
  enable_global_version_override: Type.Boolean(),
  enable_group_version_override: Type.Boolean(),
  enable_product_version_override: Type.Boolean(),
  membership_inheritance_enabled: Type.Boolean({
    description: 'On: a role on a group covers its subgroups. Off: only a direct membership counts, for visibility and for the role.',
  }),
  default_cvss_version: Type.Union([Type.Literal(2), Type.Literal(3), Type.Literal(4)], { description: 'Spec §9: 2, 3 or 4; default 3.' }),
}, { title: 'CompanySettings' });
export type CompanySettings = Static<typeof CompanySettings>;
export const CompanySettingsUpdate = Type.Partial(CompanySettings, { title: 'CompanySettingsUpdate' });
export type CompanySettingsUpdate = Static<typeof CompanySettingsUpdate>;

export const BomSettings = Type.Object({
  sbom_format: Type.Union([Type.Literal('cyclonedx'), Type.Literal('spdx')], { description: 'The format an SBOM export takes unless another is asked for.' }),
  include_vulnerabilities: Type.Boolean({ description: 'SBOM exports carry the vulnerabilities found (CycloneDX VEX data; SPDX has none to carry).' }),
}, { title: 'BomSettings' });
export type BomSettings = Static<typeof BomSettings>;
export const BomSettingsUpdate = Type.Partial(BomSettings, { title: 'BomSettingsUpdate' });
export type BomSettingsUpdate = Static<typeof BomSettingsUpdate>;

const MatchingOptions = {
  low_risk_tolerance: Type.Boolean({ description: 'Spec §9: also report matches that are not exact (components without a version, CPEs claiming every version).' }),
  historical: Type.Boolean({ description: 'Spec §9: also list vulnerabilities fixed at or below the version found.' }),
  cvss3_fallback: Type.Boolean({ description: 'Spec §9: a vulnerability without a score in the chosen CVSS version takes the next older one.' }),
  assume_unknown_version_latest: Type.Boolean({ description: 'Spec §9: a component without a version is matched as its latest version.' }),
  include_bdsa_vulnerabilities: Type.Boolean({ description: 'Spec §9 "include BDSA": advisories without a CVE id.' }),
  prioritise_nvd: Type.Boolean({ description: "Spec §9: NVD's scores and description win over the advisories'." }),
};
const MaxUploadBytes = NullableInteger({
  minimum: 1,
  description: "The largest upload accepted, in bytes; at most server_max_upload_bytes. Null: the server's cap.",
});
export const ScanSettings = Type.Object({
  max_upload_bytes: MaxUploadBytes,
  server_max_upload_bytes: Type.Integer({ description: "The server's configured cap (BINLENS_MAX_UPLOAD_BYTES); read-only." }),
  reuse_existing_scan: Type.Boolean({ description: 'An upload of bytes already scanned in the same group answers that scan instead of scanning again.' }),
  ...MatchingOptions,
}, { title: 'ScanSettings' });
export type ScanSettings = Static<typeof ScanSettings>;
export const ScanSettingsUpdate = Type.Partial(Type.Object({ max_upload_bytes: MaxUploadBytes, reuse_existing_scan: Type.Boolean(), ...MatchingOptions }), {
  title: 'ScanSettingsUpdate',
});
export type ScanSettingsUpdate = Static<typeof ScanSettingsUpdate>;

export const RetentionSettings = Type.Object({
  delete_binaries_after_days: Days,
  delete_results_after_days: Days,
}, { title: 'RetentionSettings' });
export type RetentionSettings = Static<typeof RetentionSettings>;
export const RetentionSettingsUpdate = Type.Partial(RetentionSettings, { title: 'RetentionSettingsUpdate' });
export type RetentionSettingsUpdate = Static<typeof RetentionSettingsUpdate>;

export const UserDefaultSettings = Type.Object({
  display_local_time: Type.Boolean({ description: "A new user's dates show in their browser's time zone instead of UTC." }),
  container_default_view: Type.Union([Type.Literal('list'), Type.Literal('tree')], { description: "A new user's default view of an application's containers." }),
}, { title: 'UserDefaultSettings' });
export type UserDefaultSettings = Static<typeof UserDefaultSettings>;
export const UserDefaultSettingsUpdate = Type.Partial(UserDefaultSettings, { title: 'UserDefaultSettingsUpdate' });
export type UserDefaultSettingsUpdate = Static<typeof UserDefaultSettingsUpdate>;

/** A year of minutes, a year of hours. */
export const MAX_IDLE_MINUTES = 525_600;
export const MAX_ABSOLUTE_HOURS = 8_760;
export const AuthenticationSettings = Type.Object({
  session_idle_timeout_minutes: NullableInteger({
    minimum: 1,
    maximum: MAX_IDLE_MINUTES,
    description: 'A session unused this long ends; null: no idle timeout. At most the absolute timeout.',
  }),
  session_absolute_timeout_hours: Type.Integer({ minimum: 1, maximum: MAX_ABSOLUTE_HOURS, description: 'A session ends this long after sign-in, used or not; default 336 (14 days).' }),
  min_password_length: Type.Integer({ minimum: 8, maximum: 128, description: 'The shortest password accepted when one is set; default 12.' }),
}, { title: 'AuthenticationSettings' });
export type AuthenticationSettings = Static<typeof AuthenticationSettings>;
export const AuthenticationSettingsUpdate = Type.Partial(AuthenticationSettings, { title: 'AuthenticationSettingsUpdate' });
export type AuthenticationSettingsUpdate = Static<typeof AuthenticationSettingsUpdate>;

// Licence policy overrides (spec §9 classes).
const Policy = Type.Union([Type.Literal('RE'), Type.Literal('RU'), Type.Literal('PE')], {
  description: 'RE Restrictive, RU Restrictive when estimated, PE Permissive (spec §9).',
});
export const MAX_LICENSE_NAME = 100;
export const LicensePolicyOverride = Type.Object({
  id: Type.Integer(),
  license_name: Type.String(),
  policy: Policy,
  default_policy: Type.Union([Policy, Type.Null()], { description: "The engine's built-in class of this id; null when it has none." }),
}, { title: 'LicensePolicyOverride' });
export type LicensePolicyOverride = Static<typeof LicensePolicyOverride>;
export const LicensePolicyOverridePage = Paged(LicensePolicyOverride);
export const LicensePolicyOverrideListQuery = Type.Object({
  ...PageQuery,
  q: Type.Optional(Text({ maxLength: MAX_LICENSE_NAME, description: 'Part of the licence id, in any case.' })),
});
export type LicensePolicyOverrideListQuery = Static<typeof LicensePolicyOverrideListQuery>;
export const LicensePolicyOverrideCreate = Type.Object({
  license_name: Text({
    minLength: 1,
    maxLength: MAX_LICENSE_NAME,
    description: 'An SPDX licence id or LicenseRef, e.g. "MPL-2.0" or "LicenseRef-vendor-eula"; one override per id, ignoring case.',
  }),
  policy: Policy,
}, { title: 'LicensePolicyOverrideCreate' });
export type LicensePolicyOverrideCreate = Static<typeof LicensePolicyOverrideCreate>;
export const LicensePolicyOverrideUpdate = Type.Object({ policy: Policy }, { title: 'LicensePolicyOverrideUpdate' });
export type LicensePolicyOverrideUpdate = Static<typeof LicensePolicyOverrideUpdate>;
