import { Alert, Button, Group as Row, Loader, Select, Stack, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import type { Group, GroupMembership } from '../../../lib/api-schemas.ts';
import {
  GROUP_ROLES,
  type GroupRole,
  useAddGroupMembership,
  useChangeGroupRole,
  useRemoveGroupMembership,
  userGroupMembershipsQueryOptions,
  visibleGroupsQueryOptions,
} from '../api/memberships.ts';
import { userQueryOptions } from '../api/users.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

interface UserGroupsPageProps {
  userId: number;
}

interface MembershipRow extends GroupMembership {
  group: Group | undefined;
}

/** The groups the user has a role in (among those the viewer sees): add, change the role, remove. */
export function UserGroupsPage({ userId }: UserGroupsPageProps) {
  const { data: user } = useSuspenseQuery(userQueryOptions(userId));
  const memberships = useQuery(userGroupMembershipsQueryOptions(userId));
  const groups = useQuery(visibleGroupsQueryOptions());
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<MembershipRow | null>(null);
  const changeRole = useChangeGroupRole(userId);
  const remove = useRemoveGroupMembership(userId);
  const onError = (failure: Error) => setError(failure instanceof ApiError ? messageOf(failure.body) : String(failure));

  if (memberships.isPending || groups.isPending) return <Loader aria-label="Loading groups" />;
  if (memberships.isError) return <QueryErrorAlert error={memberships.error} onRetry={() => void memberships.refetch()} />;
  if (groups.isError) return <QueryErrorAlert error={groups.error} onRetry={() => void groups.refetch()} />;

  const byId = new Map(groups.data.results.map((group) => [group.id, group]));
  const rows: MembershipRow[] = memberships.data.results.map((membership) => ({ ...membership, group: byId.get(membership.group_id) }));
  const canChange = (row: MembershipRow) => row.group?.user_permissions.includes('change_appcheckgroup') ?? false;
  const columns: ColumnDef<MembershipRow, unknown>[] = [
    {
      id: 'group',
      header: 'Group',
      cell: ({ row: { original } }) => (
        <AnchorLink to="/groups/$groupId" params={{ groupId: original.group_id }} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {original.group?.name ?? `Group ${original.group_id}`}
        </AnchorLink>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      size: 200,
      cell: ({ row: { original } }) =>
        canChange(original) ? (
          <Select
            aria-label={`Role in ${original.group?.name ?? original.group_id}`}
            size="xs"
            w={150}
            data={GROUP_ROLES}
            value={original.role}
            allowDeselect={false}
            onChange={(role) => role && role !== original.role && changeRole.mutate({ id: original.id, role: role as GroupRole }, { onError })}
          />
        ) : (
          <Text size="sm">{GROUP_ROLES.find((role) => role.value === original.role)?.label}</Text>
        ),
    },
    {
      id: 'actions',
      header: '',
      size: 110,
      cell: ({ row: { original } }) =>
        canChange(original) && (
          <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(original)}>
            Remove
          </Button>
        ),
    },
  ];
  const joinable = groups.data.results.filter((group) => !rows.some((row) => row.group_id === group.id) && group.user_permissions.includes('change_appcheckgroup'));
  return (
    <Stack>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {joinable.length > 0 && <AddToGroupForm userId={userId} groups={joinable} onError={onError} />}
      <DataTable
        label="Group memberships"
        columns={columns}
        data={rows}
        getRowId={(row) => String(row.id)}
        empty={`${user.email} has no role in a group you can see.`}
        loading={memberships.isFetching}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove user from group"
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null), onError })}
      >
        Remove {user.email} from {removing?.group?.name ?? 'the group'}? They lose access to its applications unless another group gives it.
      </ConfirmDialog>
    </Stack>
  );
}

function AddToGroupForm({ userId, groups, onError }: { userId: number; groups: Group[]; onError: (error: Error) => void }) {
  const add = useAddGroupMembership(userId);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [role, setRole] = useState<GroupRole>('GU');
  return (
    <Row align="flex-end" gap="sm">
      <Select
        label="Add to group"
        placeholder="Choose a group"
        searchable
        data={groups.map((group) => ({ value: String(group.id), label: group.name }))}
        value={groupId}
        onChange={setGroupId}
        style={{ flex: '1 1 14rem' }}
      />
      <Select label="Role" data={GROUP_ROLES} value={role} allowDeselect={false} onChange={(value) => value && setRole(value as GroupRole)} w={170} />
      <Button
        disabled={groupId === null}
        loading={add.isPending}
        onClick={() => groupId && add.mutate({ group_id: Number(groupId), role }, { onSuccess: () => setGroupId(null), onError })}
      >
        Add
      </Button>
    </Row>
  );
}
