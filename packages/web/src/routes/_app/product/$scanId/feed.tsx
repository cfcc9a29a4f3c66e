import { createFileRoute } from '@tanstack/react-router';
import { feedSearch, scanFeedQueryOptions } from '../../../../features/feeds/api/feeds.ts';
import { ScanEventsPage } from '../../../../features/feeds/components/scan-events-page.tsx';

export const Route = createFileRoute('/_app/product/$scanId/feed')({
  validateSearch: feedSearch.schema,
  search: { middlewares: feedSearch.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ context, params: { scanId }, deps }) => context.queryClient.ensureQueryData(scanFeedQueryOptions(scanId, deps)),
  component: ScanFeedRoute,
});

function ScanFeedRoute() {
  const { scanId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ScanEventsPage scanId={scanId} search={search} onSearchChange={(next) => void navigate({ search: (current) => ({ ...current, ...next }) })} />;
}
