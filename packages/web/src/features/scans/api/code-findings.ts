// The static-code-analysis tab: the rules each executable of a ready scan breaks
// (`rss-findings/`) and the catalogue of rules that explains them. Its URL state is the
// list's q/limit/offset plus two filters, rule and severity; q goes to the API as `search`.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { CodeFinding, CodeRule, Paged } from '../../../lib/api-schemas.ts';
import type { paths } from '../../../lib/api-types.gen.ts';
import { defineListSearch, type ListParams, useListFilters } from '../../../lib/list-search.ts';
import { z } from '../../../lib/zod.ts';
import { scanKeys } from './keys.ts';

export type CodeFindingListParams = NonNullable<paths['/rest/scans/{id}/rss-findings/']['get']['parameters']['query']>;
export type CodeRuleId = NonNullable<CodeFindingListParams['rule']>;
export type CodeSeverity = CodeFinding['severity'];

export const CODE_SEVERITIES = ['high', 'medium', 'low'] as const satisfies readonly CodeSeverity[];

/** The API's search text is at most 200 characters. */
const MAX_SEARCH_LENGTH = 200;

export const codeFindingListSearch = defineListSearch({ fields: [] });

/** A rule id is checked against the catalogue by the server (400); here it only has to look like one. */
export const codeFindingFilterSchema = z.object({
  rule: z.string().regex(/^[a-z][a-z-]{0,59}$/).optional().catch(undefined),
  severity: z.enum(CODE_SEVERITIES).optional().catch(undefined),
});
export type CodeFindingFilters = z.output<typeof codeFindingFilterSchema>;

export const codeFindingSearchSchema = z.intersection(codeFindingListSearch.schema, codeFindingFilterSchema);
export type CodeFindingSearch = ListParams & CodeFindingFilters;

export function codeFindingListParams({ q, limit, offset, rule, severity }: CodeFindingSearch): CodeFindingListParams {
  const search = Array.from(q).slice(0, MAX_SEARCH_LENGTH).join('');
  return {
    ...(rule ? { rule: rule as CodeRuleId } : {}),
    ...(severity ? { severity } : {}),
    ...(search === '' ? {} : { search }),
    limit,
    offset,
  };
}

export function listCodeFindings(id: number, query: CodeFindingListParams, signal?: AbortSignal): Promise<Paged<CodeFinding>> {
  return unwrap(api.GET('/rest/scans/{id}/rss-findings/', { params: { path: { id }, query }, signal }));
}

/** 409 (the scan is busy or failed) is shown in place with the server's detail. */
export const codeFindingsQueryOptions = (id: number, params: CodeFindingListParams) =>
  queryOptions({
    queryKey: scanKeys.codeFindings(id, params),
    queryFn: ({ signal }) => listCodeFindings(id, params, signal),
    placeholderData: keepPreviousData,
    meta: { handledStatuses: [409] },
  });

/** The rules never change while the server runs. */
export const codeRulesQueryOptions = () =>
  queryOptions({
    queryKey: scanKeys.codeRules(),
    queryFn: ({ signal }): Promise<CodeRule[]> => unwrap(api.GET('/rest/static-code-rules/', { signal })),
    staleTime: Infinity,
  });

export function useCodeFindingFilters(): { filters: CodeFindingFilters; setFilters: (next: Partial<CodeFindingFilters>) => void } {
  return useListFilters(codeFindingFilterSchema);
}
