import { Group as Row, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useListSearch } from '../../../lib/list-search.ts';
import { scanListParams, scanListSearch, scansQueryOptions } from '../api/scans.ts';
import { ScansTable } from './scans-table.tsx';

interface ScansListProps {
  /** Only this group's scans; every visible scan when absent. */
  group?: number;
  showGroup?: boolean;
  /** Beside the search field: what can be done with the list (Upload, say). */
  actions?: ReactNode;
}

/** A paged, searchable, sortable scan list; its state lives in the URL (lib/list-search). */
export function ScansList({ group, showGroup = false, actions }: ScansListProps) {
  const { search, setSearch } = useListSearch(scanListSearch);
  const query = useQuery(scansQueryOptions(scanListParams(search, group)));
  return (
    <>
      <Row justify="space-between" align="flex-end" mb="md" gap="sm">
        <ListSearchBox label="Search applications" description="A name, or a SHA-1 or SHA-256" value={search.q} onSearch={(q) => setSearch({ q })} />
        {actions}
      </Row>
      {query.isPending && <Loader aria-label="Loading applications" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <ScansTable
            scans={query.data.results}
            showGroup={showGroup}
            loading={query.isFetching}
            empty={search.q ? 'No applications match the search.' : 'No applications yet.'}
            sorting={{ ordering: search.ordering, onOrderingChange: (ordering) => setSearch({ ordering: ordering as typeof search.ordering }) }}
          />
          <ListPager count={query.data.count} search={search} onChange={setSearch} />
        </>
      )}
    </>
  );
}
