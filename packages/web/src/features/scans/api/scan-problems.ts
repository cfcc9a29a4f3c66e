import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Paged, Problem, ProblemLevel } from '../../../lib/api-schemas.ts';
import { defineListSearch } from '../../../lib/list-search.ts';
import { scanKeys, type PageParams } from './keys.ts';

/** URL state of the errors, warnings and info tabs: only the page (the API neither searches nor orders them). */
export const problemListSearch = defineListSearch({ fields: [] });

export function listScanProblems(
  id: number,
  level: ProblemLevel,
  page: PageParams,
  signal?: AbortSignal,
): Promise<Paged<Problem>> {
  const init = { params: { path: { id }, query: page }, signal };
  if (level === 'error') return unwrap(api.GET('/rest/scans/{id}/errors/', init));
  if (level === 'warning') return unwrap(api.GET('/rest/scans/{id}/warnings/', init));
  return unwrap(api.GET('/rest/scans/{id}/info/', init));
}

export const scanProblemsQueryOptions = (id: number, level: ProblemLevel, page: PageParams) =>
  queryOptions({
    queryKey: scanKeys.problems(id, level, page),
    queryFn: ({ signal }) => listScanProblems(id, level, page, signal),
    placeholderData: keepPreviousData,
  });
