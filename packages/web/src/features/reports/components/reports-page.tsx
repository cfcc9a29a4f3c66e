import { Box, Button, Group as Row, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { ReportJob } from '../../../lib/api-schemas.ts';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { reportDownloadUrl, reportListParams, reportListSearch, reportsQueryOptions, useRemoveReport } from '../api/reports.ts';
import { FORMAT_LABELS } from './report-format.ts';
import { ReportStateBadge } from './report-state-badge.tsx';

type ReportColumn = ColumnDef<ReportJob, unknown>;

/** Spec §2 /reports/: the reports the user had made in the background, newest first, each downloaded or deleted here. */
export function ReportsPage() {
  const narrow = usePhoneWidth();
  const { search, setSearch } = useListSearch(reportListSearch);
  const query = useQuery(reportsQueryOptions(reportListParams(search)));
  const remove = useRemoveReport();
  const [removing, setRemoving] = useState<ReportJob | null>(null);
  const columns = useMemo(() => reportColumns(setRemoving, narrow), [narrow]);
  return (
    <>
      <PageHeader title="Reports" />
      {query.isPending && <Loader aria-label="Loading reports" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <DataTable
            label="Reports"
            columns={columns}
            data={query.data.results}
            getRowId={(report) => String(report.id)}
            loading={query.isFetching}
            minWidth={narrow ? 340 : undefined}
            empty="No reports yet. To make one, open an application and choose Actions → Make PDF report in the background; it is listed here, and kept for 7 days."
          />
          <ListPager count={query.data.count} search={search} onChange={setSearch} />
        </>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Delete report"
        message={`Delete the report "${removing?.name ?? ''}"? Its file is removed too.`}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      />
    </>
  );
}

function reportColumns(remove: (report: ReportJob) => void, narrow: boolean): ReportColumn[] {
  const name: ReportColumn = {
    id: 'name',
    header: 'Name',
    enableHiding: false,
    cell: ({ row: { original } }) => (
      <Stack gap={0} miw={narrow ? 140 : 180} maw={380}>
        <AnchorLink to="/report/$reportId" params={{ reportId: original.id }} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {original.name}
        </AnchorLink>
        {narrow && (
          <>
            <Text size="xs" c="dimmed">
              {FORMAT_LABELS[original.format]} · {formatDateTime(original.created)}
            </Text>
            <Box mt={4}>
              <ReportStateBadge state={original.state} />
            </Box>
          </>
        )}
      </Stack>
    ),
  };
  const format: ReportColumn = { id: 'format', header: 'Format', size: 170, cell: ({ row: { original } }) => <Text size="sm">{FORMAT_LABELS[original.format]}</Text> };
  const state: ReportColumn = { id: 'state', header: 'State', size: 120, enableHiding: false, cell: ({ row: { original } }) => <ReportStateBadge state={original.state} /> };
  const made: ReportColumn = { id: 'created', header: 'Made', size: 170, cell: ({ row: { original } }) => <Text size="sm">{formatDateTime(original.created)}</Text> };
  const size: ReportColumn = {
    id: 'size',
    header: 'Size',
    size: 100,
    cell: ({ row: { original } }) => (
      <Text size="sm" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {original.size === null ? '' : formatBytes(original.size)}
      </Text>
    ),
  };
  const actions: ReportColumn = {
    id: 'actions',
    header: 'Actions',
    size: narrow ? 100 : 190,
    enableHiding: false,
    cell: ({ row: { original } }) => (
      <Row gap="xs" wrap={narrow ? 'wrap' : 'nowrap'}>
        {original.state === 'ready' && (
          <Button component="a" href={reportDownloadUrl(original.id)} download size="compact-xs" variant="light" aria-label={`Download ${original.name}`}>
            Download
          </Button>
        )}
        <Button size="compact-xs" variant="light" color="red" onClick={() => remove(original)} aria-label={`Delete ${original.name}`}>
          Delete
        </Button>
      </Row>
    ),
  };
  // A phone shows the state under the name: a column of its own is too narrow for the badge.
  return narrow ? [name, actions] : [name, format, state, made, size, actions];
}
