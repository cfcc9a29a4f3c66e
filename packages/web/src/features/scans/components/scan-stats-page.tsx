import { Code, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CopyButton } from '../../../components/copy-button.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { ScanMetadata } from '../../../lib/api-schemas.ts';
import { displayText, formatBytes, formatDateTime, formatDuration, formatNumber } from '../../../lib/format.ts';
import { scanMetadataQueryOptions } from '../api/scan-metadata.ts';
import { FactsTable } from './facts-table.tsx';

type Counts = ScanMetadata['counts'];

const COUNTS: readonly { key: keyof Counts; label: string }[] = [
  { key: 'files', label: 'Files' },
  { key: 'components', label: 'Components' },
  { key: 'licenses', label: 'Licences' },
  { key: 'executables', label: 'Executables' },
  { key: 'code_findings', label: 'Static code findings' },
  { key: 'infoleaks', label: 'Information leaks' },
  { key: 'mobile_apps', label: 'Mobile apps' },
  { key: 'docker_images', label: 'Container images' },
  { key: 'kernel_configs', label: 'Kernel configurations' },
  { key: 'errors', label: 'Errors' },
  { key: 'warnings', label: 'Warnings' },
  { key: 'info', label: 'Info' },
];

function Hash({ name, value }: { name: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{value}</Code>
      <CopyButton value={value} label="Copy" ariaLabel={`Copy ${name}`} />
    </Group>
  );
}

function Stats({ metadata }: { metadata: ScanMetadata }) {
  const { input, counts } = metadata;
  return (
    <Stack gap="lg">
      <section aria-labelledby="input-title">
        <Title order={3} size="h5" mb="xs" id="input-title">
          Input
        </Title>
        <FactsTable
          label="Input"
          facts={[
            { label: 'Name', value: displayText(input.name) },
            { label: 'Size', value: `${formatBytes(input.size)} (${formatNumber(input.size)} bytes)` },
            { label: 'Format', value: input.format ?? 'Not recognised' },
            { label: 'SHA-1', value: <Hash name="SHA-1" value={input.sha1} /> },
            { label: 'SHA-256', value: <Hash name="SHA-256" value={input.sha256} /> },
          ]}
        />
      </section>
      <section aria-labelledby="run-title">
        <Title order={3} size="h5" mb="xs" id="run-title">
          Run
        </Title>
        <FactsTable
          label="Run"
          facts={[
            { label: 'Uploaded', value: formatDateTime(metadata.created_at) },
            { label: 'Started', value: formatDateTime(metadata.started_at) },
            { label: 'Finished', value: formatDateTime(metadata.finished_at) },
            { label: 'Analysis time', value: metadata.analysis_ms === null ? '-' : formatDuration(metadata.analysis_ms) },
          ]}
        />
      </section>
      <section aria-labelledby="counts-title">
        <Title order={3} size="h5" mb="xs" id="counts-title">
          Found
        </Title>
        <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm" maw={760} role="list" aria-label="Counts">
          {COUNTS.map(({ key, label }) => (
            <Stack key={key} gap={0} role="listitem" aria-label={label}>
              <Text size="xl" fw={600}>
                {counts[key] === null ? '-' : formatNumber(counts[key])}
              </Text>
              <Text size="sm" c="dimmed">
                {label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}

/** A ready scan's input, run times and the size of each of its lists. */
export function ScanStatsPage({ scanId }: { scanId: number }) {
  const query = useQuery(scanMetadataQueryOptions(scanId));
  if (query.isPending) return <Loader aria-label="Loading the stats" />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return <Stats metadata={query.data} />;
}
