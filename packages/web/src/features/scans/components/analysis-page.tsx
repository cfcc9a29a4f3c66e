import { Alert, Group, Loader, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { NotEvaluated } from '../../../components/not-evaluated.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { scanResultQueryOptions } from '../api/scan-result.ts';
import { statusKind } from '../api/scan-status.ts';
import { scanQueryOptions } from '../api/scans.ts';
import { ComponentsTable, countVulnerabilities } from './components-table.tsx';

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
  if (query.isPending) return <Loader aria-label="Loading components" />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  const { components, licenses, knowledge_base: knowledgeBase } = query.data;
  return (
    <>
      <Group gap="lg" mb="sm">
        <Text fw={500}>Components: {formatNumber(components.length)}</Text>
        <Text fw={500}>Licenses: {formatNumber(licenses.length)}</Text>
        <Text fw={500}>
          Vulnerabilities: {knowledgeBase.updated === null ? <NotEvaluated /> : formatNumber(countVulnerabilities(components))}
        </Text>
      </Group>
      <ComponentsTable components={components} />
    </>
  );
}
