import { createFileRoute } from '@tanstack/react-router';
import {
  executableListParams,
  executableListSearch,
  executableSearchSchema,
  executablesQueryOptions,
} from '../../../../features/scans/api/executable-attributes.ts';
import { ExecutableAttributesPage } from '../../../../features/scans/components/executable-attributes-page.tsx';

export const Route = createFileRoute('/_app/product/$scanId/executable-attributes')({
  validateSearch: executableSearchSchema,
  search: { middlewares: executableListSearch.middlewares },
  loaderDeps: ({ search }) => executableListParams(search),
  loader: ({ context, deps, params }) => context.queryClient.ensureQueryData(executablesQueryOptions(params.scanId, deps)),
  component: ExecutableAttributesRoute,
});

function ExecutableAttributesRoute() {
  const { scanId } = Route.useParams();
  return <ExecutableAttributesPage scanId={scanId} />;
}
