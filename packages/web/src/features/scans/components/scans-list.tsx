import { Group as Row, Loader, Select, Stack, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useListSearch } from '../../../lib/list-search.ts';
import { STATUS_FILTERS, VERDICT_FILTERS, scanFilterParams, useScanFilters } from '../api/scan-filters.ts';
import { scanListParams, scanListSearch, scansQueryOptions } from '../api/scans.ts';
import { ScanStatisticsSummary } from './scan-statistics-summary.tsx';
import { ScansTable } from './scans-table.tsx';
import { type BulkOutcome, ScanBulkActions, ScanBulkOutcome } from './scan-bulk-actions.tsx';

interface ScansListProps {
  /** Only this group's scans; every visible scan when absent. */
  group?: number;
  showGroup?: boolean;
  /** A summary line (counts by status and worst severity) over the same filters. */
  showStatistics?: boolean;
  /** Beside the search field: what can be done with the list (Upload, say). */
  actions?: ReactNode;
}

const SEARCH_HELP = 'A name (name:NAME for exactly that name), a SHA-1 or SHA-256, or meta:KEY / meta:KEY=VALUE for custom data';

/** A paged, searchable, filterable, sortable scan list; its state lives in the URL (lib/list-search, api/scan-filters). */
export function ScansList({ group, showGroup = false, showStatistics = false, actions }: ScansListProps) {
  const { search, setSearch } = useListSearch(scanListSearch);
  const { filters, setFilters } = useScanFilters();
  const filterParams = scanFilterParams(filters);
  const query = useQuery(scansQueryOptions({ ...scanListParams(search, group), ...filterParams }));
  const filtered = search.q !== '' || Object.keys(filterParams).length > 0;
  // Bulk actions on the selected rows; the table is mounted anew after one, which clears its selection.
  const [selected, setSelected] = useState<number[]>([]);
  const [selectionRound, setSelectionRound] = useState(0);
  const [bulkOutcome, setBulkOutcome] = useState<BulkOutcome | null>(null);
  return (
    <>
      <Stack gap="xs" mb="md">
        <Row justify="space-between" align="flex-end" gap="sm">
          <ListSearchBox label="Search applications" description={SEARCH_HELP} value={search.q} onSearch={(q) => setSearch({ q })} />
          {actions}
        </Row>
        <Row gap="sm" align="flex-end" role="group" aria-label="Filters">
          <Select
            label="Status"
            placeholder="Any"
            clearable
            data={STATUS_FILTERS}
            value={filters.status ?? null}
            onChange={(status) => setFilters({ status: (status ?? undefined) as typeof filters.status })}
            w={150}
          />
          <Select
            label="Verdict"
            placeholder="Any"
            clearable
            data={VERDICT_FILTERS}
            value={filters.verdict ?? null}
            onChange={(verdict) => setFilters({ verdict: (verdict ?? undefined) as typeof filters.verdict })}
            w={150}
          />
          <TextInput
            type="date"
            label="Created from"
            value={filters.created_from ?? ''}
            onChange={(event) => setFilters({ created_from: event.currentTarget.value || undefined })}
            w={160}
          />
          <TextInput
            type="date"
            label="Created to"
            value={filters.created_to ?? ''}
            onChange={(event) => setFilters({ created_to: event.currentTarget.value || undefined })}
            w={160}
          />
        </Row>
      </Stack>
      {showStatistics && <ScanStatisticsSummary params={{ ...(group === undefined ? {} : { group }), ...(search.q ? { q: search.q } : {}), ...filterParams }} />}
      {query.isPending && <Loader aria-label="Loading applications" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {bulkOutcome && <ScanBulkOutcome {...bulkOutcome} onClose={() => setBulkOutcome(null)} />}
      {query.data && (
        <>
          <ScansTable
            key={selectionRound}
            onSelectionChange={setSelected}
            toolbar={
              <ScanBulkActions
                ids={selected}
                onDone={(outcome) => {
                  setSelected([]);
                  setSelectionRound((round) => round + 1);
                  setBulkOutcome(outcome);
                }}
              />
            }
            scans={query.data.results}
            showGroup={showGroup}
            loading={query.isFetching}
            empty={filtered ? 'No applications match the search.' : 'No applications yet.'}
            sorting={{ ordering: search.ordering, onOrderingChange: (ordering) => setSearch({ ordering: ordering as typeof search.ordering }) }}
          />
          <ListPager count={query.data.count} search={search} onChange={setSearch} />
        </>
      )}
    </>
  );
}
