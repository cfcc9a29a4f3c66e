import { Badge, Group, Loader, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { NotEvaluated } from '../../../components/not-evaluated.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { CatalogueComponent } from '../../../lib/api-schemas.ts';
import { displayText, formatNumber } from '../../../lib/format.ts';
import { useNoVulnerabilityData } from '../../../lib/knowledge-base.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import {
  componentListParams, componentListSearch, componentsQueryOptions, componentTagsQueryOptions, useComponentFilters, type CodeType,
} from '../api/components.ts';
import { CODE_TYPE_LABELS, CODE_TYPES } from '../../../lib/code-types.ts';

type ComponentColumn = ColumnDef<CatalogueComponent, unknown>;

/** The Select's "no filter" choice; it never reaches the URL. */
const ALL = 'all';
const CODE_TYPE_OPTIONS = [{ value: ALL, label: 'All' }, ...CODE_TYPES.map((code) => ({ value: code, label: `${CODE_TYPE_LABELS[code]} (${code})` }))];
const NUMBER_CELL = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

function NameCell({ component, details = false }: { component: CatalogueComponent; details?: boolean }) {
  return (
    <>
      <AnchorLink to="/components/$componentId" params={{ componentId: component.id }} size="sm">
        {displayText(component.name)}
      </AnchorLink>
      {details && (
        <Text size="xs" c="dimmed">
          {[component.vendor, component.latest_version ? `latest ${component.latest_version}` : null].filter(Boolean).map((t) => displayText(t ?? '')).join(' · ')}
        </Text>
      )}
    </>
  );
}

function VulnerabilityCount({ component }: { component: CatalogueComponent }) {
  const noData = useNoVulnerabilityData();
  if (noData) return <NotEvaluated size="xs" />;
  return (
    <Text size="sm" style={NUMBER_CELL} c={component.vulnerability_count > 0 ? undefined : 'dimmed'}>
      {formatNumber(component.vulnerability_count)}
    </Text>
  );
}

const nameColumn: ComponentColumn = {
  id: 'name', header: 'Name', accessorFn: (c) => c.name, enableSorting: true, enableHiding: false, cell: ({ row: { original } }) => <NameCell component={original} />,
};
const vendorColumn: ComponentColumn = { id: 'vendor', header: 'Vendor', accessorFn: (c) => c.vendor, enableSorting: true, cell: ({ row: { original } }) => displayText(original.vendor) };
const tagsColumn: ComponentColumn = {
  id: 'tags',
  header: 'Tags',
  cell: ({ row: { original } }) => (
    <Group gap={4} wrap="nowrap">
      {original.tags.map((tag) => (
        <Badge key={tag} size="sm" variant="light" color="gray" tt="none">
          {displayText(tag)}
        </Badge>
      ))}
    </Group>
  ),
};
const typeColumn: ComponentColumn = { id: 'codetype', header: 'Type', size: 70, cell: ({ row: { original } }) => <span title={CODE_TYPE_LABELS[original.codetype as CodeType]}>{original.codetype}</span> };
const latestColumn: ComponentColumn = {
  id: 'latest_version',
  header: 'Latest known',
  cell: ({ row: { original } }) => (original.latest_version === null ? <Text size="sm" c="dimmed">–</Text> : <Text size="sm" ff="monospace">{displayText(original.latest_version)}</Text>),
};
const vulnerabilitiesColumn: ComponentColumn = {
  id: 'vulnerabilities', header: 'Vulnerabilities', accessorFn: (c) => c.vulnerability_count, enableSorting: true, sortDescFirst: true, cell: ({ row: { original } }) => <VulnerabilityCount component={original} />,
};
const scansColumn: ComponentColumn = {
  id: 'scans',
  header: 'In your scans',
  accessorFn: (c) => c.scan_count,
  enableSorting: true,
  sortDescFirst: true,
  cell: ({ row: { original } }) => (
    <Text size="sm" style={NUMBER_CELL} c={original.scan_count > 0 ? undefined : 'dimmed'}>
      {formatNumber(original.scan_count)}
    </Text>
  ),
};

const columns: ComponentColumn[] = [nameColumn, vendorColumn, tagsColumn, typeColumn, latestColumn, vulnerabilitiesColumn, scansColumn];
/**
 * A phone shows the name (vendor and latest version under it) and the two counts side by side
 * in 350 px; the tags, the least urgent, fill the table's least width and are reached by scrolling.
 */
const phoneColumns: ComponentColumn[] = [
  { ...nameColumn, size: 170, cell: ({ row: { original } }) => <NameCell component={original} details /> },
  { ...vulnerabilitiesColumn, header: 'Vulns', size: 90 },
  { ...scansColumn, header: 'Scans', size: 90 },
  { ...tagsColumn, size: 260 },
];

/** The supported components: what the engine identifies, what the knowledge base knows of each and how many of your scans hold it. */
export function ComponentsPage() {
  const narrow = usePhoneWidth();
  const { search, setSearch } = useListSearch(componentListSearch);
  const { filters, setFilters } = useComponentFilters();
  const query = useQuery(componentsQueryOptions(componentListParams({ ...search, ...filters })));
  const tags = useQuery(componentTagsQueryOptions());
  const filtered = search.q !== '' || filters.tag !== undefined || filters.codetype !== undefined;
  const tagOptions = [{ value: ALL, label: 'All' }, ...(tags.data?.results ?? []).map((tag) => ({ value: tag.name, label: `${tag.name} (${formatNumber(tag.count)})` }))];
  return (
    <>
      <PageHeader title="Components" />
      <Text size="sm" c="dimmed" mb="md" maw={720}>
        The software Binlens identifies in binaries by its signatures and package metadata, with the vulnerabilities the knowledge base knows for any version
        and how many of the scans you can see hold it.
      </Text>
      <Group gap="sm" align="flex-end" mb="md" role="group" aria-label="Filters">
        <ListSearchBox label="Search components" description="Name, vendor or CPE product" value={search.q} onSearch={(q) => setSearch({ q })} />
        <Select
          label="Tag"
          data={tagOptions}
          value={filters.tag ?? ALL}
          allowDeselect={false}
          onChange={(tag) => setFilters({ tag: tag === null || tag === ALL ? undefined : tag })}
          w={180}
        />
        <Select
          label="Code type"
          data={CODE_TYPE_OPTIONS}
          value={filters.codetype ?? ALL}
          allowDeselect={false}
          onChange={(codetype) => setFilters({ codetype: codetype === null || codetype === ALL ? undefined : (codetype as CodeType) })}
          w={180}
        />
      </Group>
      {query.isPending && <Loader aria-label="Loading components" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <DataTable
            label="Components"
            columns={narrow ? phoneColumns : columns}
            data={query.data.results}
            getRowId={(component) => component.id}
            empty={filtered ? 'No components match these filters.' : 'No components are supported.'}
            loading={query.isFetching}
            sorting={{ ordering: search.ordering, onOrderingChange: (ordering) => setSearch({ ordering: ordering as typeof search.ordering }) }}
          />
          <ListPager count={query.data.count} search={search} onChange={setSearch} />
        </>
      )}
    </>
  );
}
