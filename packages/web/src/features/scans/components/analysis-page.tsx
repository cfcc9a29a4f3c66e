import { Alert, Group, Loader, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { scanResultQueryOptions } from '../api/scan-result.ts';
import { statusKind } from '../api/scan-status.ts';
import { scanQueryOptions } from '../api/scans.ts';
import { ComponentsTable } from './components-table.tsx';
import { ScanSummaryPanel } from './scan-summary-panel.tsx';

interface AnalysisPageProps {
  scanId: number;
}

export function AnalysisPage({ scanId }: AnalysisPageProps) {
  const { data: scan } = useSuspenseQuery(scanQueryOptions(scanId));
  const kind = statusKind(scan.status);
  if (kind === 'failed') {
    return (
      <Alert color="red" title="The scan failed" role="alert">
        {scan.error ?? 'No reason was given.'}
      </Alert>
    );
  }
  if (kind === 'busy') {
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>The scan is still running; this page updates by itself.</Text>
      </Group>
    );
  }
  return <ScanComponents scanId={scanId} />;
}

function ScanComponents({ scanId }: { scanId: number }) {
  const query = useQuery(scanResultQueryOptions(scanId));
  return (
    <>
      <ScanSummaryPanel scanId={scanId} />
      {query.isPending ? (
        <Loader aria-label="Loading components" />
      ) : query.isError ? (
        <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ComponentsTable components={query.data.components} />
      )}
    </>
  );
}
