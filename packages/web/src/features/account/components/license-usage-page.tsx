import { Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { LicenseUsage } from '../../../lib/api-schemas.ts';
import { formatNumber } from '../../../lib/format.ts';
import { licenseUsageQueryOptions } from '../api/license-usage.ts';

const columns: ColumnDef<LicenseUsage, unknown>[] = [
  { id: 'license', header: 'Licence', accessorFn: (row) => row.license, enableSorting: true, enableHiding: false, cell: ({ row: { original } }) => <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{original.license}</Text> },
  { id: 'scans', header: 'Applications', accessorFn: (row) => row.scans, enableSorting: true, cell: ({ row: { original } }) => <Text size="sm">{formatNumber(original.scans)}</Text> },
  { id: 'components', header: 'Components', accessorFn: (row) => row.components, enableSorting: true, cell: ({ row: { original } }) => <Text size="sm">{formatNumber(original.components)}</Text> },
];

/** Licences found across the account's ready applications, most used first. */
export function LicenseUsagePage() {
  const query = useQuery(licenseUsageQueryOptions());
  if (query.isPending) return <Loader aria-label="Loading licence usage" />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <Text c="dimmed" size="sm" mb="md">
        Over {formatNumber(query.data.scans)} ready {query.data.scans === 1 ? 'application' : 'applications'}.
      </Text>
      <DataTable label="Licence usage" columns={columns} data={query.data.licenses} getRowId={(row) => row.license} loading={query.isFetching} sorting="client" empty="No licences found yet." />
    </>
  );
}
