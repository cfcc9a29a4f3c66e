import { Badge, Text } from '@mantine/core';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import type { ScanDiff } from '../../../lib/api-schemas.ts';
import { displayText } from '../../../lib/format.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { PHONE_TABLE_WIDTH, phoneTableWidth } from './phone-table.ts';

interface LicenseChange {
  name: string;
  added: boolean;
  components: string[];
}

type Column = ColumnDef<LicenseChange, unknown>;

function ChangeBadge({ license }: { license: LicenseChange }) {
  return (
    <Badge color={license.added ? 'blue' : 'gray'} variant="light" size="sm" tt="none">
      {license.added ? 'Added' : 'Removed'}
    </Badge>
  );
}

function Name({ license }: { license: LicenseChange }) {
  return <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{displayText(license.name)}</Text>;
}

const nameColumn: Column = { id: 'name', header: 'Licence', accessorFn: (l) => l.name, enableSorting: true, enableHiding: false, cell: ({ row: { original: l } }) => <Name license={l} /> };
const componentsColumn: Column = {
  id: 'components',
  header: 'Declared by',
  cell: ({ row: { original: l } }) => (
    <Text size="sm" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }} miw={120}>
      {l.components.map(displayText).join(', ')}
    </Text>
  ),
};

const columns: Column[] = [
  nameColumn,
  { id: 'change', header: 'Change', accessorFn: (l) => (l.added ? 0 : 1), enableSorting: true, cell: ({ row: { original: l } }) => <ChangeBadge license={l} /> },
  componentsColumn,
];

/** A phone: the change under the licence's name. */
const phoneColumns: Column[] = [
  {
    ...nameColumn,
    size: 170,
    cell: ({ row: { original: l } }) => (
      <>
        <Name license={l} />
        <ChangeBadge license={l} />
      </>
    ),
  },
  { ...componentsColumn, size: PHONE_TABLE_WIDTH - 170 },
];

/** Licences declared in only one of the scans, with the components that declare them there. */
export function LicensesTable({ licenses }: { licenses: ScanDiff['licenses'] }) {
  const narrow = usePhoneWidth();
  const rows = [...licenses.added.map((l) => ({ ...l, added: true })), ...licenses.removed.map((l) => ({ ...l, added: false }))];
  return (
    <DataTable
      label="Licence changes"
      columns={narrow ? phoneColumns : columns}
      {...phoneTableWidth(narrow)}
      data={rows}
      getRowId={(l) => `${l.added ? '+' : '-'}${l.name}`}
      sorting="client"
      empty="The same licences are declared in both scans."
    />
  );
}
