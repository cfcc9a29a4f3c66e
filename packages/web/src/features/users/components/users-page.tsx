import { Alert, Button, Group as Row, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useListSearch } from '../../../lib/list-search.ts';
import { userListParams, userListSearch, usersQueryOptions } from '../api/users.ts';
import { ActivationDialog } from './activation-action.tsx';
import { InviteUserDialog } from './invite-user-dialog.tsx';
import { UsersTable } from './users-table.tsx';

/** Account → Users: every user of the account, searchable, with invitation, (de)activation and removal. */
export function UsersPage() {
  const { search, setSearch } = useListSearch(userListSearch);
  const query = useQuery(usersQueryOptions(userListParams(search)));
  const [inviting, setInviting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [bulk, setBulk] = useState<boolean | null>(null);
  const selectedUsers = (query.data?.results ?? []).filter((user) => selected.includes(String(user.id)));
  return (
    <>
      <PageHeader title="Users" actions={<Button onClick={() => setInviting(true)}>Invite user</Button>} />
      {notice && (
        <Alert color="green" mb="md" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <Row mb="md">
        <ListSearchBox label="Search users" value={search.q} onSearch={(q) => setSearch({ q })} />
      </Row>
      {query.isPending && <Loader aria-label="Loading users" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <UsersTable
            users={query.data.results}
            loading={query.isFetching}
            empty={search.q ? 'No users match the search.' : 'No users yet.'}
            onSelectionChange={setSelected}
            toolbar={
              selectedUsers.length > 0 && (
                <Row gap="xs">
                  <Button size="xs" variant="light" color="green" onClick={() => setBulk(true)}>
                    Activate selected
                  </Button>
                  <Button size="xs" variant="light" color="orange" onClick={() => setBulk(false)}>
                    Deactivate selected
                  </Button>
                </Row>
              )
            }
          />
          <ListPager count={query.data.count} search={search} onChange={setSearch} />
        </>
      )}
      <ActivationDialog users={bulk === null ? null : selectedUsers} active={bulk ?? false} onClose={() => setBulk(null)} />
      <InviteUserDialog
        opened={inviting}
        onClose={() => setInviting(false)}
        onInvited={(user, mailed) => setNotice(mailed ? `An invitation was mailed to ${user.email}.` : `${user.email} can now sign in with the password you set.`)}
      />
    </>
  );
}
