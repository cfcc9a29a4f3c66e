import { Group as Row, Text } from '@mantine/core';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import type { AccountUser } from '../../../lib/api-schemas.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatNumber } from '../../../lib/format.ts';
import { ActivationButton } from './activation-action.tsx';
import { RemoveUserAction } from './remove-user-action.tsx';
import { UserStatusBadge } from './user-status-badge.tsx';

const columns: ColumnDef<AccountUser, unknown>[] = [
  {
    id: 'email',
    header: 'Email',
    enableHiding: false,
    cell: ({ row: { original: user } }) => (
      <AnchorLink to="/users/$userId/overview" params={{ userId: user.id }} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </AnchorLink>
    ),
  },
  { id: 'username', header: 'Username', cell: ({ row: { original: user } }) => <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{user.username}</Text> },
  { id: 'status', header: 'Status', size: 120, cell: ({ row: { original: user } }) => <UserStatusBadge active={user.is_active} /> },
  { id: 'groups', header: 'Groups', size: 90, cell: ({ row: { original: user } }) => formatNumber(user.groups.length) },
  {
    id: 'actions',
    header: 'Actions',
    enableHiding: false,
    cell: ({ row: { original: user } }) => <UserRowActions user={user} />,
  },
];

/** Nobody deactivates or removes themselves (the server refuses), so one's own row offers neither. */
function UserRowActions({ user }: { user: AccountUser }) {
  const me = useCurrentUser();
  if (user.id === me.id) {
    return (
      <Text size="sm" c="dimmed">
        You
      </Text>
    );
  }
  return (
    <Row gap="xs" wrap="nowrap">
      <ActivationButton user={user} size="xs" />
      <RemoveUserAction user={user} size="xs" />
    </Row>
  );
}

interface UsersTableProps {
  users: AccountUser[];
  loading: boolean;
  empty: string;
  onSelectionChange: (ids: string[]) => void;
  toolbar: React.ReactNode;
}

export function UsersTable({ users, loading, empty, onSelectionChange, toolbar }: UsersTableProps) {
  return (
    <DataTable
      label="Users"
      columns={columns}
      data={users}
      getRowId={(user) => String(user.id)}
      empty={empty}
      loading={loading}
      onSelectionChange={onSelectionChange}
      rowLabel={(user) => user.email}
      toolbar={toolbar}
    />
  );
}
