// One vulnerability of the knowledge base (spec §2 /vulnerabilities/{id}?distro=): its record,
// scores and references, and the components of your scans it affects.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { AffectedComponents, Vulnerability } from '../../../lib/api-schemas.ts';
import { z } from '../../../lib/zod.ts';
import { vulnerabilityKeys } from './keys.ts';

/** The API's distro parameter is at most 32 characters. */
const MAX_DISTRO_LENGTH = 32;

/** Spec §2: the distro value is lower-cased; an empty or over-long one is dropped. */
export const vulnerabilitySearchSchema = z.object({
  distro: z
    .string()
    .trim()
    .min(1)
    .max(MAX_DISTRO_LENGTH)
    .transform((distro) => distro.toLowerCase())
    .optional()
    .catch(undefined),
});
export type VulnerabilitySearch = z.output<typeof vulnerabilitySearchSchema>;

export function getVulnerability(id: string, distro: string | undefined, signal?: AbortSignal): Promise<Vulnerability> {
  return unwrap(api.GET('/rest/vulnerabilities/{id}/', { params: { path: { id }, query: distro === undefined ? {} : { distro } }, signal }));
}

/** 404 (not in the knowledge base) goes to the not-found page. */
export const vulnerabilityQueryOptions = (id: string, distro?: string) =>
  queryOptions({
    queryKey: vulnerabilityKeys.detail(id, distro),
    queryFn: ({ signal }) => getVulnerability(id, distro, signal),
    meta: { handledStatuses: [404] },
  });

export function getAffectedComponents(id: string, signal?: AbortSignal): Promise<AffectedComponents> {
  return unwrap(api.GET('/rest/vulnerabilities/{id}/affected_components/', { params: { path: { id } }, signal }));
}

export const affectedComponentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: vulnerabilityKeys.affected(id),
    queryFn: ({ signal }) => getAffectedComponents(id, signal),
  });
