import { Box, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useListSearch } from '../../../lib/list-search.ts';
import { groupListParams, groupListSearch, groupsQueryOptions } from '../api/groups.ts';
import { GroupsTable } from './groups-table.tsx';
import { NewGroupButton } from './new-group-button.tsx';

interface GroupsPageProps {
  title: string;
}

/** A paged group list: search, ordering and page in the URL (lib/list-search). */
export function GroupsPage({ title }: GroupsPageProps) {
  const { search, setSearch } = useListSearch(groupListSearch);
  const query = useQuery(groupsQueryOptions(groupListParams(search)));
  return (
    <>
      <PageHeader title={title} actions={<NewGroupButton />} />
      <Box mb="md">
        <ListSearchBox label="Search groups" value={search.q} onSearch={(q) => setSearch({ q })} />
      </Box>
      {query.isPending && <Loader aria-label="Loading groups" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <GroupsTable
            groups={query.data.results}
            loading={query.isFetching}
            empty={search.q ? 'No groups match the search.' : 'No groups yet.'}
            sorting={{ ordering: search.ordering, onOrderingChange: (ordering) => setSearch({ ordering: ordering as typeof search.ordering }) }}
          />
          <ListPager count={query.data.count} search={search} onChange={setSearch} />
        </>
      )}
    </>
  );
}
