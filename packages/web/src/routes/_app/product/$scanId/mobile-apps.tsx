import { createFileRoute } from '@tanstack/react-router';
import { mobileAppListSearch, mobileAppsQueryOptions } from '../../../../features/scans/api/mobile-apps.ts';
import { MobileAppsPage } from '../../../../features/scans/components/mobile-apps-page.tsx';

export const Route = createFileRoute('/_app/product/$scanId/mobile-apps')({
  validateSearch: mobileAppListSearch.schema,
  search: { middlewares: mobileAppListSearch.middlewares },
  loaderDeps: ({ search: { limit, offset } }) => ({ limit, offset }),
  loader: ({ context, deps, params }) => context.queryClient.ensureQueryData(mobileAppsQueryOptions(params.scanId, deps)),
  component: MobileAppsRoute,
});

function MobileAppsRoute() {
  const { scanId } = Route.useParams();
  return <MobileAppsPage scanId={scanId} />;
}
