import { createFileRoute } from '@tanstack/react-router';
import {
  componentVulnerabilitiesQueryOptions,
  componentVulnerabilityParams,
  componentVulnerabilitySearch,
} from '../../../../features/component-catalogue/api/component-vulnerabilities.ts';
import { ComponentVulnerabilitiesPage } from '../../../../features/component-catalogue/components/component-vulnerabilities-page.tsx';

export const Route = createFileRoute('/_app/components/$componentId/vulnerabilities')({
  validateSearch: componentVulnerabilitySearch.schema,
  search: { middlewares: componentVulnerabilitySearch.middlewares },
  loaderDeps: ({ search }) => componentVulnerabilityParams(search),
  loader: ({ context, deps, params }) => context.queryClient.ensureQueryData(componentVulnerabilitiesQueryOptions(params.componentId, deps)),
  component: ComponentVulnerabilitiesRoute,
});

function ComponentVulnerabilitiesRoute() {
  const { componentId } = Route.useParams();
  return <ComponentVulnerabilitiesPage componentId={componentId} />;
}
