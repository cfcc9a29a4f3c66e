import { createFileRoute } from '@tanstack/react-router';
import { scanListParams, scanListSearch, scansQueryOptions } from '../../features/scans/api/scans.ts';
import { ScansPage } from '../../features/scans/components/scans-page.tsx';

export const Route = createFileRoute('/_app/applications')({
  validateSearch: scanListSearch.schema,
  search: { middlewares: scanListSearch.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(scansQueryOptions(scanListParams(deps))),
  component: ApplicationsRoute,
});

function ApplicationsRoute() {
  return <ScansPage title="Applications" showGroup />;
}
