import { Stack, Text } from '@mantine/core';
import { DataTable, type Column } from '../../../components/data-table/data-table.tsx';
import type { ResultComponent } from '../../../lib/api-schemas.ts';

const columns: Column<ResultComponent>[] = [
  { id: 'name', header: 'Name', cell: (component) => component.name_override?.name ?? component.lib },
  { id: 'version', header: 'Version', cell: (component) => component.custom_version ?? component.version },
  { id: 'type', header: 'Type', cell: (component) => component.codetype, width: 80 },
  {
    id: 'files',
    header: 'Files',
    cell: (component) => (
      <Stack gap={2}>
        {component.objects.map((object, index) => (
          <Text key={`${object.sha1}-${index}`} size="xs" ff="monospace">
            {object.extended_fullpath.join(' / ')}
          </Text>
        ))}
      </Stack>
    ),
  },
];

interface ComponentsTableProps {
  components: ResultComponent[];
}

export function ComponentsTable({ components }: ComponentsTableProps) {
  return (
    <DataTable
      label="Components"
      columns={columns}
      rows={components}
      rowKey={(component) => component.uid}
      empty="No components were found."
    />
  );
}
