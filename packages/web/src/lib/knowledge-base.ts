// The vulnerability knowledge base's state, app-wide: the data page shows it whole, and
// every list and result page asks it whether vulnerabilities were evaluated at all.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './api-client.ts';
import type { KnowledgeBaseStatus } from './api-schemas.ts';

export const NOT_EVALUATED = 'not evaluated: no vulnerability data';

export const knowledgeBaseKeys = {
  all: ['knowledge-base'] as const,
  status: () => [...knowledgeBaseKeys.all, 'status'] as const,
};

export function getKnowledgeBase(signal?: AbortSignal): Promise<KnowledgeBaseStatus> {
  return unwrap(api.GET('/rest/knowledge-base/', { signal }));
}

/** Polled every 2 s while a sync or bundle import runs; stops at ready, empty or failed. */
export const knowledgeBaseQueryOptions = () =>
  queryOptions({
    queryKey: knowledgeBaseKeys.status(),
    queryFn: ({ signal }) => getKnowledgeBase(signal),
    staleTime: 30_000,
    refetchInterval: (query) => (query.state.data?.state === 'importing' ? 2000 : false),
  });

/** False while unknown: "not evaluated" is only said once the server has said so. */
export function useNoVulnerabilityData(): boolean {
  const { data } = useQuery(knowledgeBaseQueryOptions());
  return data !== undefined && data.updated === null;
}
