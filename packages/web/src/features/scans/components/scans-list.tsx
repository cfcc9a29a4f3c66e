import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Pager } from '../../../components/data-table/pager.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { PageSearch } from '../api/scan-search.ts';
import { scansQueryOptions } from '../api/scans.ts';
import { ScansTable } from './scans-table.tsx';

interface ScansListProps {
  params: PageSearch & { group?: number };
  showGroup?: boolean;
  onOffsetChange: (offset: number) => void;
}

export function ScansList({ params, showGroup = false, onOffsetChange }: ScansListProps) {
  const query = useQuery(scansQueryOptions(params));
  if (query.isPending) return <Loader aria-label="Loading applications" />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <ScansTable scans={query.data.results} showGroup={showGroup} />
      <Pager count={query.data.count} limit={params.limit} offset={params.offset} onOffsetChange={onOffsetChange} />
    </>
  );
}
