import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { DataTable, type Column } from '../../../components/data-table/data-table.tsx';
import type { ResultComponent, ResultVuln } from '../../../lib/api-schemas.ts';
import { displayPath, displayText } from '../../../lib/format.ts';

const columns: Column<ResultComponent>[] = [
  { id: 'name', header: 'Name', cell: (component) => displayText(component.name_override?.name ?? component.lib) },
  { id: 'version', header: 'Version', cell: (component) => displayText(component.custom_version ?? component.version) },
  { id: 'type', header: 'Type', cell: (component) => component.codetype, width: 80 },
  {
    id: 'files',
    header: 'Files',
    cell: (component) => (
      <Stack gap={2}>
        {component.objects.map((object, index) => (
          <Text key={`${object.sha1}-${index}`} size="xs" ff="monospace">
            {displayPath(object.extended_fullpath)}
          </Text>
        ))}
      </Stack>
    ),
  },
  { id: 'vulns', header: 'Vulnerabilities', cell: (component) => <VulnList vulns={component.vulns} /> },
];


export const NOT_EXACT_HINT = 'The version is unknown or only a range matched.';

function VulnList({ vulns }: { vulns: ResultVuln[] }) {
  if (vulns.length === 0) return <Text size="sm">–</Text>;
  return (
    <Stack gap={2}>
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
    </Stack>
  );
}

/** The number of distinct vulnerability ids over all components. */
export function countVulnerabilities(components: ResultComponent[]): number {
  return new Set(components.flatMap((component) => component.vulns.map((vuln) => vuln.vuln_id))).size;
}

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
