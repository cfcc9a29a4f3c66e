import { Loader, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Pager } from '../../../components/data-table/pager.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { GroupListSearch } from '../api/group-search.ts';
import { groupsQueryOptions } from '../api/groups.ts';
import { GroupsTable } from './groups-table.tsx';
import { NewGroupButton } from './new-group-button.tsx';

interface GroupsPageProps {
  title: string;
  search: GroupListSearch;
  onSearchChange: (next: Partial<GroupListSearch>) => void;
}

export function GroupsPage({ title, search, onSearchChange }: GroupsPageProps) {
  const query = useQuery(groupsQueryOptions(search));
  return (
    <>
      <PageHeader title={title} actions={<NewGroupButton />} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const q = new FormData(event.currentTarget).get('q');
          onSearchChange({ q: typeof q === 'string' ? q : '', offset: 0 });
        }}
      >
        <TextInput name="q" label="Search groups" defaultValue={search.q} mb="md" maw={360} />
      </form>
      {query.isPending && <Loader aria-label="Loading groups" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <GroupsTable groups={query.data.results} empty={search.q ? 'No groups match the search.' : 'No groups yet.'} />
          <Pager
            count={query.data.count}
            limit={search.limit}
            offset={search.offset}
            onOffsetChange={(offset) => onSearchChange({ offset })}
          />
        </>
      )}
    </>
  );
}
