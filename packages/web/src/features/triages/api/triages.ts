// Triages (spec §2 /triages, §7 /triages/): the list with its URL state (q, ordering, limit,
// offset, and the scope, rationale and vulnerability filters), one triage, and the changes.
// Every change refreshes the triage lists and the scans it may reach: a triage of one
// application (R) that scan, any other scope every scan (the group's subgroups, every upload
// of a name, every file with a hash are not known here).
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Paged, Triage, TriageCreate, TriageUpdate } from '../../../lib/api-schemas.ts';
import type { paths } from '../../../lib/api-types.gen.ts';
import { defineListSearch, type ListParams, useListFilters } from '../../../lib/list-search.ts';
import { scanDetailKey, scanKeyRoot, scanListsKey } from '../../../lib/scan-keys.ts';
import { TRIAGE_RATIONALES, TRIAGE_SCOPES } from '../../../lib/triage.ts';
import { z } from '../../../lib/zod.ts';
import { triageKeys } from './keys.ts';

export type TriageListParams = NonNullable<paths['/rest/triages/']['get']['parameters']['query']>;

/** The orderings the server offers; the newest change first by default. */
export const TRIAGE_ORDERING_FIELDS = ['modified', 'vuln_id', 'component_name'] as const;
export type TriageOrderingField = (typeof TRIAGE_ORDERING_FIELDS)[number];

export const triageListSearch = defineListSearch({ fields: TRIAGE_ORDERING_FIELDS, defaultOrdering: '-modified' });

/** The API's limits: a vulnerability id of at most 100 characters, a search of at most 200. */
const MAX_VULN_ID_LENGTH = 100;
const MAX_SEARCH_LENGTH = 200;

/** The filters beside the list's state; an unknown scope or rationale is dropped. */
export const triageFilterSchema = z.object({
  scope: z.enum(TRIAGE_SCOPES).optional().catch(undefined),
  rationale: z.enum(TRIAGE_RATIONALES).optional().catch(undefined),
  vuln_id: z.string().trim().min(1).max(MAX_VULN_ID_LENGTH).optional().catch(undefined),
});
export type TriageFilters = z.output<typeof triageFilterSchema>;

export const triageSearchSchema = z.intersection(triageListSearch.schema, triageFilterSchema);
export type TriageSearch = ListParams<TriageOrderingField> & TriageFilters;

export function triageListParams({ q, ordering, limit, offset, scope, rationale, vuln_id: vulnId }: TriageSearch): TriageListParams {
  const search = Array.from(q).slice(0, MAX_SEARCH_LENGTH).join('');
  return {
    ...(search === '' ? {} : { q: search }),
    ...(ordering === '' ? {} : { ordering }),
    ...(scope ? { scope } : {}),
    ...(rationale ? { rationale } : {}),
    ...(vulnId ? { vuln_id: vulnId } : {}),
    limit,
    offset,
  };
}

/** Reads the filters from the URL and writes them back; a change goes back to the first page. */
export function useTriageFilters(): { filters: TriageFilters; setFilters: (next: Partial<TriageFilters>) => void } {
  return useListFilters(triageFilterSchema);
}

export function listTriages(query: TriageListParams, signal?: AbortSignal): Promise<Paged<Triage>> {
  return unwrap(api.GET('/rest/triages/', { params: { query }, signal }));
}

export const triagesQueryOptions = (params: TriageListParams) =>
  queryOptions({
    queryKey: triageKeys.list(params),
    queryFn: ({ signal }) => listTriages(params, signal),
    placeholderData: keepPreviousData,
  });

export function getTriage(id: number, signal?: AbortSignal): Promise<Triage> {
  return unwrap(api.GET('/rest/triages/{id}/', { params: { path: { id } }, signal }));
}

/** 404 (no such triage, or one the user may not see) goes to the not-found page. */
export const triageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: triageKeys.detail(id),
    queryFn: ({ signal }) => getTriage(id, signal),
    meta: { handledStatuses: [404] },
  });

/** POST of an array: all are made, or none (the 400 names the one refused). */
export function useCreateTriages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bodies: TriageCreate[]) => unwrap(api.POST('/rest/triages/', { body: bodies })),
    meta: { handledStatuses: [400] },
    onSuccess: (made) => refreshAfter(queryClient, made),
  });
}

/** PATCH with the changed fields only (triageUpdateBody builds the body). */
export function useUpdateTriage(stored: Triage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TriageUpdate) => unwrap(api.PATCH('/rest/triages/{id}/', { params: { path: { id: stored.id } }, body })),
    meta: { handledStatuses: [400] },
    onSuccess: async (updated) => {
      queryClient.setQueryData(triageKeys.detail(updated.id), updated);
      await refreshAfter(queryClient, [stored, updated]);
    },
  });
}

/** One triage by its own path, several through delete_list (all or none). */
export function useRemoveTriages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (triages: readonly Triage[]) => {
      const [only] = triages;
      if (triages.length === 1 && only) await unwrap(api.DELETE('/rest/triages/{id}/', { params: { path: { id: only.id } } }));
      else await unwrap(api.DELETE('/rest/triages/delete_list/', { params: { query: { id__in: triages.map((t) => t.id).join(',') } } }));
    },
    onSuccess: async (_done, triages) => {
      // A page showing one of them leaves first (forgetTriage), or it would ask for it again.
      for (const triage of triages) queryClient.removeQueries({ queryKey: triageKeys.detail(triage.id), type: 'inactive' });
      await refreshAfter(queryClient, triages);
    },
  });
}

/** After the page of a removed triage was left: its answer goes from the cache. */
export function forgetTriage(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ queryKey: triageKeys.detail(id) });
}

/** The triage lists, and the scans the changed triages reach (see the top of this file). */
async function refreshAfter(queryClient: QueryClient, triages: readonly Triage[]): Promise<void> {
  const results = triages.map((t) => (t.scope === 'R' ? t.result_scope : null));
  const scans: QueryKey[] = results.every((id): id is number => id !== null)
    ? [...[...new Set(results)].map((id) => scanDetailKey(id)), scanListsKey()]
    : [scanKeyRoot];
  await Promise.all([triageKeys.lists(), ...scans].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
