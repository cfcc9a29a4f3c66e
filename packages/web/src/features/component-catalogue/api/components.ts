// The component catalogue (spec §2 /components, §7 "Components"): the list with its URL state
// (q, ordering, limit, offset, and the tag and code type filters), one component, the tags.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { CatalogueComponent, CatalogueComponentDetails, Paged } from '../../../lib/api-schemas.ts';
import type { paths } from '../../../lib/api-types.gen.ts';
import { defineListSearch, type ListParams, useListFilters } from '../../../lib/list-search.ts';
import { z } from '../../../lib/zod.ts';
import { CODE_TYPES } from '../../../lib/code-types.ts';
import { componentKeys } from './keys.ts';

export type ComponentListParams = NonNullable<paths['/rest/components/']['get']['parameters']['query']>;
export type CodeType = NonNullable<ComponentListParams['codetype']>;


/** Fields the server orders the catalogue by. */
export const COMPONENT_ORDERING_FIELDS = ['name', 'vendor', 'vulnerabilities', 'scans'] as const;
export type ComponentOrderingField = (typeof COMPONENT_ORDERING_FIELDS)[number];

export const componentListSearch = defineListSearch({ fields: COMPONENT_ORDERING_FIELDS, defaultOrdering: 'name' });

/** The filters beside the list's state; an unknown code type or an over-long tag is dropped. */
export const componentFilterSchema = z.object({
  tag: z.string().min(1).max(64).optional().catch(undefined),
  codetype: z.enum(CODE_TYPES).optional().catch(undefined),
});
export type ComponentFilters = z.output<typeof componentFilterSchema>;

export const componentSearchSchema = z.intersection(componentListSearch.schema, componentFilterSchema);
export type ComponentSearch = ListParams<ComponentOrderingField> & ComponentFilters;

/** The API's search text is at most 200 characters. */
const MAX_COMPONENT_SEARCH_LENGTH = 200;

export function componentListParams({ q, ordering, limit, offset, tag, codetype }: ComponentSearch): ComponentListParams {
  const search = Array.from(q).slice(0, MAX_COMPONENT_SEARCH_LENGTH).join('');
  return {
    ...(search === '' ? {} : { q: search }),
    ...(ordering === '' ? {} : { ordering }),
    ...(tag ? { tag } : {}),
    ...(codetype ? { codetype } : {}),
    limit,
    offset,
  };
}

// Sample ids: `openssl`, `7-zip`, `wpa_supplicant`, `go-stdlib` (the API's pattern).
const COMPONENT_ID = /^[a-z0-9][a-z0-9._+-]{0,63}$/;

/** Whether the URL's id can name a component at all. */
export function isComponentId(id: string): boolean {
  return COMPONENT_ID.test(id);
}

export function listComponents(query: ComponentListParams, signal?: AbortSignal): Promise<Paged<CatalogueComponent>> {
  return unwrap(api.GET('/rest/components/', { params: { query }, signal }));
}

/** Spec §4: a request in flight is cancelled when a new one starts (the query's signal). */
export const componentsQueryOptions = (params: ComponentListParams) =>
  queryOptions({
    queryKey: componentKeys.list(params),
    queryFn: ({ signal }) => listComponents(params, signal),
    placeholderData: keepPreviousData,
  });

export const componentTagsQueryOptions = () =>
  queryOptions({
    queryKey: componentKeys.tags(),
    queryFn: ({ signal }) => unwrap(api.GET('/rest/components/tags/', { signal })),
    staleTime: Infinity,
  });

export function getComponent(id: string, signal?: AbortSignal): Promise<CatalogueComponentDetails> {
  return unwrap(api.GET('/rest/components/{id}/', { params: { path: { id } }, signal }));
}

/** 404 (no such component) goes to the not-found page. */
export const componentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: componentKeys.detail(id),
    queryFn: ({ signal }) => getComponent(id, signal),
    meta: { handledStatuses: [404] },
  });

/** Reads the filters from the URL and writes them back; a change goes back to the first page. */
export function useComponentFilters(): { filters: ComponentFilters; setFilters: (next: Partial<ComponentFilters>) => void } {
  return useListFilters(componentFilterSchema);
}
