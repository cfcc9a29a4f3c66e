import { Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { Problem, ProblemLevel } from '../../../lib/api-schemas.ts';
import { displayPath, displayText } from '../../../lib/format.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { problemListSearch, scanProblemsQueryOptions } from '../api/scan-problems.ts';

/** Problems carry no id: their place in the whole list is one. */
type PlacedProblem = Problem & { position: number };

const columns: ColumnDef<PlacedProblem, unknown>[] = [
  { id: 'location', header: 'Location', enableHiding: false, cell: ({ row }) => displayPath(row.original.location) },
  { id: 'plugin', header: 'Plugin', cell: ({ row }) => row.original.plugin },
  { id: 'code', header: 'Code', cell: ({ row }) => row.original.code },
  { id: 'message', header: 'Message', cell: ({ row }) => displayText(row.original.message) },
];

const WRAP = { whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;

/** A phone reads the location and the message side by side, each wrapped; code and plugin go under the message. */
const phoneColumns: ColumnDef<PlacedProblem, unknown>[] = [
  { id: 'location', header: 'Location', enableHiding: false, size: 150, cell: ({ row }) => <Text size="sm" style={WRAP}>{displayPath(row.original.location)}</Text> },
  {
    id: 'message',
    header: 'Message',
    enableHiding: false,
    size: 190,
    cell: ({ row }) => (
      <>
        <Text size="sm" style={WRAP}>{displayText(row.original.message)}</Text>
        <Text size="xs" c="dimmed" style={WRAP}>{`${row.original.code} · ${row.original.plugin}`}</Text>
      </>
    ),
  },
];

const LABELS: Record<ProblemLevel, string> = { error: 'Errors', warning: 'Warnings', info: 'Info' };

interface ProblemsPageProps {
  scanId: number;
  level: ProblemLevel;
}

/** Spec §2: errors, warnings and info list scan problems at that level; the page lives in the URL. */
export function ProblemsPage({ scanId, level }: ProblemsPageProps) {
  const narrow = usePhoneWidth();
  const { search, setSearch } = useListSearch(problemListSearch);
  const { limit, offset } = search;
  const query = useQuery(scanProblemsQueryOptions(scanId, level, { limit, offset }));
  if (query.isPending) return <Loader aria-label={`Loading ${LABELS[level].toLowerCase()}`} />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  const rows: PlacedProblem[] = query.data.results.map((problem, index) => ({ ...problem, position: offset + index }));
  return (
    <>
      <DataTable
        label={LABELS[level]}
        columns={narrow ? phoneColumns : columns}
        minWidth={narrow ? 340 : undefined}
        data={rows}
        getRowId={(problem) => String(problem.position)}
        empty={`No ${LABELS[level].toLowerCase()} for this scan.`}
        loading={query.isFetching}
      />
      <ListPager count={query.data.count} search={search} onChange={setSearch} />
    </>
  );
}
