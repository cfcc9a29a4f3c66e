import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type Column } from '../../../components/data-table/data-table.tsx';
import { Pager } from '../../../components/data-table/pager.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { Problem, ProblemLevel } from '../../../lib/api-schemas.ts';
import { displayPath, displayText } from '../../../lib/format.ts';
import { scanProblemsQueryOptions } from '../api/scan-problems.ts';
import type { PageSearch } from '../api/scan-search.ts';

const columns: Column<Problem>[] = [
  { id: 'location', header: 'Location', cell: (problem) => displayPath(problem.location) },
  { id: 'plugin', header: 'Plugin', cell: (problem) => problem.plugin },
  { id: 'code', header: 'Code', cell: (problem) => problem.code },
  { id: 'message', header: 'Message', cell: (problem) => displayText(problem.message) },
];

const LABELS: Record<ProblemLevel, string> = { error: 'Errors', warning: 'Warnings', info: 'Info' };

interface ProblemsPageProps {
  scanId: number;
  level: ProblemLevel;
  page: PageSearch;
  onOffsetChange: (offset: number) => void;
}

/** Spec §2: errors, warnings and info list scan problems at that level. */
export function ProblemsPage({ scanId, level, page, onOffsetChange }: ProblemsPageProps) {
  const query = useQuery(scanProblemsQueryOptions(scanId, level, page));
  if (query.isPending) return <Loader aria-label={`Loading ${LABELS[level].toLowerCase()}`} />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <DataTable
        label={LABELS[level]}
        columns={columns}
        rows={query.data.results}
        rowKey={(_problem, index) => page.offset + index}
        empty={`No ${LABELS[level].toLowerCase()} for this scan.`}
      />
      <Pager count={query.data.count} limit={page.limit} offset={page.offset} onOffsetChange={onOffsetChange} />
    </>
  );
}
