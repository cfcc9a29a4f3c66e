import { Badge, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import type { KnowledgeBaseSource } from '../../../lib/api-schemas.ts';
import { formatBytes, formatDateTime, formatNumber, formatPercent } from '../../../lib/format.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';

const STATE_COLOURS: Record<KnowledgeBaseSource['state'], string> = {
  empty: 'gray', waiting: 'blue', importing: 'blue', retrying: 'orange', ready: 'green', failed: 'red',
};

const SOURCE_TITLES: Record<string, string> = {
  nvd: 'NVD', osv: 'OSV', epss: 'EPSS', kev: 'CISA KEV', debian: 'Debian tracker', alpine: 'Alpine secdb', ubuntu: 'Ubuntu',
  cve5: 'CVE records', 'nvd-override': 'NVD overrides', vendor: 'Vendor advisories',
};

/** One row per source: state, live records, last import with the feed's date, and the progress or the error. */
export function SourcesTable({ sources }: { sources: KnowledgeBaseSource[] }) {
  const narrow = usePhoneWidth();
  if (narrow) return <SourcesList sources={sources} />;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing={6} striped aria-label="Sources">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Source</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th ta="right">Records</Table.Th>
            <Table.Th>Last import</Table.Th>
            <Table.Th>Feed date</Table.Th>
            <Table.Th w="34%">Progress or error</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sources.map((source) => (
            <Table.Tr key={source.name}>
              <Table.Td>{SOURCE_TITLES[source.name] ?? source.name}</Table.Td>
              <Table.Td>
                <Badge color={STATE_COLOURS[source.state]} variant="light" size="sm">
                  {source.state}
                </Badge>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatNumber(source.records)}
              </Table.Td>
              <Table.Td>{formatDateTime(source.last_success)}</Table.Td>
              <Table.Td>{formatDateTime(source.feed_date)}</Table.Td>
              <Table.Td>
                <SourceDetail source={source} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The phone layout: a card per source, name and state on top, the figures in two columns, then progress or error. */
function SourcesList({ sources }: { sources: KnowledgeBaseSource[] }) {
  return (
    <Stack gap="xs" component="ul" aria-label="Sources" p={0} m={0} style={{ listStyle: 'none' }}>
      {sources.map((source) => (
        <Paper key={source.name} component="li" withBorder p="sm" aria-label={SOURCE_TITLES[source.name] ?? source.name}>
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Text fw={600} size="sm">{SOURCE_TITLES[source.name] ?? source.name}</Text>
            <Badge color={STATE_COLOURS[source.state]} variant="light" size="sm">
              {source.state}
            </Badge>
          </Group>
          <Group gap={4} style={{ columnGap: 16 }}>
            <Figure label="Records" value={formatNumber(source.records)} />
            <Figure label="Last import" value={formatDateTime(source.last_success)} />
            <Figure label="Feed date" value={formatDateTime(source.feed_date)} />
          </Group>
          <SourceDetail source={source} />
        </Paper>
      ))}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Text size="xs">
      <Text span c="dimmed" size="xs">{label}: </Text>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</span>
    </Text>
  );
}

function SourceDetail({ source }: { source: KnowledgeBaseSource }) {
  const { progress } = source;
  if (progress) {
    const what = progress.phase === 'download'
      ? `downloading ${formatBytes(progress.bytes)}${progress.total_bytes === null ? '' : ` of ${formatBytes(progress.total_bytes)}`}`
      : `${formatNumber(progress.records)} records read`;
    return (
      <Stack gap={2}>
        {progress.percent !== null && <Progress value={progress.percent} size="sm" aria-label={`${source.name} progress`} />}
        <Text size="xs">{progress.percent === null ? what : `${what} (${formatPercent(progress.percent / 100)})`}</Text>
      </Stack>
    );
  }
  if (source.last_error) {
    return (
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Text size="xs" c="red" style={{ wordBreak: 'break-word' }}>
          {source.last_error}
          {source.next_attempt ? ` — next attempt ${formatDateTime(source.next_attempt)}` : ''}
        </Text>
      </Group>
    );
  }
  return source.state === 'waiting' ? <Text size="xs" c="dimmed">waiting for its turn</Text> : null;
}
