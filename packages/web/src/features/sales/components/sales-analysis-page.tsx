import { Alert, Box, Group, Loader, Text, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { ScanSummary } from '../../../lib/api-schemas.ts';
import { formatNumber } from '../../../lib/format.ts';
import { salesResultQueryOptions } from '../api/sales-result.ts';
import { isSalesScanBusy, salesScanQueryOptions } from '../api/sales-scan.ts';
import { salesScanSummaryQueryOptions } from '../api/sales-summary.ts';
import { SalesComponentsTable } from './sales-components-table.tsx';

interface SalesAnalysisPageProps {
  scanId: number;
  /** The summary's cards, given by the route: the scan page draws them, and a feature imports no other. */
  renderSummary: (summary: ScanSummary) => ReactNode;
}

/** The sales view's first tab: the summary (from the sales endpoint), then every component with its licences and vulnerabilities. */
export function SalesAnalysisPage({ scanId, renderSummary }: SalesAnalysisPageProps) {
  const { data: scan } = useSuspenseQuery(salesScanQueryOptions(scanId));
  if (scan.status === 'F') {
    return (
      <Alert color="gray" title="No results" role="alert">
        The scan of this file did not complete, so there are no results to show.
      </Alert>
    );
  }
  if (isSalesScanBusy(scan.status)) {
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>The scan is still running; this view updates by itself.</Text>
      </Group>
    );
  }
  return (
    <>
      <SalesSummary scanId={scanId} renderSummary={renderSummary} />
      <SalesComponents scanId={scanId} />
    </>
  );
}

function SalesSummary({ scanId, renderSummary }: SalesAnalysisPageProps) {
  const query = useQuery(salesScanSummaryQueryOptions(scanId));
  return (
    <Box component="section" aria-label="Findings summary" mb="md">
      {query.isPending ? (
        <Loader size="sm" aria-label="Loading summary" />
      ) : query.isError ? (
        <QueryErrorAlert title="Could not load the summary" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        renderSummary(query.data)
      )}
    </Box>
  );
}

function SalesComponents({ scanId }: { scanId: number }) {
  const query = useQuery(salesResultQueryOptions(scanId));
  return (
    <Box component="section" aria-labelledby="sales-components-title">
      <Title order={3} size="h4" mb="xs" id="sales-components-title">
        Components{query.data ? ` (${formatNumber(query.data.components.length)})` : ''}
      </Title>
      {query.isPending ? (
        <Loader size="sm" aria-label="Loading components" />
      ) : query.isError ? (
        <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <SalesComponentsTable components={query.data.components} />
      )}
    </Box>
  );
}
