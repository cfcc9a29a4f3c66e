// GET /rest/scans/{id}/licenses/: a ready scan's licences with their policy classes (the
// company's overrides applied), the components that declare each and the files each was found in.
import { type Static, Type } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Policy = Nullable(Type.Union([Type.Literal('RE'), Type.Literal('RU'), Type.Literal('PE')], { description: 'Spec §9: restrictive, restrictive by an estimate, permissive; null when unclassified.' }));

export const ScanLicense = Type.Object({
  name: Type.String(),
  expression: Type.String(),
  policy: Policy,
  components: Type.Array(Type.Object({ uid: Type.String(), lib: Type.String(), version: Type.String() })),
  files: Type.Array(Type.Object({
    path: Type.Array(Type.String()),
    source: Type.Union([Type.Literal('license-text'), Type.Literal('debian-copyright'), Type.Literal('spdx-identifier')]),
    score: Nullable(Type.Number()),
    line: Nullable(Type.Integer()),
    policy: Policy,
  })),
}, { title: 'ScanLicense' });

export const ScanLicenseList = Type.Array(ScanLicense, { title: 'ScanLicenseList' });
export type ScanLicenseList = Static<typeof ScanLicenseList>;
