import { ActionIcon, Alert, Loader, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { GROUP_ROLES, type GroupRole, type Member, membersQueryOptions, useChangeRole, useRemoveMember } from '../api/members.ts';
import { AddMemberForm } from './add-member-form.tsx';

interface MembersPageProps {
  groupId: number;
  /** change_appcheckgroup on the group: adding, role changes and removal are offered. */
  canChange: boolean;
}

const roleLabel = (role: GroupRole) => GROUP_ROLES.find((r) => r.value === role)?.label ?? role;

/** A group's members with their roles (spec §3 group membership: GU member, M group manager). */
export function MembersPage({ groupId, canChange }: MembersPageProps) {
  const query = useQuery(membersQueryOptions(groupId));
  const changeRole = useChangeRole(groupId);
  const remove = useRemoveMember(groupId);
  const [removing, setRemoving] = useState<Member | null>(null);
  const columns = useMemo<ColumnDef<Member, unknown>[]>(
    () => [
      {
        id: 'user',
        header: 'User',
        enableHiding: false,
        cell: ({ row: { original } }) => <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{original.email ?? `User ${original.membership.user_id}`}</Text>,
      },
      {
        id: 'role',
        header: 'Role',
        size: 160,
        cell: ({ row: { original } }) =>
          canChange ? (
            <Select
              aria-label={`Role of ${original.email ?? original.membership.user_id}`}
              data={GROUP_ROLES}
              value={original.membership.role}
              allowDeselect={false}
              size="xs"
              w={145}
              onChange={(value) => {
                if (value && value !== original.membership.role) changeRole.mutate({ id: original.membership.id, role: value as GroupRole });
              }}
            />
          ) : (
            <Text size="sm">{roleLabel(original.membership.role)}</Text>
          ),
      },
      ...(canChange
        ? [{
            id: 'actions',
            header: '',
            size: 60,
            enableHiding: false,
            cell: ({ row: { original } }: { row: { original: Member } }) => (
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${original.email ?? original.membership.user_id} from the group`} onClick={() => setRemoving(original)}>
                ✕
              </ActionIcon>
            ),
          } satisfies ColumnDef<Member, unknown>]
        : []),
    ],
    [canChange, changeRole],
  );
  const memberIds = useMemo(() => new Set((query.data ?? []).map((m) => m.membership.user_id)), [query.data]);
  const error = changeRole.error ?? remove.error;
  return (
    <>
      {canChange && <AddMemberForm groupId={groupId} memberIds={memberIds} />}
      {error && (
        <Alert color="red" mb="md" title="The change was not made">
          {error.message}
        </Alert>
      )}
      {query.isPending && <Loader aria-label="Loading members" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <DataTable label="Members" columns={columns} data={query.data} getRowId={(member) => String(member.membership.id)} loading={query.isFetching} empty="No members." />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove user from group"
        message={`Remove ${removing?.email ?? 'this user'} from the group? They lose the access this membership gives.`}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.membership.id, { onSettled: () => setRemoving(null) });
        }}
      />
    </>
  );
}
