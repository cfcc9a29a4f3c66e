import { createFileRoute } from '@tanstack/react-router';
import { scanListSearch, scansQueryOptions } from '../../features/scans/api/scans.ts';
import { scanListRequest, validateScanListSearch } from '../../features/scans/api/scan-filters.ts';
import { ScansPage } from '../../features/scans/components/scans-page.tsx';

export const Route = createFileRoute('/_app/applications')({
  validateSearch: validateScanListSearch,
  search: { middlewares: scanListSearch.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(scansQueryOptions(scanListRequest(deps))),
  component: ApplicationsRoute,
});

function ApplicationsRoute() {
  return <ScansPage title="Applications" showGroup />;
}
