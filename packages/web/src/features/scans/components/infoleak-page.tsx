import { Badge, Checkbox, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { InfoleakItem } from '../../../lib/api-schemas.ts';
import { displayPath, displayText, truncate } from '../../../lib/format.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import {
  INFOLEAK_KINDS,
  infoleakListParams,
  infoleakListSearch,
  infoleaksQueryOptions,
  useInfoleakFilters,
  useSelectedInfoleak,
  type InfoleakKind,
} from '../api/infoleak.ts';
import { INFOLEAK_KIND_LABELS, InfoleakKindBadge } from './infoleak-kind-badge.tsx';
import { InfoleakPanel, leakLocation } from './infoleak-panel.tsx';
import { usePhoneWidth } from '../../../lib/phone-width.ts';

/** The Kind filter's "no filter" choice; it never reaches the URL. */
const ALL_KINDS = 'all';
const KIND_OPTIONS = [{ value: ALL_KINDS, label: 'All kinds' }, ...INFOLEAK_KINDS.map((kind) => ({ value: kind, label: INFOLEAK_KIND_LABELS[kind].plural }))];

const SEARCH_HELP = 'Text in the value, the file path or the context';

/** A value longer than this is cut in the list; the side panel shows it whole. */
const VALUE_CHARS = 80;


type LeakColumn = ColumnDef<InfoleakItem, unknown>;

/**
 * The masked form of a secret, else the value, on as many lines as it needs. The title holds
 * the same text whole: a secret's real value never goes into the list.
 */
function ValueCell({ leak, phone = false }: { leak: InfoleakItem; phone?: boolean }) {
  const shown = displayText(leak.masked ?? leak.value);
  return (
    <>
      <Text size="sm" ff="monospace" title={shown} miw={phone ? 140 : 320} maw={480} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
        {truncate(shown, VALUE_CHARS)}
      </Text>
      {phone && <FileCell leak={leak} dimmed />}
    </>
  );
}

/** The path may break after each slash (and anywhere in a very long name); line or offset beneath. */
function FileCell({ leak, dimmed = false }: { leak: InfoleakItem; dimmed?: boolean }) {
  const path = displayPath(leak.path);
  const location = leakLocation(leak);
  return (
    <>
      <Text size={dimmed ? 'xs' : 'sm'} c={dimmed ? 'dimmed' : undefined} title={path} lineClamp={3} miw={120} maw={360} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
        {path.split('/').map((part, index) => (
          <Fragment key={index}>
            {index > 0 && (
              <>
                /<wbr />
              </>
            )}
            {part}
          </Fragment>
        ))}
      </Text>
      {location && (
        <Text size="xs" c="dimmed">
          {location}
        </Text>
      )}
    </>
  );
}

const kindColumn: LeakColumn = {
  id: 'kind',
  header: 'Kind',
  enableHiding: false,
  cell: ({ row: { original: leak } }) => (
    <Group gap={4} style={{ whiteSpace: 'normal' }}>
      <InfoleakKindBadge kind={leak.kind} />
      {leak.decoy && (
        <Badge color="gray" variant="outline" size="xs" tt="none" title="A documentation example">
          example
        </Badge>
      )}
    </Group>
  ),
};
const valueColumn: LeakColumn = { id: 'value', header: 'Value', enableHiding: false, cell: ({ row: { original: leak } }) => <ValueCell leak={leak} /> };
const fileColumn: LeakColumn = { id: 'file', header: 'File', cell: ({ row: { original: leak } }) => <FileCell leak={leak} /> };
const detectorColumn: LeakColumn = { id: 'detector', header: 'Detector', cell: ({ row: { original: leak } }) => displayText(leak.detector) };

/** Kind and Detector take what they need; Value and File share the rest. */
const columns: LeakColumn[] = [{ ...kindColumn, size: 150 }, valueColumn, fileColumn, { ...detectorColumn, size: 150 }];

/**
 * On a phone Kind and Value fit the screen side by side, the file under the value; the
 * detector, the least useful, is reached by scrolling.
 */
const phoneColumns: LeakColumn[] = [
  { ...kindColumn, size: 150 },
  { ...valueColumn, size: 210, cell: ({ row: { original: leak } }) => <ValueCell leak={leak} phone /> },
  { ...detectorColumn, size: 240 },
];

interface InfoleakPageProps {
  scanId: number;
}

/** The secrets and personal data found in a ready scan; search, filters, page and the finding shown live in the URL. */
export function InfoleakPage({ scanId }: InfoleakPageProps) {
  const narrow = usePhoneWidth();
  const { search, setSearch } = useListSearch(infoleakListSearch);
  const { filters, setFilters } = useInfoleakFilters();
  const { selected, select } = useSelectedInfoleak();
  const query = useQuery(infoleaksQueryOptions(scanId, infoleakListParams({ ...search, ...filters })));
  // Documentation examples only add rows: an empty list with them shown still means the scan has none.
  const filtered = search.q !== '' || filters.kind !== undefined;
  const rows = query.data?.results ?? [];
  return (
    <>
      <Group gap="sm" align="flex-end" mb="md" role="group" aria-label="Filters">
        <ListSearchBox label="Search information leaks" description={SEARCH_HELP} value={search.q} onSearch={(q) => setSearch({ q })} />
        <Select
          label="Kind"
          data={KIND_OPTIONS}
          value={filters.kind ?? ALL_KINDS}
          allowDeselect={false}
          onChange={(kind) => setFilters({ kind: kind === null || kind === ALL_KINDS ? undefined : (kind as InfoleakKind) })}
          w={210}
          maw="100%"
        />
        <Checkbox
          label="Show documentation examples"
          checked={filters.decoys === true}
          onChange={(event) => setFilters({ decoys: event.currentTarget.checked ? true : undefined })}
          mb={8}
        />
      </Group>
      {query.isPending && <Loader aria-label="Loading information leaks" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <Stack gap={0}>
          <DataTable
            label="Information leaks"
            columns={narrow ? phoneColumns : columns}
            data={rows}
            getRowId={(leak) => String(leak.id)}
            empty={filtered ? 'No information leaks match these filters.' : 'No information leaks in this scan.'}
            loading={query.isFetching}
            onOpenRow={(leak) => select(leak.id)}
          />
          <ListPager count={query.data.count} search={search} onChange={setSearch} />
          <InfoleakPanel scanId={scanId} selected={selected} leak={rows.find((leak) => leak.id === selected)} onClose={() => select(undefined)} />
        </Stack>
      )}
    </>
  );
}
