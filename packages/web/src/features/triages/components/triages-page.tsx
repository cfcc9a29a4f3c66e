import { Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { createContext, useContext, useMemo, useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { Rescoring, TriageBadge } from '../../../components/triage-badge.tsx';
import type { Triage } from '../../../lib/api-schemas.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { displayText, formatDateTime } from '../../../lib/format.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { isRescoring, TRIAGE_RATIONALE_NAMES, TRIAGE_RATIONALES, TRIAGE_SCOPE_NAMES, TRIAGE_SCOPES, useTriageAccess } from '../../../lib/triage.ts';
import { type TriageNames, useTriageNames } from '../api/triage-names.ts';
import { triageListParams, triageListSearch, triagesQueryOptions, useTriageFilters, type TriageFilters } from '../api/triages.ts';
import { RemoveSelectedTriages } from './remove-selected-triages.tsx';
import { scopeTarget, versionText } from './triage-text.ts';

type TriageColumn = ColumnDef<Triage, unknown>;

/** The Select's "no filter" choice; it never reaches the URL. */
const ALL = 'all';
const SCOPE_OPTIONS = [{ value: ALL, label: 'All scopes' }, ...TRIAGE_SCOPES.map((scope) => ({ value: scope, label: TRIAGE_SCOPE_NAMES[scope] }))];
const RATIONALE_OPTIONS = [{ value: ALL, label: 'All rationales' }, ...TRIAGE_RATIONALES.map((code) => ({ value: code, label: TRIAGE_RATIONALE_NAMES[code] }))];

/**
 * The names of the page's groups, applications, authors and re-scored vulnerabilities, read by
 * the cells: the columns stay the same while the names arrive, so the rows (and a checkbox
 * being clicked) are kept.
 */
const NamesContext = createContext<TriageNames>({ user: () => undefined, group: () => undefined, application: () => undefined, severity: () => undefined });

const rowLabel = (triage: Triage) => `${triage.vuln_id} of ${triage.component_name}`;

/** The triaged issues (spec §2 /triages): filters and paging in the URL, selected triages removed together. */
export function TriagesPage() {
  const narrow = usePhoneWidth();
  const navigate = useNavigate();
  const { allowed } = useTriageAccess();
  const { search, setSearch } = useListSearch(triageListSearch);
  const { filters, setFilters } = useTriageFilters();
  const query = useQuery(triagesQueryOptions(triageListParams({ ...search, ...filters })));
  const results = useMemo(() => query.data?.results ?? [], [query.data]);
  const names = useTriageNames(results);
  // The table is mounted anew after a removal, which clears its selection.
  const [selected, setSelected] = useState<string[]>([]);
  const [selectionRound, setSelectionRound] = useState(0);
  const filtered = search.q !== '' || filters.scope !== undefined || filters.rationale !== undefined || filters.vuln_id !== undefined;
  const pick = (value: string | null) => (value === null || value === ALL ? undefined : value);
  return (
    <>
      <PageHeader
        title="Triages"
        actions={
          <Button component={Link} to="/triages/vex" variant="default" size="xs">
            Import / export VEX
          </Button>
        }
      />
      <Text size="sm" c="dimmed" mb="md" maw={720}>
        Decisions on vulnerabilities: where each holds (its scope), for which versions, and why. Triage from an application&apos;s analysis tab: open a
        component and select its vulnerabilities.
      </Text>
      <Stack gap="xs" mb="md">
        <Group gap="sm" align="flex-end" role="group" aria-label="Filters">
          <ListSearchBox label="Search triages" description="Vulnerability, component or description" value={search.q} onSearch={(q) => setSearch({ q })} />
          <VulnerabilityFilter value={filters.vuln_id} onChange={(vulnId) => setFilters({ vuln_id: vulnId })} />
          <Select label="Scope" data={SCOPE_OPTIONS} value={filters.scope ?? ALL} allowDeselect={false} onChange={(scope) => setFilters({ scope: pick(scope) as TriageFilters['scope'] })} w={170} />
          <Select
            label="Rationale"
            data={RATIONALE_OPTIONS}
            value={filters.rationale ?? ALL}
            allowDeselect={false}
            onChange={(rationale) => setFilters({ rationale: pick(rationale) as TriageFilters['rationale'] })}
            w={170}
          />
        </Group>
      </Stack>
      {query.isPending && <Loader aria-label="Loading triages" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <NamesContext.Provider value={names}>
          <DataTable
            key={selectionRound}
            label="Triages"
            columns={narrow ? PHONE_COLUMNS : COLUMNS}
            data={results}
            getRowId={(triage) => String(triage.id)}
            rowLabel={rowLabel}
            empty={filtered ? 'No triages match these filters.' : 'No triages yet. Open a component in an application’s analysis tab and triage its vulnerabilities.'}
            loading={query.isFetching}
            sorting={{ ordering: search.ordering, onOrderingChange: (ordering) => setSearch({ ordering: ordering as typeof search.ordering }) }}
            onOpenRow={(triage) => void navigate({ to: '/triages/$triageId', params: { triageId: triage.id } })}
            minWidth={narrow ? 360 : 900}
            {...(allowed
              ? {
                  onSelectionChange: setSelected,
                  toolbar: (
                    <RemoveSelectedTriages
                      triages={results.filter((triage) => selected.includes(String(triage.id)))}
                      onDone={() => {
                        setSelected([]);
                        setSelectionRound((round) => round + 1);
                      }}
                    />
                  ),
                }
              : {})}
          />
          <ListPager count={query.data.count} search={search} onChange={setSearch} />
        </NamesContext.Provider>
      )}
    </>
  );
}

/** An exact vulnerability id, applied on Enter like the search. */
function VulnerabilityFilter({ value, onChange }: { value: string | undefined; onChange: (vulnId: string | undefined) => void }) {
  return (
    <form
      role="search"
      aria-label="Vulnerability filter"
      style={{ flex: '0 1 200px' }}
      onSubmit={(event) => {
        event.preventDefault();
        const text = new FormData(event.currentTarget).get('vuln_id');
        onChange(typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined);
      }}
    >
      <TextInput name="vuln_id" label="Vulnerability" placeholder="CVE-2024-5535" defaultValue={value ?? ''} key={value ?? ''} />
    </form>
  );
}

function VulnerabilityCell({ triage }: { triage: Triage }) {
  return (
    <AnchorLink to="/triages/$triageId" params={{ triageId: triage.id }} size="sm" ff="monospace">
      {displayText(triage.vuln_id)}
    </AnchorLink>
  );
}

function ComponentCell({ triage }: { triage: Triage }) {
  return (
    <Stack gap={0} maw={240} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      <Text size="sm">{displayText(triage.component_name)}</Text>
      <Text size="xs" c="dimmed" ff="monospace" title={triage.version_range === null ? 'This version only' : 'Every version in this range'}>
        {versionText(triage)}
      </Text>
    </Stack>
  );
}

function ScopeCell({ triage }: { triage: Triage }) {
  const names = useContext(NamesContext);
  const target = scopeTarget(triage, names);
  return (
    <Stack gap={0} maw={220}>
      <Text size="sm">{TRIAGE_SCOPE_NAMES[triage.scope]}</Text>
      {target !== '' && (
        <Text size="xs" c="dimmed" ff={triage.scope === 'FH' ? 'monospace' : undefined} truncate="end" title={target}>
          {target}
        </Text>
      )}
    </Stack>
  );
}

function RescoreCell({ triage }: { triage: Triage }) {
  const names = useContext(NamesContext);
  if (!isRescoring(triage)) return <Text size="sm" c="dimmed">–</Text>;
  return <Rescoring before={names.severity(triage.vuln_id)} triage={triage} />;
}

function ChangedCell({ triage }: { triage: Triage }) {
  const names = useContext(NamesContext);
  const { display_local_time: local } = useCurrentUser();
  return (
    <Stack gap={0}>
      <Text size="sm">{displayText(names.user(triage.user) ?? (triage.user === null ? 'removed user' : `user #${triage.user}`))}</Text>
      <Text size="xs" c="dimmed" title={`Made ${formatDateTime(triage.created, local)}`}>
        {formatDateTime(triage.modified, local)}
      </Text>
    </Stack>
  );
}

const vulnerability: TriageColumn = { id: 'vuln_id', header: 'Vulnerability', accessorFn: (t) => t.vuln_id, enableSorting: true, enableHiding: false, cell: ({ row: { original } }) => <VulnerabilityCell triage={original} /> };
const component: TriageColumn = { id: 'component_name', header: 'Component', accessorFn: (t) => t.component_name, enableSorting: true, cell: ({ row: { original } }) => <ComponentCell triage={original} /> };
const rationale: TriageColumn = { id: 'rationale', header: 'Rationale', cell: ({ row: { original } }) => <TriageBadge triage={original} /> };
const scope: TriageColumn = { id: 'scope', header: 'Scope', cell: ({ row: { original } }) => <ScopeCell triage={original} /> };
const rescore: TriageColumn = { id: 'rescore', header: 'Re-score', cell: ({ row: { original } }) => <RescoreCell triage={original} /> };
const description: TriageColumn = {
  id: 'description',
  header: 'Description',
  cell: ({ row: { original } }) =>
    original.description === '' ? (
      <Text size="sm" c="dimmed">–</Text>
    ) : (
      <Text size="sm" lineClamp={2} maw={280} miw={160} title={original.description} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
        {displayText(original.description)}
      </Text>
    ),
};
const changed: TriageColumn = { id: 'modified', header: 'Changed', accessorFn: (t) => t.modified, enableSorting: true, sortDescFirst: true, cell: ({ row: { original } }) => <ChangedCell triage={original} /> };
const COLUMNS: TriageColumn[] = [vulnerability, component, rationale, scope, rescore, description, changed];
/**
 * A phone: what is triaged (the vulnerability, its component and versions, the description) and
 * the decision (rationale, where it holds, a re-scoring) fill the screen; who changed it when is
 * reached by scrolling.
 */
const PHONE_COLUMNS: TriageColumn[] = [
  {
    ...vulnerability,
    size: 180,
    cell: ({ row: { original } }) => (
      <Stack gap={2} maw={180} style={{ whiteSpace: 'normal' }}>
        <VulnerabilityCell triage={original} />
        <ComponentCell triage={original} />
        {original.description !== '' && (
          <Text size="xs" lineClamp={2} title={original.description} style={{ overflowWrap: 'anywhere' }}>
            {displayText(original.description)}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    ...rationale,
    header: 'Decision',
    size: 140,
    cell: ({ row: { original } }) => (
      <Stack gap={4} align="flex-start" miw={120}>
        <TriageBadge triage={original} />
        <ScopeCell triage={original} />
        {isRescoring(original) && <RescoreCell triage={original} />}
      </Stack>
    ),
  },
  changed,
];
