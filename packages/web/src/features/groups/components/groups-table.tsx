import { Text } from '@mantine/core';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { DataTable, type ColumnDef, type DataTableProps } from '../../../components/data-table/data-table.tsx';
import type { Group } from '../../../lib/api-schemas.ts';
import { truncate } from '../../../lib/format.ts';

const columns: ColumnDef<Group, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (group) => group.name,
    enableSorting: true,
    enableHiding: false,
    cell: ({ row: { original: group } }) => (
      <AnchorLink to="/groups/$groupId" params={{ groupId: group.id }} size="sm">
        {group.name}
      </AnchorLink>
    ),
  },
  {
    id: 'description',
    header: 'Description',
    cell: ({ row: { original: group } }) => (
      <Text size="sm" title={group.description}>
        {truncate(group.description, 80)}
      </Text>
    ),
  },
  { id: 'favourite', header: 'Favourite', size: 100, cell: ({ row: { original: group } }) => (group.favourite ? 'Yes' : 'No') },
];

interface GroupsTableProps {
  groups: Group[];
  empty?: string;
  loading?: boolean;
  /** Server ordering for a paged list; local lists sort in the browser. */
  sorting?: DataTableProps<Group>['sorting'];
}

export function GroupsTable({ groups, empty = 'No groups yet.', loading = false, sorting = 'client' }: GroupsTableProps) {
  return (
    <DataTable
      label="Groups"
      columns={columns}
      data={groups}
      getRowId={(group) => String(group.id)}
      empty={empty}
      loading={loading}
      sorting={sorting}
    />
  );
}
