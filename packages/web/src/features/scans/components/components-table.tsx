import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { SeverityBadge } from '../../../components/severity-badge.tsx';
import type { ResultComponent } from '../../../lib/api-schemas.ts';
import { codeTypeLabel } from '../../../lib/code-types.ts';
import { displayPath, displayText, formatNumber, formatPercent } from '../../../lib/format.ts';
import { severityRank, type ComponentFacts } from '../api/component-facts.ts';
import { LicensePolicyBadge } from './license-policy-badge.tsx';
import { matchingMethodLabel } from './matching-methods.ts';

export interface ComponentRow {
  component: ResultComponent;
  facts: ComponentFacts;
  /** Expression → class, for the licence badges. */
  policies: ReadonlyMap<string, string>;
}

export const componentName = (component: ResultComponent) => displayText(component.name_override?.name ?? component.lib);
export const componentVersion = (component: ResultComponent) => displayText(component.custom_version ?? component.version);

export const NOT_EXACT_HINT = 'The version is unknown or only a range matched.';

type Column = ColumnDef<ComponentRow, unknown>;

function NameCell({ component, details = false }: { component: ResultComponent; details?: boolean }) {
  // The vendor only when it says more than the name (openssl's vendor is openssl).
  const vendor = component.vendor.toLowerCase() === component.lib.toLowerCase() ? '' : component.vendor;
  const origin = [vendor, component.distro].filter((part) => part !== null && part !== '').join(' · ');
  return (
    <Stack gap={0} miw={120} maw={280} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      <Text size="sm" fw={500}>
        {componentName(component)}
      </Text>
      {component.name_override && (
        <Text size="xs" c="dimmed" title="The name the component was detected by">
          {`detected as ${displayText(component.lib)}`}
        </Text>
      )}
      {details && (
        <Text size="xs">
          {`${componentVersion(component) || 'version unknown'}${component.detected_version === null ? '' : ' (overridden)'} · ${codeTypeLabel(component.codetype)}`}
        </Text>
      )}
      {origin !== '' && (
        <Text size="xs" c="dimmed">
          {displayText(origin)}
        </Text>
      )}
    </Stack>
  );
}

function VersionCell({ component }: { component: ResultComponent }) {
  const version = componentVersion(component);
  const fix = component.upgrade.nearest_fix;
  return (
    <Stack gap={0}>
      <Text size="sm">{version === '' ? <Text span c="dimmed" size="sm">unknown</Text> : version}</Text>
      {component.detected_version !== null && (
        <Text size="xs" c="dimmed" title="Detected version, replaced by a version override">
          <Text span inherit td="line-through">{displayText(component.detected_version) || 'unknown'}</Text>
          {' overridden'}
        </Text>
      )}
      {fix !== null && (
        <Text size="xs" c="dimmed">
          {`fixed in ${displayText(fix)}`}
        </Text>
      )}
    </Stack>
  );
}

function LicenceCell({ row }: { row: ComponentRow }) {
  const licences = [...new Set(row.component.license)];
  if (licences.length === 0) return <Text size="sm" c="dimmed">None declared</Text>;
  return (
    <Stack gap={2} maw={260} style={{ whiteSpace: 'normal' }}>
      {licences.map((expression) => (
        <Group key={expression} gap={4} wrap="wrap">
          <LicensePolicyBadge policy={row.policies.get(expression) ?? 'unknown'} />
          <Text size="sm" title={expression} lineClamp={2} miw={80} maw={200} style={{ overflowWrap: 'anywhere' }}>
            {displayText(expression)}
          </Text>
        </Group>
      ))}
      {row.component.license_overrides.length > 0 && (
        <Text size="xs" c="dimmed">
          overridden
        </Text>
      )}
    </Stack>
  );
}

