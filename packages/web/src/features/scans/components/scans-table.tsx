import { DataTable, type Column } from '../../../components/data-table/data-table.tsx';
import type { Scan } from '../../../lib/api-schemas.ts';
import { displayText, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { ScanStatusBadge } from './scan-status-badge.tsx';
import { VulnerabilityCounts } from './vulnerability-counts.tsx';
import { AnchorLink } from '../../../components/anchor-link.tsx';

const nameColumn: Column<Scan> = {
  id: 'name',
  header: 'Name',
  cell: (scan) => (
    <AnchorLink to="/product/$scanId/analysis" params={{ scanId: scan.id }}>
      {displayText(scan.name)}
    </AnchorLink>
  ),
};

const groupColumn: Column<Scan> = {
  id: 'group',
  header: 'Group',
  cell: (scan) => (
    <AnchorLink to="/groups/$groupId" params={{ groupId: scan.group }}>
      {displayText(scan.group_name)}
    </AnchorLink>
  ),
};

const restColumns: Column<Scan>[] = [
  { id: 'status', header: 'Status', cell: (scan) => <ScanStatusBadge scan={scan} /> },
  { id: 'components', header: 'Components', cell: (scan) => (scan.component_count === null ? '–' : formatNumber(scan.component_count)) },
  { id: 'vulnerabilities', header: 'Vulnerabilities', cell: (scan) => <VulnerabilityCounts counts={scan.vulnerability_counts} /> },
  { id: 'created', header: 'Created', cell: (scan) => formatDateTime(scan.created) },
];

interface ScansTableProps {
  scans: Scan[];
  /** The applications page lists every group's scans, so it shows which group. */
  showGroup?: boolean;
}

export function ScansTable({ scans, showGroup = false }: ScansTableProps) {
  const columns = showGroup ? [nameColumn, groupColumn, ...restColumns] : [nameColumn, ...restColumns];
  return (
    <DataTable label="Applications" columns={columns} rows={scans} rowKey={(scan) => scan.id} empty="No applications yet." />
  );
}
