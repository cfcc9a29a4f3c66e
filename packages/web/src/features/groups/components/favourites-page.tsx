import { EmptyState, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { FAVOURITES_PARAMS, groupsQueryOptions } from '../api/groups.ts';
import { GroupsTable } from './groups-table.tsx';
import { NewGroupButton } from './new-group-button.tsx';
import { AnchorLink } from '../../../components/anchor-link.tsx';

export function FavouritesPage() {
  const query = useQuery(groupsQueryOptions(FAVOURITES_PARAMS));
  const favourites = query.data?.results ?? [];
  return (
    <>
      <PageHeader title="Favourites" actions={<NewGroupButton />} />
      {query.isPending && <Loader aria-label="Loading favourites" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && favourites.length === 0 && (
        <EmptyState
          title="No favourite groups"
          description={
            <>
              Mark groups as favourites to find them here, or browse{' '}
              <AnchorLink to="/all-groups">
                all groups
              </AnchorLink>
              .
            </>
          }
        />
      )}
      {favourites.length > 0 && <GroupsTable groups={favourites} />}
    </>
  );
}
