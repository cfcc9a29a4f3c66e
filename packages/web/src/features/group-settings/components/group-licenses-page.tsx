import { Badge, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { LicenseUsage } from '../../../lib/api-schemas.ts';
import { formatNumber } from '../../../lib/format.ts';
import { groupLicensesQueryOptions } from '../api/group-settings.ts';

/** Spec §9's classes, as the licence policy page names them. */
const POLICY: Record<NonNullable<LicenseUsage['policy']>, { label: string; color: string }> = {
  RE: { label: 'Restrictive', color: 'red' },
  RU: { label: 'Restrictive when estimated', color: 'orange' },
  PE: { label: 'Permissive', color: 'teal' },
};

const columns: ColumnDef<LicenseUsage, unknown>[] = [
  { id: 'license', header: 'Licence', accessorFn: (row) => row.license, enableSorting: true, enableHiding: false, cell: ({ row: { original } }) => <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{original.license}</Text> },
  {
    id: 'policy',
    header: 'Policy',
    accessorFn: (row) => row.policy ?? '',
    enableSorting: true,
    cell: ({ row: { original } }) =>
      original.policy ? (
        <Badge variant="light" color={POLICY[original.policy].color} title={POLICY[original.policy].label}>
          {original.policy}
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          Unknown
        </Text>
      ),
  },
  { id: 'scans', header: 'Applications', accessorFn: (row) => row.scans, enableSorting: true, cell: ({ row: { original } }) => <Text size="sm">{formatNumber(original.scans)}</Text> },
  { id: 'components', header: 'Components', accessorFn: (row) => row.components, enableSorting: true, cell: ({ row: { original } }) => <Text size="sm">{formatNumber(original.components)}</Text> },
];

/** The licences found in the group's ready applications, with their policy class (the company's overrides applied). */
export function GroupLicensesPage({ groupId }: { groupId: number }) {
  const query = useQuery(groupLicensesQueryOptions(groupId));
  if (query.isPending) return <Loader aria-label="Loading licences" />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <Text c="dimmed" size="sm" mb="md">
        {query.data.scans === 0
          ? 'This group has no ready applications yet.'
          : `Over ${formatNumber(query.data.scans)} ready ${query.data.scans === 1 ? 'application' : 'applications'} of this group.`}{' '}
        RE restrictive, RU restrictive when estimated, PE permissive.
      </Text>
      <DataTable label="Group licences" columns={columns} data={query.data.licenses} getRowId={(row) => row.license} loading={query.isFetching} sorting="client" empty="No licences found yet." />
    </>
  );
}
