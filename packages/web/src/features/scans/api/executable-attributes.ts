// The executable-attributes tab: every ELF, PE and Mach-O file of a ready scan with its
// hardening. Its URL state is the list's q/limit/offset (lib/list-search.ts) plus two
// filters, format and missing; q goes to the API as `search`.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { ExecutableAttributes, Paged } from '../../../lib/api-schemas.ts';
import type { paths } from '../../../lib/api-types.gen.ts';
import { defineListSearch, type ListParams, useListFilters } from '../../../lib/list-search.ts';
import { MISSING_MITIGATIONS } from '../../../lib/mitigations.ts';
import { z } from '../../../lib/zod.ts';
import { scanKeys } from './keys.ts';

export type ExecutableListParams = NonNullable<paths['/rest/scans/{id}/executable-attributes/']['get']['parameters']['query']>;
export type ExecutableFormat = ExecutableAttributes['format'];

export const EXECUTABLE_FORMATS = ['elf', 'pe', 'macho'] as const satisfies readonly ExecutableFormat[];


/** The API's search text is at most 200 characters. */
export const MAX_EXECUTABLE_SEARCH_LENGTH = 200;

/** q, limit and offset; the API does not order executables. */
export const executableListSearch = defineListSearch({ fields: [] });

/** The filters beside the list's state; a value that is not a format or a known mitigation is dropped. */
export const executableFilterSchema = z.object({
  format: z.enum(EXECUTABLE_FORMATS).optional().catch(undefined),
  missing: z.enum(MISSING_MITIGATIONS).optional().catch(undefined),
});
export type ExecutableFilters = z.output<typeof executableFilterSchema>;

/** The route's validateSearch: the list's state and the filters (absent when not set, so they stay out of the URL). */
export const executableSearchSchema = z.intersection(executableListSearch.schema, executableFilterSchema);
export type ExecutableSearch = ListParams & ExecutableFilters;

/** The GET parameters of the route's search, for its loader and its page alike. */
export function executableListParams({ q, limit, offset, format, missing }: ExecutableSearch): ExecutableListParams {
  // Cut by code point, never inside a surrogate pair; a shorter needle still finds every match.
  const search = Array.from(q).slice(0, MAX_EXECUTABLE_SEARCH_LENGTH).join('');
  return {
    ...(format ? { format } : {}),
    ...(missing ? { missing } : {}),
    ...(search === '' ? {} : { search }),
    limit,
    offset,
  };
}

export function listExecutables(id: number, query: ExecutableListParams, signal?: AbortSignal): Promise<Paged<ExecutableAttributes>> {
  return unwrap(api.GET('/rest/scans/{id}/executable-attributes/', { params: { path: { id }, query }, signal }));
}

/** 409 (the scan is busy or failed) is shown in place with the server's detail. */
export const executablesQueryOptions = (id: number, params: ExecutableListParams) =>
  queryOptions({
    queryKey: scanKeys.executables(id, params),
    queryFn: ({ signal }) => listExecutables(id, params, signal),
    placeholderData: keepPreviousData,
    meta: { handledStatuses: [409] },
  });

/** Reads the filters from the URL and writes them back; a change goes back to the first page. */
export function useExecutableFilters(): { filters: ExecutableFilters; setFilters: (next: Partial<ExecutableFilters>) => void } {
  return useListFilters(executableFilterSchema);
}
