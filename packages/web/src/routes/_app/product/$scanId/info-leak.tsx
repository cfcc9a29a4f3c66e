import { createFileRoute } from '@tanstack/react-router';
import {
  infoleakListParams,
  infoleakListSearch,
  infoleakSearchSchema,
  infoleaksQueryOptions,
} from '../../../../features/scans/api/infoleak.ts';
import { InfoleakPage } from '../../../../features/scans/components/infoleak-page.tsx';

export const Route = createFileRoute('/_app/product/$scanId/info-leak')({
  validateSearch: infoleakSearchSchema,
  search: { middlewares: infoleakListSearch.middlewares },
  // The selected finding is not a dependency: opening one does not load the list again.
  loaderDeps: ({ search }) => infoleakListParams(search),
  loader: ({ context, deps, params }) => context.queryClient.ensureQueryData(infoleaksQueryOptions(params.scanId, deps)),
  component: InfoleakRoute,
});

function InfoleakRoute() {
  const { scanId } = Route.useParams();
  return <InfoleakPage scanId={scanId} />;
}
