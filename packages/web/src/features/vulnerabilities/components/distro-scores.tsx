import { Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import type { DistroCvss } from '../../../lib/api-schemas.ts';
import { displayText, formatNumber } from '../../../lib/format.ts';
import { useSearchWriter } from '../../../lib/list-search.ts';
import { vulnerabilityQueryOptions } from '../api/vulnerabilities.ts';

/** The Select's "every distribution" choice; it never reaches the URL. */
const ALL = 'all';

const columns: ColumnDef<DistroCvss, unknown>[] = [
  { id: 'distro', header: 'Distribution', enableHiding: false, cell: ({ row: { original } }) => displayText(original.distro) },
  { id: 'severity', header: 'Rating', cell: ({ row: { original } }) => displayText(original.severity) },
  {
    id: 'score',
    header: 'Score',
    size: 70,
    cell: ({ row: { original } }) => (
      <Text size="sm" style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {original.score === null ? '–' : formatNumber(original.score, 1)}
      </Text>
    ),
  },
  {
    id: 'vector',
    header: 'Vector',
    cell: ({ row: { original } }) => (
      <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
        {original.vector === null ? '–' : displayText(original.vector)}
      </Text>
    ),
  },
];

interface DistroScoresProps {
  vulnerabilityId: string;
  /** The ratings the page's query answered: every distribution's, or only `distro`'s. */
  scores: DistroCvss[];
  distro: string | undefined;
}

/** The distributions' own ratings (Ubuntu priority, Debian urgency); ?distro= keeps one. */
export function DistroScores({ vulnerabilityId, scores, distro }: DistroScoresProps) {
  const write = useSearchWriter();
  // Every distribution that rates it, for the choice: the unfiltered answer (the page's own when no distro is chosen).
  const all = useQuery(vulnerabilityQueryOptions(vulnerabilityId));
  const distros = [...new Set([...(all.data?.distro_cvss ?? []).map((s) => s.distro), ...(distro ? [distro] : [])])].sort();
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h4">
          Distribution ratings
        </Title>
        {distros.length > 0 && (
          <Select
            label="Distribution"
            data={[{ value: ALL, label: 'All' }, ...distros.map((d) => ({ value: d, label: displayText(d) }))]}
            value={distro ?? ALL}
            allowDeselect={false}
            onChange={(next) => write({ distro: next === null || next === ALL ? undefined : next }, next === null || next === ALL ? ['distro'] : [])}
            w={180}
          />
        )}
      </Group>
      <DataTable
        label="Distribution ratings"
        columns={columns}
        data={scores}
        getRowId={(score) => `${score.distro}-${score.cve}`}
        empty={distro ? `${displayText(distro)} does not rate it.` : 'No distribution rates it.'}
      />
    </Stack>
  );
}
