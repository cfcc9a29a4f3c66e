import { Badge, Box, Loader, Select, Text } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { ContentType, FeedEvent, Paged } from '../../../lib/api-schemas.ts';
import { formatDateTime, truncate } from '../../../lib/format.ts';
import { contentTypesQueryOptions, describeAction, describeDetails, describeObject, FEED_LEVELS, type FeedSearch } from '../api/feeds.ts';

interface FeedPageProps {
  query: UseQueryResult<Paged<FeedEvent>>;
  search: FeedSearch;
  onSearchChange: (next: Partial<FeedSearch>) => void;
  /** "Account feed", "Group events". */
  label: string;
}

const LEVEL_COLOR = ['gray', 'gray', 'blue', 'orange', 'red', 'red'] as const;

function feedColumns(types: readonly ContentType[]): ColumnDef<FeedEvent, unknown>[] {
  // Action first after the time: on a narrow screen it is what shows.
  return [
    { id: 'at', header: 'When', size: 150, cell: ({ row: { original } }) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDateTime(original.at)}</Text> },
    { id: 'action', header: 'Action', enableHiding: false, cell: ({ row: { original } }) => <Text size="sm">{describeAction(original.action)}</Text> },
    { id: 'object', header: 'Object', cell: ({ row: { original } }) => <Text size="sm">{describeObject(original, types)}</Text> },
    { id: 'actor', header: 'By', cell: ({ row: { original } }) => <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{original.actor?.email ?? 'System'}</Text> },
    {
      id: 'level',
      header: 'Level',
      size: 70,
      cell: ({ row: { original } }) => (
        <Badge variant="light" color={LEVEL_COLOR[original.level]} aria-label={`Level ${original.level}`}>
          {original.level}
        </Badge>
      ),
    },
    {
      id: 'details',
      header: 'Details',
      cell: ({ row: { original } }) => {
        const text = describeDetails(original.details);
        return (
          <Text size="sm" title={text} maw={360} style={{ wordBreak: 'break-all' }}>
            {truncate(text, 90)}
          </Text>
        );
      },
    },
  ];
}

/** An audit feed, newest first, filtered by the lowest level shown and paged (spec §9 levels 1-5). */
export function FeedPage({ query, search, onSearchChange, label }: FeedPageProps) {
  const { data: types } = useQuery(contentTypesQueryOptions());
  const columns = useMemo(() => feedColumns(types ?? []), [types]);
  return (
    <>
      <Box mb="md" maw={220}>
        <Select
          label="Lowest level shown"
          data={FEED_LEVELS.map((level) => ({ value: String(level), label: level === 1 ? 'All (1 and above)' : `${level} and above` }))}
          value={String(search.min_level)}
          allowDeselect={false}
          onChange={(value) => onSearchChange({ min_level: Number(value ?? 1), offset: 0 })}
        />
      </Box>
      {query.isPending && <Loader aria-label="Loading events" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <DataTable label={label} columns={columns} data={query.data.results} getRowId={(event) => String(event.id)} loading={query.isFetching} empty="No events yet." />
          <ListPager count={query.data.count} search={search} onChange={onSearchChange} />
        </>
      )}
    </>
  );
}
