import { AnchorLink } from '../../../components/anchor-link.tsx';
import { DataTable, type ColumnDef, type DataTableProps } from '../../../components/data-table/data-table.tsx';
import type { Scan } from '../../../lib/api-schemas.ts';
import { displayText, formatBytes, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { ScanStatusBadge } from './scan-status-badge.tsx';
import { VulnerabilityCounts } from './vulnerability-counts.tsx';

type ScanColumn = ColumnDef<Scan, unknown>;

const nameColumn: ScanColumn = {
  id: 'name',
  header: 'Name',
  accessorFn: (scan) => scan.name,
  enableSorting: true,
  enableHiding: false,
  cell: ({ row: { original: scan } }) => (
    <AnchorLink to="/product/$scanId/analysis" params={{ scanId: scan.id }}>
      {displayText(scan.name)}
    </AnchorLink>
  ),
};

const groupColumn: ScanColumn = {
  id: 'group_name',
  header: 'Group',
  accessorFn: (scan) => scan.group_name,
  enableSorting: true,
  cell: ({ row: { original: scan } }) => (
    <AnchorLink to="/groups/$groupId" params={{ groupId: scan.group }}>
      {displayText(scan.group_name)}
    </AnchorLink>
  ),
};

const restColumns: ScanColumn[] = [
  { id: 'status', header: 'Status', accessorFn: (scan) => scan.status, enableSorting: true, cell: ({ row: { original: scan } }) => <ScanStatusBadge scan={scan} /> },
  { id: 'size', header: 'Size', accessorFn: (scan) => scan.size, enableSorting: true, cell: ({ row: { original: scan } }) => formatBytes(scan.size) },
  {
    // Column ids are the server's ordering fields: component_count, and sort_key for spec §9's severity key.
    id: 'component_count',
    header: 'Components',
    accessorFn: (scan) => scan.component_count,
    enableSorting: true,
    cell: ({ row: { original: scan } }) => (scan.component_count === null ? '–' : formatNumber(scan.component_count)),
  },
  {
    id: 'sort_key',
    header: 'Vulnerabilities',
    accessorFn: (scan) => scan.vulnerability_counts?.critical ?? null,
    enableSorting: true,
    cell: ({ row: { original: scan } }) => <VulnerabilityCounts counts={scan.vulnerability_counts} />,
  },
  { id: 'created', header: 'Created', accessorFn: (scan) => scan.created, enableSorting: true, cell: ({ row: { original: scan } }) => formatDateTime(scan.created) },
];

const withGroup = [nameColumn, groupColumn, ...restColumns];
const withoutGroup = [nameColumn, ...restColumns];

interface ScansTableProps {
  scans: Scan[];
  /** The applications page lists every group's scans, so it shows which group. */
  showGroup?: boolean;
  loading?: boolean;
  empty?: string;
  /** The server's ordering (the column ids are its ordering fields). */
  sorting?: DataTableProps<Scan>['sorting'];
  /** Row checkboxes (bulk actions): called with the selected scan ids. */
  onSelectionChange?: (ids: number[]) => void;
  /** Bulk actions for the selected rows, in the table's toolbar. */
  toolbar?: DataTableProps<Scan>['toolbar'];
}

export function ScansTable({ scans, showGroup = false, loading = false, empty = 'No applications yet.', sorting = 'client', onSelectionChange, toolbar }: ScansTableProps) {
  return (
    <DataTable
      label="Applications"
      columns={showGroup ? withGroup : withoutGroup}
      data={scans}
      getRowId={(scan) => String(scan.id)}
      empty={empty}
      loading={loading}
      sorting={sorting}
      {...(onSelectionChange ? { onSelectionChange: (ids: string[]) => onSelectionChange(ids.map(Number)), rowLabel: (scan: Scan) => scan.name } : {})}
      toolbar={toolbar}
    />
  );
}
