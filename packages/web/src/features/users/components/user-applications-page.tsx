import { Loader, Stack, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { Scan } from '../../../lib/api-schemas.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { groupScansQueryOptions, MAX_GROUPS, SCANS_PER_GROUP } from '../api/scans.ts';
import { userQueryOptions } from '../api/users.ts';

const STATUS_LABELS: Record<string, string> = { R: 'Ready', F: 'Failed' };

interface UserApplicationsPageProps {
  userId: number;
}

/**
 * The applications of the groups the user is a member of. The API does not say who uploaded
 * a scan, so this is what the user can reach through their groups, not what they uploaded.
 */
export function UserApplicationsPage({ userId }: UserApplicationsPageProps) {
  const { data: user } = useSuspenseQuery(userQueryOptions(userId));
  const me = useCurrentUser();
  const scans = useQuery({ ...groupScansQueryOptions(user.groups), enabled: user.groups.length > 0 });
  const columns: ColumnDef<Scan, unknown>[] = [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (scan) => scan.name,
      enableSorting: true,
      cell: ({ row: { original: scan } }) => (
        <AnchorLink to="/product/$scanId" params={{ scanId: scan.id }} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {scan.name}
        </AnchorLink>
      ),
    },
    { id: 'group', header: 'Group', accessorFn: (scan) => scan.group_name, enableSorting: true },
    { id: 'status', header: 'Status', size: 110, cell: ({ row: { original: scan } }) => STATUS_LABELS[scan.status] ?? 'Busy' },
    {
      id: 'created',
      header: 'Created',
      accessorFn: (scan) => scan.created,
      enableSorting: true,
      cell: ({ row: { original: scan } }) => formatDateTime(scan.created, me.display_local_time),
    },
  ];
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Applications in the groups {user.email} is a member of (the newest {SCANS_PER_GROUP} of each of up to {MAX_GROUPS} groups). Who uploaded an application is not shown here.
      </Text>
      {user.groups.length === 0 && <Text>{user.email} is not a member of a group you can see, so no applications are listed.</Text>}
      {scans.isPending && user.groups.length > 0 && <Loader aria-label="Loading applications" />}
      {scans.isError && <QueryErrorAlert error={scans.error} onRetry={() => void scans.refetch()} />}
      {scans.data && (
        <DataTable label="Applications" columns={columns} data={scans.data} getRowId={(scan) => String(scan.id)} sorting="client" empty="No applications in these groups yet." />
      )}
    </Stack>
  );
}
