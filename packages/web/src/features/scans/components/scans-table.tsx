import { AnchorLink } from '../../../components/anchor-link.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import type { Scan } from '../../../lib/api-schemas.ts';
import { displayText, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { ScanStatusBadge } from './scan-status-badge.tsx';
import { VulnerabilityCounts } from './vulnerability-counts.tsx';

type ScanColumn = ColumnDef<Scan, unknown>;

const nameColumn: ScanColumn = {
  id: 'name',
  header: 'Name',
  enableHiding: false,
  cell: ({ row: { original: scan } }) => (
    <AnchorLink to="/product/$scanId/analysis" params={{ scanId: scan.id }}>
      {displayText(scan.name)}
    </AnchorLink>
  ),
};

const groupColumn: ScanColumn = {
  id: 'group',
  header: 'Group',
  cell: ({ row: { original: scan } }) => (
    <AnchorLink to="/groups/$groupId" params={{ groupId: scan.group }}>
      {displayText(scan.group_name)}
    </AnchorLink>
  ),
};

const restColumns: ScanColumn[] = [
  { id: 'status', header: 'Status', cell: ({ row: { original: scan } }) => <ScanStatusBadge scan={scan} /> },
  {
    id: 'components',
    header: 'Components',
    cell: ({ row: { original: scan } }) => (scan.component_count === null ? '–' : formatNumber(scan.component_count)),
  },
  {
    id: 'vulnerabilities',
    header: 'Vulnerabilities',
    cell: ({ row: { original: scan } }) => <VulnerabilityCounts counts={scan.vulnerability_counts} />,
  },
  { id: 'created', header: 'Created', cell: ({ row: { original: scan } }) => formatDateTime(scan.created) },
];

const withGroup = [nameColumn, groupColumn, ...restColumns];
const withoutGroup = [nameColumn, ...restColumns];

interface ScansTableProps {
  scans: Scan[];
  /** The applications page lists every group's scans, so it shows which group. */
  showGroup?: boolean;
  loading?: boolean;
}

export function ScansTable({ scans, showGroup = false, loading = false }: ScansTableProps) {
  return (
    <DataTable
      label="Applications"
      columns={showGroup ? withGroup : withoutGroup}
      data={scans}
      getRowId={(scan) => String(scan.id)}
      empty="No applications yet."
      loading={loading}
    />
  );
}
