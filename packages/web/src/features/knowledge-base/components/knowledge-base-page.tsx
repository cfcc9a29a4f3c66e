import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import type { KnowledgeBaseStatus } from '../../../lib/api-schemas.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useSyncNow } from '../api/knowledge-base.ts';
import { useKnowledgeBaseWithSyncWatch } from '../api/sync-watch.ts';
import { BundleUploadForm } from './bundle-upload-form.tsx';
import { SourcesTable } from './sources-table.tsx';

/** The administrator's page "Vulnerability data": what is loaded, from where, how fresh, and the two ways to get more. */
export function KnowledgeBasePage() {
  const { query, watchSync } = useKnowledgeBaseWithSyncWatch();
  const sync = useSyncNow();
  const syncError = sync.error instanceof ApiError && sync.error.status === 409 ? messageOf(sync.error.body) : null;
  return (
    <Stack gap="md">
      <PageHeader
        title="Vulnerability data"
        actions={
          <Button onClick={() => sync.mutate(undefined, { onSuccess: watchSync })} loading={sync.isPending} disabled={query.data?.state === 'importing'}>
            Sync now
          </Button>
        }
      />
      {syncError && <Alert color="yellow">{syncError}</Alert>}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <StateBand status={query.data} />
          <SourcesTable sources={query.data.sources} />
          <Paper withBorder p="md" maw={640}>
            <Title order={3} size="h4" mb="xs">
              Upload an offline bundle
            </Title>
            <BundleUploadForm bundle={query.data.bundle} />
          </Paper>
        </>
      )}
    </Stack>
  );
}

/** The summary band: the state in words, and what to do next. */
function StateBand({ status }: { status: KnowledgeBaseStatus }) {
  const automatic = status.automatic_sync ? 'The server syncs daily from the official feeds.' : 'Automatic sync is off (BINLENS_KB_SYNC=0).';
  const bundleError = status.bundle.state === 'failed' ? ` The last bundle failed: ${status.bundle.last_error ?? 'unknown error'}.` : '';
  switch (status.state) {
    case 'empty':
      return (
        <Alert color="gray" title="No vulnerability data">
          Scans are not evaluated for vulnerabilities until data is loaded. Sync now from the official feeds, or upload a bundle for a server
          without internet access. {automatic}
        </Alert>
      );
    case 'importing':
      return (
        <Alert color="blue" title="Importing">
          {status.updated ? `The data of ${formatDateTime(status.updated)} stays in use until each import completes.` : 'Scans are evaluated as soon as data has arrived.'}
          {bundleError}
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" title="No vulnerability data: the import failed">
          <Text size="sm">See each source's error below; the feeds may be unreachable from this server. Upload a bundle instead, or sync again.{bundleError}</Text>
        </Alert>
      );
    default:
      return (
        <Alert color="green" title="Ready">
          Last updated {formatDateTime(status.updated)}. {automatic}
          {bundleError}
        </Alert>
      );
  }
}
