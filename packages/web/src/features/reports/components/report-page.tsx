import { Alert, Button, Group as Row, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { ReportJob } from '../../../lib/api-schemas.ts';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { isBeingMade, reportDownloadUrl, reportQueryOptions, useRemoveReport } from '../api/reports.ts';
import { FORMAT_LABELS } from './report-format.ts';
import { ReportStateBadge } from './report-state-badge.tsx';

interface ReportPageProps {
  reportId: number;
  /**
   * Spec §2 /download/{reportId}: once the report is ready the browser is sent to its download,
   * with this query passed on; until then the page waits as /report/{reportId} does.
   */
  download?: { search: string; start: (url: string) => void };
}

/** Spec §2 /report/{reportId}: one report's state, asked for every 2 s while it is made; Download when ready, the reason when it failed. */
export function ReportPage({ reportId, download }: ReportPageProps) {
  const query = useQuery(reportQueryOptions(reportId));
  const report = query.data;
  const started = useRef(false);
  useEffect(() => {
    if (download && report?.state === 'ready' && !started.current) {
      started.current = true;
      download.start(reportDownloadUrl(report.id, download.search));
    }
  }, [download, report]);
  if (query.isPending) return <Loader aria-label="Loading the report" />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return <ReportDetails report={query.data} downloading={download !== undefined && query.data.state === 'ready'} />;
}

function ReportDetails({ report, downloading }: { report: ReportJob; downloading: boolean }) {
  const navigate = useNavigate();
  const remove = useRemoveReport();
  const [confirming, setConfirming] = useState(false);
  const ready = report.state === 'ready';
  return (
    <Stack gap="md" maw={760}>
      <PageHeader
        title={<Text inherit style={{ overflowWrap: 'anywhere' }}>{report.name}</Text>}
        actions={
          <>
            {ready && (
              <Button component="a" href={reportDownloadUrl(report.id)} download>
                Download
              </Button>
            )}
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </>
        }
      />
      <Row gap="sm">
        <ReportStateBadge state={report.state} />
        {isBeingMade(report) && (
          <Row gap={6}>
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed">
              The report is being made; this page follows it.
            </Text>
          </Row>
        )}
      </Row>
      {downloading && (
        <Alert color="green" title="Your download has started">
          If it does not start, use the Download button.
        </Alert>
      )}
      {report.state === 'failed' && (
        <Alert color="red" title="The report could not be made">
          {report.error ?? 'No reason was recorded.'}
        </Alert>
      )}
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={140}>Format</Table.Th>
            <Table.Td>{FORMAT_LABELS[report.format]}</Table.Td>
          </Table.Tr>
          {report.scan !== null && (
            <Table.Tr>
              <Table.Th>Application</Table.Th>
              <Table.Td>
                <AnchorLink to="/product/$scanId" params={{ scanId: report.scan }} size="sm">
                  Open the application
                </AnchorLink>
              </Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Th>Asked for</Table.Th>
            <Table.Td>{formatDateTime(report.created)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Finished</Table.Th>
            <Table.Td>{report.finished ? formatDateTime(report.finished) : '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Size</Table.Th>
            <Table.Td>{report.size === null ? '—' : formatBytes(report.size)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        Reports are kept for 7 days. <AnchorLink to="/reports" size="sm">All your reports</AnchorLink>
      </Text>
      <ConfirmDialog
        opened={confirming}
        title="Delete report"
        message={`Delete the report "${report.name}"? Its file is removed too.`}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        // A promise, not mutate's own callbacks: those are dropped if this page unmounts first
        // (the report it shows is gone from the cache). A failure shows through the mutation.
        onConfirm={() => void remove.mutateAsync(report.id).then(() => navigate({ to: '/reports' }), () => undefined)}
      />
    </Stack>
  );
}
