import { createFileRoute } from '@tanstack/react-router';
import { accountFeedQueryOptions, feedSearch } from '../../../features/feeds/api/feeds.ts';
import { AccountFeedPage } from '../../../features/feeds/components/account-feed-page.tsx';

export const Route = createFileRoute('/_app/account/feed')({
  validateSearch: feedSearch.schema,
  search: { middlewares: feedSearch.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(accountFeedQueryOptions(deps)),
  component: AccountFeedRoute,
});

function AccountFeedRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AccountFeedPage search={search} onSearchChange={(next) => void navigate({ search: (current) => ({ ...current, ...next }) })} />;
}
