import { createFileRoute } from '@tanstack/react-router';
import { FAVOURITES_PARAMS, groupsQueryOptions } from '../../features/groups/api/groups.ts';
import { FavouritesPage } from '../../features/groups/components/favourites-page.tsx';

export const Route = createFileRoute('/_app/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(groupsQueryOptions(FAVOURITES_PARAMS)),
  component: FavouritesPage,
});
