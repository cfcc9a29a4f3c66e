import { Badge, Group, Loader, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { ExecutableAttributes } from '../../../lib/api-schemas.ts';
import { displayPath, displayText } from '../../../lib/format.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import {
  EXECUTABLE_FORMATS,
  executableListParams,
  executableListSearch,
  executablesQueryOptions,
  useExecutableFilters,
  type ExecutableFormat,
} from '../api/executable-attributes.ts';
import { FileTreeLink } from './file-tree-link.tsx';
import { MISSING_LABELS, MISSING_MITIGATIONS, missingLabel } from '../../../lib/mitigations.ts';
import { MitigationsHelp, presentMitigations } from './mitigations-help.tsx';
import { usePhoneWidth } from '../../../lib/phone-width.ts';

const FORMAT_LABELS: Record<ExecutableFormat, string> = { elf: 'ELF', pe: 'PE', macho: 'Mach-O' };

/** The Format filter's "no filter" choice; it never reaches the URL. */
const ALL_FORMATS = 'all';
const FORMAT_OPTIONS = [{ value: ALL_FORMATS, label: 'All' }, ...EXECUTABLE_FORMATS.map((format) => ({ value: format, label: FORMAT_LABELS[format] }))];
const MISSING_OPTIONS = MISSING_MITIGATIONS.map((code) => ({ value: code, label: `${MISSING_LABELS[code]} (${code})` }));

const SEARCH_HELP = 'Text in the path, the machine, the type or a missing mitigation';

/** Executables carry no id: their place in the whole list is one. */
type PlacedExecutable = ExecutableAttributes & { position: number };

/** "ELF 64-bit LE · x86-64". */
function formatSummary(exe: ExecutableAttributes): string {
  return `${FORMAT_LABELS[exe.format]} ${exe.bits}-bit ${exe.endianness === 'little' ? 'LE' : 'BE'} · ${displayText(exe.machine)}`;
}

/** Badges wrap inside their cell, so a phone scrolls the table less and reads every badge. */
const BADGE_CELL = { whiteSpace: 'normal' } as const;

function None() {
  return (
    <Text size="sm" c="dimmed">
      None
    </Text>
  );
}

type ExecutableColumn = ColumnDef<PlacedExecutable, unknown>;

/** The path may break after each slash (and anywhere in a very long name); the title holds it whole. */
function PathCell({ exe, details = false }: { exe: ExecutableAttributes; details?: boolean }) {
  const path = displayPath(exe.path);
  return (
    <>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Text size="sm" title={path} lineClamp={3} miw={140} maw={360} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
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
        <FileTreeLink path={exe.path} compact />
      </Group>
      {details && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'normal' }}>
          {`${formatSummary(exe)} · ${displayText(exe.type)}`}
        </Text>
      )}
    </>
  );
}

const pathColumn: ExecutableColumn = { id: 'path', header: 'Path', enableHiding: false, cell: ({ row: { original: exe } }) => <PathCell exe={exe} /> };
const formatColumn: ExecutableColumn = { id: 'format', header: 'Format', cell: ({ row: { original: exe } }) => formatSummary(exe) };
const typeColumn: ExecutableColumn = { id: 'type', header: 'Type', cell: ({ row: { original: exe } }) => displayText(exe.type) };

const mitigationsColumn: ExecutableColumn = {
  id: 'mitigations',
  header: 'Mitigations',
  cell: ({ row: { original: exe } }) => {
    const present = presentMitigations(exe.attributes);
    if (present.length === 0) return <None />;
    return (
      <Group gap={4} miw={120} maw={300} style={BADGE_CELL}>
        {present.map((label) => (
          <Badge key={label} color="green" variant="light" size="sm" tt="none">
            {label}
          </Badge>
        ))}
      </Group>
    );
  },
};

const missingColumn: ExecutableColumn = {
  id: 'missing',
  header: 'Missing',
  enableHiding: false,
  cell: ({ row: { original: exe } }) => {
    if (exe.missing.length === 0) return <None />;
    return (
      <Group gap={4} miw={120} maw={300} style={BADGE_CELL}>
        {exe.missing.map((code) => (
          <Badge key={code} color="red" variant="light" size="sm" tt="none" title={code}>
            {displayText(missingLabel(code))}
          </Badge>
        ))}
      </Group>
    );
  },
};

const columns: ExecutableColumn[] = [pathColumn, formatColumn, typeColumn, mitigationsColumn, missingColumn];

/**
 * Path and Missing at this width fit a 390 px screen side by side. Mitigations asks for more, so
 * the table's least width (600 px) leaves nothing over for the first two; it is reached by scrolling.
 */
const PHONE_COLUMN_WIDTH = 170;

/**
 * A phone shows the path and what is missing side by side: format and type go under the path,
 * and the present mitigations, the least urgent, come last.
 */
const phoneColumns: ExecutableColumn[] = [
  { ...pathColumn, size: PHONE_COLUMN_WIDTH, cell: ({ row: { original: exe } }) => <PathCell exe={exe} details /> },
  { ...missingColumn, size: PHONE_COLUMN_WIDTH },
  { ...mitigationsColumn, size: 300 },
];

interface ExecutableAttributesPageProps {
  scanId: number;
}

/** Every ELF, PE and Mach-O file of a ready scan with the mitigations it has and lacks; search, filters and page live in the URL. */
export function ExecutableAttributesPage({ scanId }: ExecutableAttributesPageProps) {
  const narrow = usePhoneWidth();
  const { search, setSearch } = useListSearch(executableListSearch);
  const { filters, setFilters } = useExecutableFilters();
  const query = useQuery(executablesQueryOptions(scanId, executableListParams({ ...search, ...filters })));
  const filtered = search.q !== '' || filters.format !== undefined || filters.missing !== undefined;
  const rows: PlacedExecutable[] = (query.data?.results ?? []).map((exe, index) => ({ ...exe, position: search.offset + index }));
  return (
    <>
      <Group gap="sm" align="flex-end" mb="md" role="group" aria-label="Filters">
        <ListSearchBox label="Search executables" description={SEARCH_HELP} value={search.q} onSearch={(q) => setSearch({ q })} />
        <Select
          label="Format"
          data={FORMAT_OPTIONS}
          value={filters.format ?? ALL_FORMATS}
          allowDeselect={false}
          onChange={(format) => setFilters({ format: format === null || format === ALL_FORMATS ? undefined : (format as ExecutableFormat) })}
          w={130}
        />
        <Select
          label="Missing"
          placeholder="Any"
          clearable
          data={MISSING_OPTIONS}
          value={filters.missing ?? null}
          onChange={(missing) => setFilters({ missing: (missing ?? undefined) as typeof filters.missing })}
          w={280}
          maw="100%"
        />
      </Group>
      {query.isPending && <Loader aria-label="Loading executables" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <DataTable
            label="Executable attributes"
            columns={narrow ? phoneColumns : columns}
            data={rows}
            getRowId={(exe) => String(exe.position)}
            empty={filtered ? 'No executables match these filters.' : 'No executables in this scan.'}
            loading={query.isFetching}
          />
          <ListPager count={query.data.count} search={search} onChange={setSearch} />
        </>
      )}
      <MitigationsHelp />
    </>
  );
}