function VulnerabilitiesCell({ row }: { row: ComponentRow }) {
  const { component, facts } = row;
  if (component.ignored_component_ids.length > 0) {
    return (
      <Badge size="sm" variant="outline" color="gray" tt="none" title="An ignore leaves its vulnerabilities out of the lists and counts">
        Ignored
      </Badge>
    );
  }
  if (component.vulns.length === 0) return <Text size="sm" c="dimmed">None</Text>;
  const inexact = component.vulns.filter((v) => !v.exact && v.triages.length === 0).length;
  const triaged = facts.triaged > 0 && (
    <Text size="xs" c="dimmed" title="Resolved by triage">
      {`${formatNumber(facts.triaged)} triaged`}
    </Text>
  );
  if (facts.open === 0) {
    return (
      <Group gap={4} wrap="wrap" maw={260}>
        <Text size="sm" c="dimmed">None open</Text>
        {triaged}
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="wrap" maw={260}>
      <SeverityBadge severity={facts.severity === 'missing' ? null : facts.severity} />
      <Text size="sm">{formatNumber(facts.open)}</Text>
      {triaged}
      {facts.kev && (
        <Badge size="sm" color="red.9" variant="outline" title="In CISA's Known Exploited Vulnerabilities catalog">
          KEV
        </Badge>
      )}
      {facts.epss !== null && (
        <Text size="xs" c="dimmed" title="Highest EPSS: the probability of exploitation in the next 30 days">
          {`EPSS ${formatPercent(facts.epss)}`}
        </Text>
      )}
      {inexact > 0 && (
        <Tooltip label={NOT_EXACT_HINT}>
          <Badge size="xs" variant="light" color="gray">
            {`${formatNumber(inexact)} not exact`}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

function FilesCell({ component }: { component: ResultComponent }) {
  const [first] = component.objects;
  if (!first) return <Text size="sm" c="dimmed">None</Text>;
  const path = displayPath(first.extended_fullpath);
  return (
    <Stack gap={0} maw={320}>
      <Text size="xs" ff="monospace" title={path} truncate="start">
        {path}
      </Text>
      {component.objects.length > 1 && (
        <Text size="xs" c="dimmed">
          {`and ${formatNumber(component.objects.length - 1)} more`}
        </Text>
      )}
    </Stack>
  );
}

function DetailsButton({ row, onOpen }: { row: ComponentRow; onOpen: (uid: string) => void }) {
  return (
    <Button size="compact-xs" variant="subtle" onClick={(event) => { event.stopPropagation(); onOpen(row.component.uid); }} aria-label={`Details of ${componentName(row.component)}`}>
      Details
    </Button>
  );
}

function columnsFor(onOpen: (uid: string) => void, narrow: boolean): Column[] {
  const vulnerabilities: Column = {
    id: 'vulns',
    header: 'Vulnerabilities',
    accessorFn: (row) => severityRank(row.facts.severity) * 100_000 + row.facts.open,
    enableSorting: true,
    sortDescFirst: true,
    cell: ({ row: { original } }) => <VulnerabilitiesCell row={original} />,
  };
  const details: Column = { id: 'details', header: '', enableHiding: false, size: 72, cell: ({ row: { original } }) => <DetailsButton row={original} onOpen={onOpen} /> };
  if (narrow) {
    return [
      { id: 'name', header: 'Component', accessorFn: (row) => componentName(row.component), enableSorting: true, enableHiding: false, size: 170, cell: ({ row: { original } }) => <NameCell component={original.component} details /> },
      { ...vulnerabilities, size: 170 },
    ];
  }
  return [
    { id: 'name', header: 'Name', accessorFn: (row) => componentName(row.component), enableSorting: true, enableHiding: false, cell: ({ row: { original } }) => <NameCell component={original.component} /> },
    { id: 'version', header: 'Version', accessorFn: (row) => componentVersion(row.component), enableSorting: true, cell: ({ row: { original } }) => <VersionCell component={original.component} /> },
    { id: 'type', header: 'Type', accessorFn: (row) => codeTypeLabel(row.component.codetype), enableSorting: true },
    { id: 'license', header: 'Licence', accessorFn: (row) => row.facts.policy, enableSorting: true, cell: ({ row: { original } }) => <LicenceCell row={original} /> },
    vulnerabilities,
    {
      id: 'epss',
      header: 'EPSS',
      accessorFn: (row) => row.facts.epss ?? -1,
      enableSorting: true,
      sortDescFirst: true,
      cell: ({ row: { original } }) => (original.facts.epss === null ? '–' : formatPercent(original.facts.epss)),
    },
    { id: 'methods', header: 'Found by', cell: ({ row: { original } }) => <Text size="sm">{original.facts.methods.map(matchingMethodLabel).join(', ') || '–'}</Text> },
    { id: 'files', header: 'Files', cell: ({ row: { original } }) => <FilesCell component={original.component} /> },
    details,
  ];
}

interface ComponentsTableProps {
  rows: ComponentRow[];
  onOpen: (uid: string) => void;
  narrow: boolean;
  /** Whether any filter is set, for the empty message. */
  filtered: boolean;
}

export function ComponentsTable({ rows, onOpen, narrow, filtered }: ComponentsTableProps) {
  return (
    <DataTable
      label="Components"
      columns={columnsFor(onOpen, narrow)}
      data={rows}
      getRowId={(row) => row.component.uid}
      empty={filtered ? 'No components match these filters.' : 'No components were found.'}
      sorting="client"
      onOpenRow={(row) => onOpen(row.component.uid)}
      minWidth={narrow ? 340 : undefined}
    />
  );
}
