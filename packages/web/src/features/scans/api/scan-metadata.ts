// The details tab: how a ready scan was made and what it holds (GET /rest/scans/{id}/metadata/),
// and the SBOM documents the server writes for it.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { ScanMetadata } from '../../../lib/api-schemas.ts';
import { scanKeys } from './keys.ts';

/** 409 (the scan is busy or failed) is shown in place with the server's detail. */
export const scanMetadataQueryOptions = (id: number) =>
  queryOptions({
    queryKey: scanKeys.metadata(id),
    queryFn: ({ signal }): Promise<ScanMetadata> => unwrap(api.GET('/rest/scans/{id}/metadata/', { params: { path: { id } }, signal })),
    meta: { handledStatuses: [409] },
  });

/** GET /rest/scans/{id}/sbom/?format=: the server names the file after the scan. */
export const SBOM_DOWNLOADS = [
  { format: 'cyclonedx-json', label: 'CycloneDX 1.6 (JSON)', description: 'The OWASP standard, read by Dependency-Track and most SCA tools.' },
  { format: 'cyclonedx-xml', label: 'CycloneDX 1.6 (XML)', description: 'The same document in XML, valid against the CycloneDX 1.6 schema.' },
  { format: 'spdx-json', label: 'SPDX 2.3 (JSON)', description: 'The Linux Foundation standard (ISO/IEC 5962), as licence and compliance tools expect it.' },
  { format: 'spdx-tag-value', label: 'SPDX 2.3 (tag-value)', description: 'The same document in the line-based SPDX format.' },
] as const;

export function sbomUrl(scanId: number, format: (typeof SBOM_DOWNLOADS)[number]['format']): string {
  return `/rest/scans/${scanId}/sbom/?format=${format}`;
}
