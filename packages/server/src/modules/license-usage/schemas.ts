import { type Static, Type } from 'typebox';

export const LicenseUsage = Type.Object({
  license: Type.String({ description: 'As the components declare it: an SPDX expression or a name, e.g. "MIT OR Apache-2.0".' }),
  scans: Type.Integer({ description: 'Ready scans with at least one component under it.' }),
  components: Type.Integer({ description: 'Components under it, over all those scans.' }),
  policy: Type.Union([Type.Literal('RE'), Type.Literal('RU'), Type.Literal('PE'), Type.Null()], {
    description: "Its policy class (spec §9), the company's licence overrides applied; null when no class is known.",
  }),
}, { title: 'LicenseUsage' });

export const LicenseUsageReport = Type.Object({
  scans: Type.Integer({ description: 'Ready scans read.' }),
  licenses: Type.Array(LicenseUsage, { description: 'Most used first: by scans, then components, then name.' }),
}, { title: 'LicenseUsageReport' });
export type LicenseUsageReport = Static<typeof LicenseUsageReport>;

export const LicenseUsageQuery = Type.Object({
  group: Type.Optional(Type.Integer({ minimum: 1, description: "Only this group's scans (the group settings' licences tab); a group the caller cannot see answers 404." })),
});
export type LicenseUsageQuery = Static<typeof LicenseUsageQuery>;
