import { Badge, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { NotEvaluated } from '../../../components/not-evaluated.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { SeverityBadge } from '../../../components/severity-badge.tsx';
import type { ComponentVulnerability } from '../../../lib/api-schemas.ts';
import { displayText, formatPercent, truncate } from '../../../lib/format.ts';
import { useNoVulnerabilityData } from '../../../lib/knowledge-base.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { componentVulnerabilitiesQueryOptions, componentVulnerabilityParams, componentVulnerabilitySearch } from '../api/component-vulnerabilities.ts';

type VulnerabilityColumn = ColumnDef<ComponentVulnerability, unknown>;

/** Ranges shown in a row; the rest are on hover. */
const SHOWN_RANGES = 2;
const SUMMARY_LENGTH = 140;

function IdCell({ vulnerability }: { vulnerability: ComponentVulnerability }) {
  return (
    <AnchorLink to="/vulnerabilities/$vulnerabilityId" params={{ vulnerabilityId: vulnerability.vuln_id }} size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
      {displayText(vulnerability.vuln_id)}
    </AnchorLink>
  );
}

/** The affected ranges in words; several entries of one record (NVD lists versions one by one) collapse behind "+N more". */
function Ranges({ vulnerability }: { vulnerability: ComponentVulnerability }) {
  const ranges = [...new Set(vulnerability.ranges.map((r) => r.range))];
  const more = ranges.length - SHOWN_RANGES;
  return (
    <Stack gap={0}>
      {ranges.slice(0, SHOWN_RANGES).map((range) => (
        <Text key={range} size="xs" ff="monospace">
          {displayText(range)}
        </Text>
      ))}
      {more > 0 && (
        <Tooltip label={ranges.slice(SHOWN_RANGES).map(displayText).join('; ')} multiline maw={360}>
          <Text size="xs" c="dimmed" tabIndex={0}>
            +{more} more
          </Text>
        </Tooltip>
      )}
    </Stack>
  );
}

function ExploitCell({ vulnerability }: { vulnerability: ComponentVulnerability }) {
  return (
    <Group gap={4} wrap="nowrap">
      {vulnerability.kev && (
        <Tooltip label={`In CISA's Known Exploited Vulnerabilities catalog since ${vulnerability.kev.date_added}`}>
          <Badge color="red" variant="filled" size="sm">
            KEV
          </Badge>
        </Tooltip>
      )}
      {vulnerability.epss ? (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }} title={`EPSS percentile ${formatPercent(vulnerability.epss.percentile)}`}>
          {formatPercent(vulnerability.epss.score)}
        </Text>
      ) : (
        !vulnerability.kev && <Text size="sm" c="dimmed">–</Text>
      )}
    </Group>
  );
}

const idColumn: VulnerabilityColumn = { id: 'vuln_id', header: 'Vulnerability', accessorFn: (v) => v.vuln_id, enableSorting: true, enableHiding: false, cell: ({ row: { original } }) => <IdCell vulnerability={original} /> };
const severityColumn: VulnerabilityColumn = {
  id: 'score', header: 'Severity', accessorFn: (v) => v.score, enableSorting: true, sortDescFirst: true, cell: ({ row: { original } }) => <SeverityBadge severity={original.severity} score={original.score} />,
};
const epssColumn: VulnerabilityColumn = { id: 'epss', header: 'EPSS · KEV', accessorFn: (v) => v.epss?.score ?? null, enableSorting: true, sortDescFirst: true, cell: ({ row: { original } }) => <ExploitCell vulnerability={original} /> };
const rangesColumn: VulnerabilityColumn = { id: 'ranges', header: 'Affected versions', cell: ({ row: { original } }) => <Ranges vulnerability={original} /> };
const summaryColumn: VulnerabilityColumn = {
  id: 'summary',
  header: 'Summary',
  cell: ({ row: { original } }) => (
    <Text size="sm" title={original.summary} miw={200} maw={420} style={{ whiteSpace: 'normal' }}>
      {truncate(displayText(original.summary), SUMMARY_LENGTH)}
    </Text>
  ),
};

const columns: VulnerabilityColumn[] = [idColumn, severityColumn, epssColumn, rangesColumn, summaryColumn];
/** A phone keeps the id with its severity under it, and the affected versions. */
const phoneColumns: VulnerabilityColumn[] = [
  {
    ...idColumn,
    size: 170,
    cell: ({ row: { original } }) => (
      <Stack gap={2}>
        <IdCell vulnerability={original} />
        <Group gap={4}>
          <SeverityBadge severity={original.severity} score={original.score} />
          <ExploitCell vulnerability={original} />
        </Group>
      </Stack>
    ),
  },
  { ...rangesColumn, size: 170 },
];

/** The knowledge base's vulnerabilities of a component, any version, most severe first; search and page in the URL. */
export function ComponentVulnerabilitiesPage({ componentId }: { componentId: string }) {
  const narrow = usePhoneWidth();
  const noData = useNoVulnerabilityData();
  const { search, setSearch } = useListSearch(componentVulnerabilitySearch);
  const query = useQuery(componentVulnerabilitiesQueryOptions(componentId, componentVulnerabilityParams(search)));
  return (
    <>
      <Group gap="sm" align="flex-end" mb="md" role="group" aria-label="Filters">
        <ListSearchBox label="Search vulnerabilities" description="Id or text of the summary" value={search.q} onSearch={(q) => setSearch({ q })} />
      </Group>
      {query.isPending && <Loader aria-label="Loading vulnerabilities" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <DataTable
            label="Known vulnerabilities"
            columns={narrow ? phoneColumns : columns}
            data={query.data.results}
            getRowId={(vulnerability) => vulnerability.vuln_id}
            empty={
              noData ? <NotEvaluated /> : search.q !== '' ? 'No vulnerabilities match this search.' : 'The knowledge base knows no vulnerability of this component.'
            }
            loading={query.isFetching}
            sorting={{ ordering: search.ordering, onOrderingChange: (ordering) => setSearch({ ordering: ordering as typeof search.ordering }) }}
          />
          <ListPager count={query.data.count} search={search} onChange={setSearch} />
        </>
      )}
    </>
  );
}
