import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import type { ResultComponent, ResultVuln } from '../../../lib/api-schemas.ts';
import { displayPath, displayText } from '../../../lib/format.ts';

const componentName = (component: ResultComponent) => displayText(component.name_override?.name ?? component.lib);
const componentVersion = (component: ResultComponent) => displayText(component.custom_version ?? component.version);

// A scan's result is one local list: every column that has an order sorts in the browser.
const columns: ColumnDef<ResultComponent, unknown>[] = [
  { id: 'name', header: 'Name', accessorFn: componentName, enableSorting: true, enableHiding: false },
  { id: 'version', header: 'Version', accessorFn: componentVersion, enableSorting: true },
  { id: 'type', header: 'Type', accessorFn: (component) => component.codetype, enableSorting: true, size: 80 },
  {
    id: 'files',
    header: 'Files',
    cell: ({ row: { original: component } }) => <FileList paths={component.objects.map((o) => displayPath(o.extended_fullpath))} />,
  },
  {
    id: 'vulns',
    header: 'Vulnerabilities',
    accessorFn: (component) => component.vulns.length,
    enableSorting: true,
    sortDescFirst: true,
    cell: ({ row: { original: component } }) => <VulnList vulns={component.vulns} />,
  },
];

export const NOT_EXACT_HINT = 'The version is unknown or only a range matched.';

/** Paths one per line, in monospace, cut at the start (the file name is what tells); the whole value on hover. */
function FileList({ paths }: { paths: string[] }) {
  return (
    <>
      {paths.map((path, index) => (
        <Text key={`${path}-${index}`} size="xs" ff="monospace" title={path} truncate="start" maw={360}>
          {path}
        </Text>
      ))}
    </>
  );
}

function VulnList({ vulns }: { vulns: ResultVuln[] }) {
  if (vulns.length === 0) return <Text size="sm">–</Text>;
  return (
    <>
      {vulns.map((vuln) => (
        <Group key={vuln.vuln_id} gap={4} wrap="nowrap">
          <Text size="sm" ff="monospace">
            {vuln.vuln_id}
          </Text>
          {!vuln.exact && (
            <Tooltip label={NOT_EXACT_HINT}>
              <Badge size="xs" variant="light" color="gray">
                not exact
              </Badge>
            </Tooltip>
          )}
        </Group>
      ))}
    </>
  );
}

interface ComponentsTableProps {
  components: ResultComponent[];
}

export function ComponentsTable({ components }: ComponentsTableProps) {
  return (
    <DataTable
      label="Components"
      columns={columns}
      data={components}
      getRowId={(component) => component.uid}
      empty="No components were found."
      sorting="client"
    />
  );
}
