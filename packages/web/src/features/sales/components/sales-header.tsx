import { Box, Button, Group, Text, Title } from '@mantine/core';
import { displayText, formatBytes, formatDate, formatDateTime } from '../../../lib/format.ts';
import type { SalesScanModel } from '../api/sales-scan.ts';
import { SalesVerdict } from './sales-verdict.tsx';

interface SalesHeaderProps {
  scan: SalesScanModel;
  /** When the view was prepared: today, as the printout says. */
  preparedAt: string;
}

/** The file and its verdict as a customer reads them: name, verdict, size, hashes, and who prepared the view when. */
export function SalesHeader({ scan, preparedAt }: SalesHeaderProps) {
  return (
    <Box component="section" mb="md" aria-label="Scanned file">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="xs">
        <Title order={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {displayText(scan.name)}
        </Title>
        <Button variant="default" size="sm" onClick={() => window.print()} data-sales-screen-only>
          Print
        </Button>
      </Group>
      <Group gap="md" mb="xs" role="group" aria-label="Verdict and size">
        <SalesVerdict scan={scan} />
        <Text size="sm">Size: {formatBytes(scan.size)}</Text>
        {scan.finished && <Text size="sm">Scanned: {formatDateTime(scan.finished)}</Text>}
      </Group>
      <Box component="dl" m={0} mb="xs" style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 12, rowGap: 2 }}>
        <Hash label="SHA-1" value={scan.sha1} />
        <Hash label="SHA-256" value={scan.sha256} />
      </Box>
      <Text size="xs" c="dimmed">
        Prepared with Binlens on {formatDate(preparedAt)}
      </Text>
    </Box>
  );
}

/** A hash whole, in monospace, wrapping anywhere: a printout cannot hover or copy. */
function Hash({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" ff="monospace" m={0} style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </>
  );
}
