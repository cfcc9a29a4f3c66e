import { Badge, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { KernelConfig } from '../../../lib/api-schemas.ts';
import { displayPath, displayText, formatNumber } from '../../../lib/format.ts';
import { scanMetadataQueryOptions } from '../api/scan-metadata.ts';

type Check = KernelConfig['checks'][number];

const SOURCES: Record<KernelConfig['source'], string> = { ikconfig: 'embedded in the kernel (IKCONFIG)', file: 'configuration file' };

const columns: ColumnDef<Check, unknown>[] = [
  { id: 'option', header: 'Option', enableHiding: false, cell: ({ row: { original } }) => <Code>{original.option}</Code> },
  {
    id: 'result',
    header: 'Result',
    enableHiding: false,
    size: 96,
    cell: ({ row: { original } }) => (
      <Badge color={original.ok ? 'teal' : 'red'} variant="light" size="sm" miw={72} tt="none">
        {original.ok ? 'OK' : 'Review'}
      </Badge>
    ),
  },
  { id: 'values', header: 'Found / advised', cell: ({ row: { original } }) => `${displayText(original.actual)} / ${displayText(original.expected)}` },
  { id: 'why', header: 'Why', cell: ({ row: { original } }) => <Text size="sm" miw={200} style={{ whiteSpace: 'normal' }}>{original.why}</Text> },
];

function ConfigChecks({ config }: { config: KernelConfig }) {
  const failed = config.checks.filter((check) => !check.ok);
  // What needs a look first: failed checks, then the rest, each in the engine's order.
  const ordered = [...failed, ...config.checks.filter((check) => check.ok)];
  const path = displayPath(config.path);
  return (
    <section aria-label={path}>
      <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
        {path}
      </Title>
      <Group gap="xs" mb="xs">
        <Text size="sm" c="dimmed">
          {`${SOURCES[config.source]} · ${formatNumber(config.options)} options set · ${formatNumber(failed.length)} of ${formatNumber(config.checks.length)} checks to look at`}
        </Text>
      </Group>
      <DataTable label={`Hardening checks of ${path}`} columns={columns} data={ordered} getRowId={(check) => check.option} empty="No checks apply." />
    </section>
  );
}

/** The Linux kernel configurations a scan found, each checked against hardening advice. */
export function KernelConfigPage({ scanId }: { scanId: number }) {
  const query = useQuery(scanMetadataQueryOptions(scanId));
  if (query.isPending) return <Loader aria-label="Loading the configurations" />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  const configs = query.data.kernel_configs;
  if (configs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No Linux kernel configuration in this scan: neither a config file nor a kernel or module with an embedded configuration (IKCONFIG).
      </Text>
    );
  }
  return (
    <Stack gap="xl">
      {configs.map((config) => (
        <ConfigChecks key={config.path.join('\u0000')} config={config} />
      ))}
    </Stack>
  );
}
