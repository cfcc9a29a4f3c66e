// The account's custom leak patterns (spec §7: GET/POST regular-expressions/, GET/PATCH/DELETE
// regular-expressions/{id}/): the list's URL state, its query and the mutations of the page.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { CustomPattern, CustomPatternCreate, CustomPatternUpdate, Paged } from '../../../lib/api-schemas.ts';
import type { paths } from '../../../lib/api-types.gen.ts';
import { defineListSearch, type ListParams } from '../../../lib/list-search.ts';
import { customPatternKeys } from './keys.ts';

export type CustomPatternListParams = NonNullable<paths['/rest/regular-expressions/']['get']['parameters']['query']>;

/** URL state of the list: ordered by id (the server's order) or name, a page at a time. */
export const customPatternListSearch = defineListSearch({ fields: ['id', 'name'] });

export function customPatternListParams({ ordering, limit, offset }: ListParams<'id' | 'name'>): CustomPatternListParams {
  return { ...(ordering ? { ordering } : {}), limit, offset };
}

export function listCustomPatterns(params: CustomPatternListParams, signal?: AbortSignal): Promise<Paged<CustomPattern>> {
  return unwrap(api.GET('/rest/regular-expressions/', { params: { query: params }, signal }));
}

export const customPatternsQueryOptions = (params: CustomPatternListParams) =>
  queryOptions({ queryKey: customPatternKeys.list(params), queryFn: ({ signal }) => listCustomPatterns(params, signal), placeholderData: keepPreviousData });

/** Spec §8: a custom pattern's request error is the server's body when there is one. */
const FORM_ERRORS = { handledStatuses: [400] };

export function useCreateCustomPattern() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomPatternCreate) => unwrap(api.POST('/rest/regular-expressions/', { body })),
    meta: FORM_ERRORS,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customPatternKeys.lists() }),
  });
}

/** PATCH with the changed fields only (the enabled toggle sends `enabled` alone). */
export function useUpdateCustomPattern() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: CustomPatternUpdate }) =>
      unwrap(api.PATCH('/rest/regular-expressions/{id}/', { params: { path: { id } }, body: changes })),
    meta: FORM_ERRORS,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customPatternKeys.lists() }),
  });
}

export function useRemoveCustomPattern() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/rest/regular-expressions/{id}/', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customPatternKeys.lists() }),
  });
}

/**
 * Where in the pattern RE2 stopped, read from the server's message ("Invalid RE2 pattern at
 * position 3: invalid escape sequence: \1"): a count of characters (code points); null when the
 * message names no position.
 */
export function errorPosition(message: string | undefined): number | null {
  const match = message ? /\bat position (\d+)\b/.exec(message) : null;
  return match?.[1] === undefined ? null : Number(match[1]);
}
