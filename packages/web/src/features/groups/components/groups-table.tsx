import { Text } from '@mantine/core';
import { DataTable, type Column } from '../../../components/data-table/data-table.tsx';
import type { Group } from '../../../lib/api-schemas.ts';
import { truncate } from '../../../lib/format.ts';
import { AnchorLink } from '../../../components/anchor-link.tsx';

const columns: Column<Group>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (group) => (
      <AnchorLink to="/groups/$groupId" params={{ groupId: group.id }}>
        {group.name}
      </AnchorLink>
    ),
  },
  {
    id: 'description',
    header: 'Description',
    cell: (group) => (
      <Text size="sm" title={group.description}>
        {truncate(group.description, 80)}
      </Text>
    ),
  },
  { id: 'favourite', header: 'Favourite', cell: (group) => (group.favourite ? 'Yes' : 'No'), width: 100 },
];

interface GroupsTableProps {
  groups: Group[];
  empty?: string;
}

export function GroupsTable({ groups, empty = 'No groups yet.' }: GroupsTableProps) {
  return <DataTable label="Groups" columns={columns} rows={groups} rowKey={(group) => group.id} empty={empty} />;
}
