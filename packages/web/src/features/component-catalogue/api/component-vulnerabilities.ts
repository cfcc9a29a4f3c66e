// A component's vulnerabilities from the knowledge base, any version (the vulnerabilities tab).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { paths } from '../../../lib/api-types.gen.ts';
import { defineListSearch, type ListParams } from '../../../lib/list-search.ts';
import { componentKeys } from './keys.ts';

export type ComponentVulnerabilityParams = NonNullable<paths['/rest/components/{id}/vulnerabilities/']['get']['parameters']['query']>;

/** The orderings the server offers: score (most severe first by default), id, EPSS. */
export const COMPONENT_VULNERABILITY_ORDERING_FIELDS = ['score', 'vuln_id', 'epss'] as const;
export type ComponentVulnerabilityOrderingField = (typeof COMPONENT_VULNERABILITY_ORDERING_FIELDS)[number];

export const componentVulnerabilitySearch = defineListSearch({ fields: COMPONENT_VULNERABILITY_ORDERING_FIELDS, defaultOrdering: '-score' });

export function componentVulnerabilityParams({ q, ordering, limit, offset }: ListParams<ComponentVulnerabilityOrderingField>): ComponentVulnerabilityParams {
  const search = Array.from(q).slice(0, 200).join('');
  return { ...(search === '' ? {} : { q: search }), ...(ordering === '' ? {} : { ordering }), limit, offset };
}

export const componentVulnerabilitiesQueryOptions = (id: string, params: ComponentVulnerabilityParams) =>
  queryOptions({
    queryKey: componentKeys.vulnerabilities(id, params),
    queryFn: ({ signal }) => unwrap(api.GET('/rest/components/{id}/vulnerabilities/', { params: { path: { id }, query: params }, signal })),
    placeholderData: keepPreviousData,
  });
