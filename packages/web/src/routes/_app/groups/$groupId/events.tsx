import { createFileRoute } from '@tanstack/react-router';
import { feedSearch, groupFeedQueryOptions } from '../../../../features/feeds/api/feeds.ts';
import { GroupEventsPage } from '../../../../features/feeds/components/group-events-page.tsx';

export const Route = createFileRoute('/_app/groups/$groupId/events')({
  validateSearch: feedSearch.schema,
  search: { middlewares: feedSearch.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ context, params: { groupId }, deps }) => context.queryClient.ensureQueryData(groupFeedQueryOptions(groupId, deps)),
  component: GroupEventsRoute,
});

function GroupEventsRoute() {
  const { groupId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <GroupEventsPage groupId={groupId} search={search} onSearchChange={(next) => void navigate({ search: (current) => ({ ...current, ...next }) })} />;
}
