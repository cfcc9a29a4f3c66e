import { Badge, Group, Text } from '@mantine/core';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import type { DiffVulnerability } from '../../../lib/api-schemas.ts';
import { displayText, formatNumber, formatPercent } from '../../../lib/format.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { PHONE_TABLE_WIDTH, phoneTableWidth } from './phone-table.ts';
import { SeverityBadge } from '../../../components/severity-badge.tsx';
import { SEVERITIES } from './severity-badge.tsx';

type Column = ColumnDef<DiffVulnerability, unknown>;

const NUMERIC = { fontVariantNumeric: 'tabular-nums', textAlign: 'right' } as const;

function Missing() {
  return (
    <Text size="sm" c="dimmed" style={NUMERIC}>
      –
    </Text>
  );
}

function Id({ vuln }: { vuln: DiffVulnerability }) {
  return (
    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
      {displayText(vuln.vuln_id)}
    </Text>
  );
}

function Kev({ vuln }: { vuln: DiffVulnerability }) {
  if (!vuln.kev) return null;
  return (
    <Badge color="red" variant="light" size="sm" tt="none" title={`In CISA's Known Exploited Vulnerabilities catalog since ${vuln.kev.date_added}`}>
      Exploited
    </Badge>
  );
}

const score = (v: DiffVulnerability) => (v.score === null ? null : formatNumber(v.score, 1));
const epss = (v: DiffVulnerability) => (v.epss ? formatPercent(v.epss.score, 2) : null);
const components = (v: DiffVulnerability) => v.components.map((c) => `${displayText(c.name)} ${displayText(c.version)}`.trim()).join(', ');

const idColumn: Column = { id: 'vuln_id', header: 'Vulnerability', accessorFn: (v) => v.vuln_id, enableSorting: true, enableHiding: false, cell: ({ row: { original: v } }) => <Id vuln={v} /> };
const componentsColumn: Column = {
  id: 'components',
  header: 'Components',
  cell: ({ row: { original: v } }) => (
    <Text size="sm" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }} miw={120}>
      {components(v)}
    </Text>
  ),
};

const columns: Column[] = [
  idColumn,
  {
    id: 'severity',
    header: 'Severity',
    // Worst first when sorted ascending, as the server lists them.
    accessorFn: (v) => SEVERITIES.findIndex((s) => s.key === v.severity),
    enableSorting: true,
    cell: ({ row: { original: v } }) => <SeverityBadge severity={v.severity === 'missing' ? null : v.severity} />,
  },
  {
    id: 'score',
    header: 'Score',
    size: 90,
    accessorFn: (v) => v.score ?? -1,
    enableSorting: true,
    cell: ({ row: { original: v } }) => (score(v) === null ? <Missing /> : <Text size="sm" style={NUMERIC}>{score(v)}</Text>),
  },
  {
    id: 'epss',
    header: 'EPSS',
    size: 90,
    accessorFn: (v) => v.epss?.score ?? -1,
    enableSorting: true,
    cell: ({ row: { original: v } }) =>
      v.epss ? (
        <Text size="sm" style={NUMERIC} title={`Percentile ${formatPercent(v.epss.percentile)}`}>
          {epss(v)}
        </Text>
      ) : (
        <Missing />
      ),
  },
  {
    id: 'kev',
    header: 'KEV',
    accessorFn: (v) => (v.kev ? 1 : 0),
    enableSorting: true,
    cell: ({ row: { original: v } }) => (v.kev ? <Kev vuln={v} /> : <Text size="sm" c="dimmed">–</Text>),
  },
  componentsColumn,
];

/** A phone: the id with its severity, score, EPSS and KEV under it, beside the components. */
const phoneColumns: Column[] = [
  {
    ...idColumn,
    size: 190,
    cell: ({ row: { original: v } }) => (
      <>
        <Id vuln={v} />
        <Group gap={6} mt={2} wrap="wrap">
          <SeverityBadge severity={v.severity === 'missing' ? null : v.severity} />
          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {[score(v) ?? 'no score', `EPSS ${epss(v) ?? '–'}`].join(' · ')}
          </Text>
          <Kev vuln={v} />
        </Group>
      </>
    ),
  },
  { ...componentsColumn, size: PHONE_TABLE_WIDTH - 190 },
];

/** New or fixed vulnerabilities, worst first; sortable by each column. */
export function VulnerabilitiesTable({ label, vulnerabilities, empty }: { label: string; vulnerabilities: DiffVulnerability[]; empty: string }) {
  const narrow = usePhoneWidth();
  return (
    <DataTable
      label={label}
      columns={narrow ? phoneColumns : columns}
      {...phoneTableWidth(narrow)}
      data={vulnerabilities}
      getRowId={(v) => v.vuln_id}
      sorting="client"
      empty={empty}
    />
  );
}
