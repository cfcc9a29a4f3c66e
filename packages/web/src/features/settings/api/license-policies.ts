import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { LicensePolicyOverride, LicensePolicyOverrideCreate, Paged } from '../../../lib/api-schemas.ts';
import { defineListSearch, type ListParams } from '../../../lib/list-search.ts';
import { settingsKeys } from './keys.ts';

export type LicensePolicy = LicensePolicyOverride['policy'];
export type LicensePolicyParams = Pick<ListParams, 'q' | 'limit' | 'offset'>;

/** Spec §9 licence policy classes. */
export const LICENSE_POLICY_LABELS: Record<LicensePolicy, string> = {
  RE: 'Restrictive',
  RU: 'Restrictive when estimated',
  PE: 'Permissive',
};

/** The overrides list's URL state: search and page, no ordering (the server orders by licence id). */
export const licensePolicyListSearch = defineListSearch({ fields: [] });

export function licensePolicyParams({ q, limit, offset }: ListParams): LicensePolicyParams {
  return { q, limit, offset };
}

export function getLicensePolicies(params: LicensePolicyParams, signal?: AbortSignal): Promise<Paged<LicensePolicyOverride>> {
  const query = { limit: params.limit, offset: params.offset, ...(params.q ? { q: params.q } : {}) };
  return unwrap(api.GET('/rest/settings/company/licenses/', { params: { query }, signal }));
}

export const licensePoliciesQueryOptions = (params: LicensePolicyParams) =>
  queryOptions({
    queryKey: settingsKeys.licenses(params),
    queryFn: ({ signal }) => getLicensePolicies(params, signal),
    placeholderData: keepPreviousData,
  });

function useInvalidateLicenses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: settingsKeys.licenseLists() });
}

export function useCreateLicensePolicy() {
  const invalidate = useInvalidateLicenses();
  return useMutation({
    mutationFn: (body: LicensePolicyOverrideCreate) => unwrap(api.POST('/rest/settings/company/licenses/', { body })),
    meta: { handledStatuses: [400] },
    onSuccess: invalidate,
  });
}

export function useUpdateLicensePolicy() {
  const invalidate = useInvalidateLicenses();
  return useMutation({
    mutationFn: ({ id, policy }: { id: number; policy: LicensePolicy }) =>
      unwrap(api.PATCH('/rest/settings/company/licenses/{id}/', { params: { path: { id } }, body: { policy } })),
    onSuccess: invalidate,
  });
}

export function useRemoveLicensePolicy() {
  const invalidate = useInvalidateLicenses();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/rest/settings/company/licenses/{id}/', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}
