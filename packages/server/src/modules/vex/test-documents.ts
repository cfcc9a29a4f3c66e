// Triages and an export document the writer and reader tests share: a not-affected triage on
// an exact version of one application, a vendor-patched range triage of a group, a re-scoring
// by CVSS environmental metrics, a re-scoring to a severity and a comment.
import type { TriageDto } from '../adjustments/triage-dto.ts';
import type { VexExportDocument } from './model.ts';

export function triageDto(fields: Partial<TriageDto> & Pick<TriageDto, 'id' | 'vuln_id' | 'rationale' | 'scope'>): TriageDto {
  return {
    url: `/rest/triages/${fields.id}/`,
    scan_id: 7,
    component_name: 'lodash',
    mapped_component_id: null,
    component_version: '4.17.20',
    version_range: null,
    description: '',
    triaged_obj: null,
    group_scope: null,
    result_scope: null,
    application_name: null,
    adjusted_severity: null,
    environmental_vector: null,
    adjusted_score: null,
    user: 3,
    created: '2026-02-01T10:00:00.000Z',
    modified: '2026-02-02T11:00:00.000Z',
    ...fields,
  };
}

export const LODASH = { purl: 'pkg:npm/lodash@4.17.20', name: 'lodash', version: '4.17.20' };
export const OPENSSL = { purl: 'pkg:deb/debian/openssl@3.0.11-1~deb12u2?arch=amd64', name: 'openssl', version: '3.0.11-1~deb12u2' };

export const EXPORT: VexExportDocument = {
  subject: 'router.bin',
  author: 'alice@example.com',
  timestamp: new Date('2026-03-04T05:06:07.000Z'),
  serial: '3e671687-395b-41f5-a30f-a58921a69b79',
  entries: [
    {
      triage: triageDto({ id: 11, vuln_id: 'CVE-2021-23337', rationale: 'NA', scope: 'R', result_scope: 7, description: 'template() is never called.' }),
      products: [LODASH],
    },
    {
      triage: triageDto({
        id: 12, vuln_id: 'CVE-2023-5678', rationale: 'VP', scope: 'G', group_scope: 2, component_name: 'openssl', component_version: null,
        version_range: '>=3.0.11-1~deb12u1 <3.0.14', description: 'Debian backported the fix.',
      }),
      products: [OPENSSL],
    },
    {
      triage: triageDto({
        id: 13, vuln_id: 'GHSA-35jh-r3h4-6jhm', rationale: 'MI', scope: 'CA', adjusted_severity: 'medium',
        environmental_vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H/MAV:L', adjusted_score: 6.7, description: 'Only reachable from the console.',
      }),
      products: [LODASH],
    },
    {
      triage: triageDto({ id: 14, vuln_id: 'CVE-2020-8203', rationale: 'WF', scope: 'FN', application_name: 'router.bin', adjusted_severity: 'low' }),
      products: [LODASH],
    },
    {
      triage: triageDto({ id: 15, vuln_id: 'CVE-2021-23337', rationale: 'CO', scope: 'FH', triaged_obj: '0123456789abcdef0123456789abcdef01234567', description: 'Asked the vendor.' }),
      products: [LODASH],
    },
  ],
};
