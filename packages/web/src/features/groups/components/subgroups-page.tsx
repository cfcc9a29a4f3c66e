import { Button, Group as Row, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useListSearch } from '../../../lib/list-search.ts';
import { groupListSearch, groupsQueryOptions, subgroupListParams } from '../api/groups.ts';
import { GroupsTable } from './groups-table.tsx';

interface SubgroupsPageProps {
  groupId: number;
}

/** A group's subgroups tab: the paged group list (search, ordering and page in the URL) filtered by parent. */
export function SubgroupsPage({ groupId }: SubgroupsPageProps) {
  const { search, setSearch } = useListSearch(groupListSearch);
  const query = useQuery(groupsQueryOptions(subgroupListParams(search, groupId)));
  return (
    <>
      <Row justify="space-between" align="flex-end" mb="md" gap="sm">
        <ListSearchBox label="Search subgroups" value={search.q} onSearch={(q) => setSearch({ q })} />
        <Button renderRoot={(props) => <Link {...props} to="/groups/$parentGroupId/create" params={{ parentGroupId: groupId }} />}>
          New subgroup
        </Button>
      </Row>
      {query.isPending && <Loader aria-label="Loading subgroups" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <GroupsTable
            groups={query.data.results}
            loading={query.isFetching}
            empty={search.q ? 'No subgroups match the search.' : 'No subgroups yet. "New subgroup" creates one inside this group.'}
            sorting={{ ordering: search.ordering, onOrderingChange: (ordering) => setSearch({ ordering: ordering as typeof search.ordering }) }}
          />
          <ListPager count={query.data.count} search={search} onChange={setSearch} />
        </>
      )}
    </>
  );
}
