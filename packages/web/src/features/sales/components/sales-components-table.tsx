import { codeTypeLabel } from '../../../lib/code-types.ts';
import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import type { ResultComponent } from '../../../lib/api-schemas.ts';
import { displayText, formatNumber } from '../../../lib/format.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';

const nameOf = (component: ResultComponent) => displayText(component.name_override?.name ?? component.lib);
const versionOf = (component: ResultComponent) => displayText(component.custom_version ?? component.version);

type ComponentColumn = ColumnDef<ResultComponent, unknown>;

const licencesOf = (component: ResultComponent) => (component.license.length === 0 ? '–' : component.license.map(displayText).join(', '));

// Plain text only: the view links nowhere and offers nothing to change (no triage, no override).
const nameColumn: ComponentColumn = { id: 'name', header: 'Component', accessorFn: nameOf, enableSorting: true, enableHiding: false };
const vulnsColumn: ComponentColumn = {
  id: 'vulns',
  header: 'Vulnerabilities',
  accessorFn: (component) => component.vulns.length,
  enableSorting: true,
  sortDescFirst: true,
  cell: ({ row: { original: component } }) => <VulnIds ids={component.vulns.map((vuln) => vuln.vuln_id)} />,
};

const columns: ComponentColumn[] = [
  nameColumn,
  { id: 'version', header: 'Version', accessorFn: versionOf, enableSorting: true },
  { id: 'type', header: 'Type', accessorFn: (component) => codeTypeLabel(component.codetype), enableSorting: true },
  {
    id: 'licenses',
    header: 'Licences',
    accessorFn: (component) => component.license.join(', '),
    enableSorting: true,
    cell: ({ row: { original: component } }) => licencesOf(component),
  },
  vulnsColumn,
];

/** The two phone columns side by side fit a 390 px screen without scrolling sideways. */
const PHONE_COLUMN_WIDTH = 170;

/** A phone shows each component with its version, type and licences under its name, beside its vulnerabilities. */
const phoneColumns: ComponentColumn[] = [
  {
    ...nameColumn,
    size: PHONE_COLUMN_WIDTH,
    cell: ({ row: { original: component } }) => (
      <Stack gap={0}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {nameOf(component)} {versionOf(component)}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {codeTypeLabel(component.codetype)} · {licencesOf(component)}
        </Text>
      </Stack>
    ),
  },
  { ...vulnsColumn, size: PHONE_COLUMN_WIDTH },
];

/** How many, then the ids, so that a printout keeps them all. */
function VulnIds({ ids }: { ids: string[] }) {
  if (ids.length === 0) return '–';
  return (
    <Text size="sm" span>
      <Text fw={700} span>
        {formatNumber(ids.length)}
      </Text>
      {': '}
      <Text size="xs" ff="monospace" span style={{ overflowWrap: 'anywhere' }}>
        {ids.join(', ')}
      </Text>
    </Text>
  );
}

/** The most vulnerable first, then by name: what a reader outside the team asks about first. */
function byAttention(a: ResultComponent, b: ResultComponent): number {
  return b.vulns.length - a.vulns.length || nameOf(a).localeCompare(nameOf(b));
}

export function SalesComponentsTable({ components }: { components: ResultComponent[] }) {
  const narrow = usePhoneWidth();
  const sorted = useMemo(() => [...components].sort(byAttention), [components]);
  return (
    <DataTable
      label="Components"
      columns={narrow ? phoneColumns : columns}
      minWidth={narrow ? 2 * PHONE_COLUMN_WIDTH : undefined}
      data={sorted}
      getRowId={(component) => component.uid}
      empty="No components were found in this file."
      sorting="client"
    />
  );
}
