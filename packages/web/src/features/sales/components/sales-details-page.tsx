import { Table, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { displayText, formatBytes, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { type SalesScanModel, isSalesScanBusy, salesScanQueryOptions } from '../api/sales-scan.ts';
import { salesScanSummaryQueryOptions } from '../api/sales-summary.ts';
import { SalesVerdict } from './sales-verdict.tsx';
import { SalesVulnerabilityCounts } from './sales-vulnerability-counts.tsx';

const STATUS_TEXT = { ready: 'Complete', busy: 'Running', failed: 'Did not complete' } as const;

/** The sales view's details: the file and what its scan found, each fact on its own line. */
export function SalesDetailsPage({ scanId }: { scanId: number }) {
  const { data: scan } = useSuspenseQuery(salesScanQueryOptions(scanId));
  const ready = scan.status === 'R';
  return (
    <Table aria-label="Scan details" verticalSpacing={6} withRowBorders layout="fixed" maw={760}>
      <Table.Tbody>
        <Fact label="File">{displayText(scan.name)}</Fact>
        <Fact label="Size">{formatBytes(scan.size)}</Fact>
        <Fact label="SHA-1">
          <Mono>{scan.sha1}</Mono>
        </Fact>
        <Fact label="SHA-256">
          <Mono>{scan.sha256}</Mono>
        </Fact>
        <Fact label="Uploaded">{formatDateTime(scan.created)}</Fact>
        <Fact label="Scan">{STATUS_TEXT[statusOf(scan)]}</Fact>
        {scan.finished && <Fact label="Scanned">{formatDateTime(scan.finished)}</Fact>}
        {ready && (
          <>
            <Fact label="Verdict">
              <SalesVerdict scan={scan} />
            </Fact>
            <Fact label="Components">{scan.component_count === null ? '–' : formatNumber(scan.component_count)}</Fact>
            <Fact label="Vulnerabilities">
              <SalesVulnerabilityCounts counts={scan.vulnerability_counts} />
            </Fact>
            <VulnerabilityData scanId={scanId} />
          </>
        )}
      </Table.Tbody>
    </Table>
  );
}

/** Which vulnerability data the counts were made with, from the summary (the same the analysis tab reads). */
function VulnerabilityData({ scanId }: { scanId: number }) {
  const { data } = useQuery(salesScanSummaryQueryOptions(scanId));
  if (!data) return null;
  return <Fact label="Vulnerability data">{data.knowledge_base.updated ? `Updated ${formatDateTime(data.knowledge_base.updated)}` : 'None yet: vulnerabilities are not evaluated'}</Fact>;
}

function statusOf(scan: SalesScanModel): keyof typeof STATUS_TEXT {
  if (scan.status === 'R') return 'ready';
  return isSalesScanBusy(scan.status) ? 'busy' : 'failed';
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="35%" fw={500} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

function Mono({ children }: { children: string }) {
  return (
    <Text size="sm" ff="monospace" span style={{ wordBreak: 'break-all' }}>
      {children}
    </Text>
  );
}
