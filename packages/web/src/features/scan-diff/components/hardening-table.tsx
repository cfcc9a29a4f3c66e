import { Badge, Group, Text } from '@mantine/core';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import type { HardeningChange } from '../../../lib/api-schemas.ts';
import type { ReactNode } from 'react';
import { displayPath, displayText } from '../../../lib/format.ts';
import { missingLabel } from '../../../lib/mitigations.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { PHONE_TABLE_WIDTH, phoneTableWidth } from './phone-table.ts';

type Column = ColumnDef<HardeningChange, unknown>;

/** Mitigations in words, the API's name (no-pie, execstack, ...) on hover. */
function Mitigations({ names, color, label }: { names: string[]; color: string; label: string }) {
  if (names.length === 0) return <Text size="sm" c="dimmed">–</Text>;
  return (
    <Group gap={4} maw={320} style={{ whiteSpace: 'normal' }} role="list" aria-label={label}>
      {names.map((name) => (
        <Badge key={name} role="listitem" color={color} variant="light" size="sm" tt="none" title={name}>
          {displayText(missingLabel(name))}
        </Badge>
      ))}
    </Group>
  );
}

function Path({ change }: { change: HardeningChange }) {
  const path = displayPath(change.path);
  return (
    <Text size="sm" ff="monospace" title={path} lineClamp={3} miw={140} maw={420} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      {path}
    </Text>
  );
}

const pathColumn: Column = { id: 'path', header: 'Executable', enableHiding: false, cell: ({ row: { original: change } }) => <Path change={change} /> };

const columns: Column[] = [
  pathColumn,
  { id: 'regressions', header: 'Now missing', cell: ({ row: { original: change } }) => <Mitigations names={change.regressions} color="red" label="Now missing" /> },
  { id: 'improvements', header: 'No longer missing', cell: ({ row: { original: change } }) => <Mitigations names={change.improvements} color="green" label="No longer missing" /> },
];

/** A phone: the path beside both lists, each under its name. */
const phoneColumns: Column[] = [
  { ...pathColumn, size: 160 },
  {
    id: 'changes',
    header: 'Mitigations',
    size: PHONE_TABLE_WIDTH - 160,
    cell: ({ row: { original: change } }) => (
      <>
        {change.regressions.length > 0 && <Labelled label="Now missing"><Mitigations names={change.regressions} color="red" label="Now missing" /></Labelled>}
        {change.improvements.length > 0 && <Labelled label="No longer missing"><Mitigations names={change.improvements} color="green" label="No longer missing" /></Labelled>}
      </>
    ),
  },
];

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </>
  );
}

/** Executables at the same path in both scans whose missing mitigations changed; regressions first. */
export function HardeningTable({ changes }: { changes: HardeningChange[] }) {
  const narrow = usePhoneWidth();
  return (
    <DataTable
      label="Hardening changes"
      columns={narrow ? phoneColumns : columns}
      {...phoneTableWidth(narrow)}
      data={changes}
      getRowId={(change) => JSON.stringify(change.path)}
      empty="No executable found in both scans gained or lost a mitigation."
    />
  );
}
