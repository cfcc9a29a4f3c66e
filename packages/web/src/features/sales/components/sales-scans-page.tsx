import { Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { Scan } from '../../../lib/api-schemas.ts';
import { displayText, formatBytes, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { readyScanListParams, readyScanListSearch, readyScansQueryOptions } from '../api/ready-scans.ts';
import { SalesVerdict } from './sales-verdict.tsx';
import { SalesVulnerabilityCounts } from './sales-vulnerability-counts.tsx';

const SEARCH_HELP = 'A name (name:NAME for exactly that name), a SHA-1 or a SHA-256';

type ScanColumn = ColumnDef<Scan, unknown>;

const fileLink = (scan: Scan) => (
  <AnchorLink to="/sales/product/$scanId/analysis" params={{ scanId: scan.id }} style={{ overflowWrap: 'anywhere' }}>
    {displayText(scan.name)}
  </AnchorLink>
);

// Column ids are the server's ordering fields (sort_key: spec §9's severity key).
const fileColumn: ScanColumn = { id: 'name', header: 'File', accessorFn: (scan) => scan.name, enableSorting: true, enableHiding: false, cell: ({ row: { original: scan } }) => fileLink(scan) };
const vulnerabilitiesColumn: ScanColumn = {
  id: 'sort_key',
  header: 'Vulnerabilities',
  accessorFn: (scan) => scan.vulnerability_counts?.critical ?? null,
  enableSorting: true,
  cell: ({ row: { original: scan } }) => <SalesVulnerabilityCounts counts={scan.vulnerability_counts} />,
};

const columns: ScanColumn[] = [
  fileColumn,
  { id: 'verdict', header: 'Verdict', cell: ({ row: { original: scan } }) => <SalesVerdict scan={scan} /> },
  vulnerabilitiesColumn,
  {
    id: 'component_count',
    header: 'Components',
    accessorFn: (scan) => scan.component_count,
    enableSorting: true,
    cell: ({ row: { original: scan } }) => (scan.component_count === null ? '–' : formatNumber(scan.component_count)),
  },
  { id: 'size', header: 'Size', accessorFn: (scan) => scan.size, enableSorting: true, cell: ({ row: { original: scan } }) => formatBytes(scan.size) },
  { id: 'finished', header: 'Scanned', accessorFn: (scan) => scan.finished, enableSorting: true, cell: ({ row: { original: scan } }) => formatDateTime(scan.finished) },
];

/** The two phone columns side by side fit a 390 px screen without scrolling sideways. */
const PHONE_COLUMN_WIDTH = 170;

/** A phone shows the file with its verdict, size and date under it, beside its vulnerabilities. */
const phoneColumns: ScanColumn[] = [
  {
    ...fileColumn,
    size: PHONE_COLUMN_WIDTH,
    cell: ({ row: { original: scan } }) => (
      <Stack gap={2} align="flex-start">
        {fileLink(scan)}
        <Group gap={6}>
          <SalesVerdict scan={scan} />
        </Group>
        <Text size="xs" c="dimmed">
          {formatBytes(scan.size)} · {formatDateTime(scan.finished)}
        </Text>
      </Stack>
    ),
  },
  { ...vulnerabilitiesColumn, size: PHONE_COLUMN_WIDTH },
];

/** /sales: the ready scans the viewer can see, each opening its sales view. */
export function SalesScansPage() {
  const narrow = usePhoneWidth();
  const { search, setSearch } = useListSearch(readyScanListSearch);
  const query = useQuery(readyScansQueryOptions(readyScanListParams(search)));
  return (
    <>
      <PageHeader title="Sales view" />
      <Stack gap="xs" mb="md">
        <Text size="sm" c="dimmed">
          Pick a ready scan to show its results to a customer, a supplier or a prospect: the sales view shows the file and its findings only, and prints cleanly.
        </Text>
        <Group>
          <ListSearchBox label="Search ready scans" description={SEARCH_HELP} value={search.q} onSearch={(q) => setSearch({ q })} />
        </Group>
      </Stack>
      {query.isPending && <Loader aria-label="Loading ready scans" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <DataTable
            label="Ready scans"
            columns={narrow ? phoneColumns : columns}
            minWidth={narrow ? 2 * PHONE_COLUMN_WIDTH : undefined}
            data={query.data.results}
            getRowId={(scan) => String(scan.id)}
            empty={search.q === '' ? 'No scan is ready yet: upload a file into a group, and its sales view opens here once it is scanned.' : 'No ready scan matches the search.'}
            loading={query.isFetching}
            sorting={{ ordering: search.ordering, onOrderingChange: (ordering) => setSearch({ ordering: ordering as typeof search.ordering }) }}
          />
          <ListPager count={query.data.count} search={search} onChange={setSearch} />
        </>
      )}
    </>
  );
}
