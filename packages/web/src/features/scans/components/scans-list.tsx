import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useListSearch } from '../../../lib/list-search.ts';
import { scanListParams, scanListSearch, scansQueryOptions } from '../api/scans.ts';
import { ScansTable } from './scans-table.tsx';

interface ScansListProps {
  /** Only this group's scans; every visible scan when absent. */
  group?: number;
  showGroup?: boolean;
}

/** A paged scan list; its page lives in the URL (lib/list-search). */
export function ScansList({ group, showGroup = false }: ScansListProps) {
  const { search, setSearch } = useListSearch(scanListSearch);
  const query = useQuery(scansQueryOptions(scanListParams(search, group)));
  if (query.isPending) return <Loader aria-label="Loading applications" />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <ScansTable scans={query.data.results} showGroup={showGroup} loading={query.isFetching} />
      <ListPager count={query.data.count} search={search} onChange={setSearch} />
    </>
  );
}
