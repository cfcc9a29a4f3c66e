import { Alert, Badge, Button, Checkbox, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { InfoleakItem, InfoleakTriageCreated } from '../../../lib/api-schemas.ts';
import { displayPath, displayText, formatNumber, truncate } from '../../../lib/format.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import { useTriageAccess } from '../../../lib/triage.ts';
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
import { ApplyCustomPatterns } from './apply-custom-patterns.tsx';
import { Can } from '../../../components/can.tsx';
import { InfoleakTriageDialog } from './infoleak-triage-dialog.tsx';
import { TriageSummary } from './infoleak-triages.tsx';
import { usePhoneWidth } from '../../../lib/phone-width.ts';

/** The Kind filter's "no filter" choice; it never reaches the URL. */
const ALL_KINDS = 'all';
const KIND_OPTIONS = [{ value: ALL_KINDS, label: 'All kinds' }, ...INFOLEAK_KINDS.map((kind) => ({ value: kind, label: INFOLEAK_KIND_LABELS[kind].plural }))];

const SEARCH_HELP = 'Text in the value, the file path or the context';

/** On a 390 px phone: the page's margins, the selection box and Kind leave this much for Value (and the file under it). */
const PHONE_VALUE_WIDTH = 190;

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
      <Text size="sm" ff="monospace" title={shown} miw={phone ? 140 : 320} maw={phone ? PHONE_VALUE_WIDTH : 480} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
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
      <Text size={dimmed ? 'xs' : 'sm'} c={dimmed ? 'dimmed' : undefined} title={path} lineClamp={3} miw={120} maw={dimmed ? PHONE_VALUE_WIDTH : 360} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
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
        <Badge color="gray" variant="outline" size="xs" tt="none" title="A documentation example, or a package's own address or link in its documentation, translations or package database">
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
  { ...kindColumn, size: 112 },
  { ...valueColumn, size: PHONE_VALUE_WIDTH, cell: ({ row: { original: leak } }) => <ValueCell leak={leak} phone /> },
  { ...detectorColumn, size: 240 },
];

/** The triaged list's columns: each finding's triage (who made it, when) before the detector, so that a phone shows it. */
function triagedColumns(shown: LeakColumn[], scanId: number): LeakColumn[] {
  const triage: LeakColumn = { id: 'triage', header: 'Triage', size: 200, cell: ({ row: { original: leak } }) => <TriageSummary triages={leak.triages ?? []} scanId={scanId} /> };
  return [...shown.filter((column) => column.id !== 'detector'), triage, ...shown.filter((column) => column.id === 'detector')];
}

interface InfoleakPageProps {
  scanId: number;
}

/** "3 findings triaged. ..." once a triage is made; how many the server says left the list. */
function triagedNotice(made: readonly InfoleakTriageCreated[]): string {
  const count = made.reduce((sum, created) => sum + created.triagedIds.length, 0);
  return `${count === 1 ? '1 finding' : `${formatNumber(count)} findings`} triaged: "Show triaged" lists them.`;
}

/** The secrets and personal data found in a ready scan; search, filters, page and the finding shown live in the URL. */
export function InfoleakPage({ scanId }: InfoleakPageProps) {
  const narrow = usePhoneWidth();
  const { search, setSearch } = useListSearch(infoleakListSearch);
  const { filters, setFilters } = useInfoleakFilters();
  const { selected, select } = useSelectedInfoleak();
  const params = infoleakListParams({ ...search, ...filters });
  const query = useQuery(infoleaksQueryOptions(scanId, params));
  const canTriage = useTriageAccess().allowed;
  const showTriaged = filters.triaged === true;
  // Documentation examples only add rows: an empty list with them shown still means the scan has none.
  const filtered = search.q !== '' || filters.kind !== undefined;
  const rows = query.data?.results ?? [];
  const selectable = canTriage && !showTriaged;
  // The table's selection lasts while the same list is shown; a triage or another page starts afresh.
  const [generation, setGeneration] = useState(0);
  const tableKey = selectable ? `${JSON.stringify(params)}:${generation}` : 'list';
  const [chosen, setChosen] = useState<{ table: string; ids: string[] }>({ table: '', ids: [] });
  const chosenLeaks = chosen.table === tableKey ? rows.filter((leak) => chosen.ids.includes(String(leak.id))) : [];
  const [triaging, setTriaging] = useState<InfoleakItem[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const shownColumns = showTriaged ? triagedColumns(narrow ? phoneColumns : columns, scanId) : narrow ? phoneColumns : columns;
  const empty = showTriaged
    ? filtered ? 'No triaged information leaks match these filters.' : 'No triaged information leaks in this scan.'
    : filtered ? 'No information leaks match these filters.' : 'No information leaks to review in this scan; triaged ones are listed under "Show triaged".';
  return (
    <>
      <Can permissions={['change_infoleakcustomregex']}>
        <ApplyCustomPatterns scanId={scanId} />
      </Can>
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
        <Checkbox
          label="Show triaged"
          checked={showTriaged}
          onChange={(event) => setFilters({ triaged: event.currentTarget.checked ? true : undefined })}
          mb={8}
        />
      </Group>
      {notice && (
        <Alert color="teal" mb="sm" withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(null)} role="status">
          {notice}
        </Alert>
      )}
      {query.isPending && <Loader aria-label="Loading information leaks" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <Stack gap={0}>
          <DataTable
            key={tableKey}
            label={showTriaged ? 'Triaged information leaks' : 'Information leaks'}
            columns={shownColumns}
            data={rows}
            getRowId={(leak) => String(leak.id)}
            empty={empty}
            loading={query.isFetching}
            onOpenRow={(leak) => select(leak.id)}
            {...(selectable
              ? {
                  onSelectionChange: (ids: string[]) => setChosen({ table: tableKey, ids }),
                  rowLabel: (leak: InfoleakItem) => `${INFOLEAK_KIND_LABELS[leak.kind].one} ${truncate(displayText(leak.masked ?? leak.value), 40)}`,
                  toolbar: (
                    <Button size="compact-sm" disabled={chosenLeaks.length === 0} onClick={() => setTriaging(chosenLeaks)} title={chosenLeaks.length === 0 ? 'Select findings to triage' : undefined}>
                      Triage
                    </Button>
                  ),
                }
              : {})}
          />
          <ListPager count={query.data.count} search={search} onChange={setSearch} />
          <InfoleakPanel
            scanId={scanId}
            selected={selected}
            leak={rows.find((leak) => leak.id === selected)}
            onClose={() => select(undefined)}
            onTriage={canTriage ? (leak) => setTriaging([leak]) : undefined}
          />
        </Stack>
      )}
      <InfoleakTriageDialog
        opened={triaging !== null}
        scanId={scanId}
        leaks={triaging ?? []}
        onClose={() => setTriaging(null)}
        onTriaged={(made) => {
          setGeneration((n) => n + 1);
          setNotice(triagedNotice(made));
        }}
      />
    </>
  );
}
