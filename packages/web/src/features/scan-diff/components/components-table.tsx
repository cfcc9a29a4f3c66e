import { Badge, Text } from '@mantine/core';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import type { ChangedComponent, DiffComponent, ScanDiff } from '../../../lib/api-schemas.ts';
import { codeTypeLabel } from '../../../lib/code-types.ts';
import { displayText, formatNumber } from '../../../lib/format.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { PHONE_TABLE_WIDTH, phoneTableWidth } from './phone-table.ts';

type Change = 'added' | 'removed' | 'changed';

/** One row per component that changed: added and removed ones have one version. */
export interface ComponentChange {
  change: Change;
  name: string;
  vendor: string;
  codetype: string;
  purl: string;
  baseVersion: string | null;
  targetVersion: string | null;
  baseVulnerabilities: number | null;
  targetVulnerabilities: number | null;
}

const CHANGES: Record<Change, { label: string; color: string }> = {
  added: { label: 'Added', color: 'blue' },
  removed: { label: 'Removed', color: 'gray' },
  changed: { label: 'Version changed', color: 'violet' },
};

export function componentChanges(components: ScanDiff['components']): ComponentChange[] {
  const one = (change: 'added' | 'removed') => (c: DiffComponent): ComponentChange => ({
    change, name: c.name, vendor: c.vendor, codetype: c.codetype, purl: c.purl,
    baseVersion: change === 'removed' ? c.version : null,
    targetVersion: change === 'added' ? c.version : null,
    baseVulnerabilities: change === 'removed' ? c.vulnerabilities : null,
    targetVulnerabilities: change === 'added' ? c.vulnerabilities : null,
  });
  const changed = (c: ChangedComponent): ComponentChange => ({
    change: 'changed', name: c.name, vendor: c.vendor, codetype: c.codetype, purl: c.purl,
    baseVersion: c.base_version, targetVersion: c.target_version, baseVulnerabilities: c.base_vulnerabilities, targetVulnerabilities: c.target_vulnerabilities,
  });
  return [...components.changed.map(changed), ...components.added.map(one('added')), ...components.removed.map(one('removed'))];
}

type Column = ColumnDef<ComponentChange, unknown>;

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Version({ version }: { version: string | null }) {
  if (version === null) return <Text size="sm" c="dimmed">–</Text>;
  return (
    <Text size="sm" ff="monospace" title={version} maw={180} truncate="end">
      {version === '' ? 'unknown' : displayText(version)}
    </Text>
  );
}

function ChangeBadge({ change }: { change: Change }) {
  return (
    <Badge color={CHANGES[change].color} variant="light" size="sm" tt="none">
      {CHANGES[change].label}
    </Badge>
  );
}

function Name({ component }: { component: ComponentChange }) {
  return (
    <Text size="sm" title={component.purl} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }} miw={120}>
      {displayText(component.name)}
      {component.vendor !== '' && <Text span size="xs" c="dimmed">{` · ${displayText(component.vendor)}`}</Text>}
    </Text>
  );
}

/** "1 → 0": the component's vulnerabilities in the base, then in the target; – where it is absent. */
const vulnerabilityCounts = (c: ComponentChange) => [c.baseVulnerabilities, c.targetVulnerabilities].map((n) => (n === null ? '–' : formatNumber(n))).join(' → ');

const nameColumn: Column = {
  id: 'name', header: 'Component', accessorFn: (c) => c.name, enableSorting: true, enableHiding: false, cell: ({ row: { original: c } }) => <Name component={c} />,
};

const columns: Column[] = [
  nameColumn,
  { id: 'change', header: 'Change', accessorFn: (c) => c.change, enableSorting: true, cell: ({ row: { original: c } }) => <ChangeBadge change={c.change} /> },
  { id: 'base', header: 'Base version', cell: ({ row: { original: c } }) => <Version version={c.baseVersion} /> },
  { id: 'target', header: 'Target version', cell: ({ row: { original: c } }) => <Version version={c.targetVersion} /> },
  { id: 'vulnerabilities', header: 'Vulnerabilities', cell: ({ row: { original: c } }) => <Text size="sm" style={NUMERIC}>{vulnerabilityCounts(c)}</Text> },
  { id: 'codetype', header: 'Type', accessorFn: (c) => codeTypeLabel(c.codetype), enableSorting: true, cell: ({ row: { original: c } }) => displayText(codeTypeLabel(c.codetype)) },
];

/** A phone: the change under the name; both versions, and the vulnerabilities under them. */
const phoneColumns: Column[] = [
  {
    ...nameColumn,
    size: 170,
    cell: ({ row: { original: c } }) => (
      <>
        <Name component={c} />
        <ChangeBadge change={c.change} />
      </>
    ),
  },
  {
    id: 'versions',
    header: 'Versions',
    size: PHONE_TABLE_WIDTH - 170,
    cell: ({ row: { original: c } }) => (
      <>
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          {[c.baseVersion, c.targetVersion].map((v) => (v === null ? '–' : v === '' ? 'unknown' : displayText(v))).join(' → ')}
        </Text>
        <Text size="xs" c="dimmed" style={NUMERIC}>{`Vulnerabilities ${vulnerabilityCounts(c)}`}</Text>
      </>
    ),
  },
];

export function ComponentsTable({ components }: { components: ScanDiff['components'] }) {
  const narrow = usePhoneWidth();
  return (
    <DataTable
      label="Component changes"
      columns={narrow ? phoneColumns : columns}
      {...phoneTableWidth(narrow)}
      data={componentChanges(components)}
      getRowId={(c) => JSON.stringify([c.change, c.codetype, c.vendor, c.name, c.baseVersion, c.targetVersion])}
      sorting="client"
      empty="The same components in the same versions."
    />
  );
}
