import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import type { CatalogueComponentDetails } from '../../../lib/api-schemas.ts';
import { displayText, formatNumber } from '../../../lib/format.ts';
import { componentQueryOptions, type CodeType } from '../api/components.ts';
import { CODE_TYPE_LABELS } from '../../../lib/code-types.ts';

/** A scan may hold the component more than once (two versions): a row's place is its id. */
type AccountScan = CatalogueComponentDetails['scans_in_account'][number] & { position: number };
type AccountVersion = CatalogueComponentDetails['versions_in_account'][number];

const NUMBER_CELL = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;
const NO_VERSION = 'no version found';

const versionText = (version: string) => (version === '' ? NO_VERSION : displayText(version));

const scanColumns: ColumnDef<AccountScan, unknown>[] = [
  {
    id: 'scan',
    header: 'Application',
    enableHiding: false,
    cell: ({ row: { original } }) => (
      <AnchorLink to="/product/$scanId/analysis" params={{ scanId: original.scan_id }} size="sm">
        {displayText(original.scan_name)}
      </AnchorLink>
    ),
  },
  {
    id: 'group',
    header: 'Group',
    cell: ({ row: { original } }) => (
      <AnchorLink to="/groups/$groupId" params={{ groupId: original.group_id }} size="sm">
        {displayText(original.group_name)}
      </AnchorLink>
    ),
  },
  { id: 'version', header: 'Version', cell: ({ row: { original } }) => <Text size="sm" ff="monospace">{versionText(original.version)}</Text> },
];

const versionColumns: ColumnDef<AccountVersion, unknown>[] = [
  { id: 'version', header: 'Version', cell: ({ row: { original } }) => <Text size="sm" ff="monospace">{versionText(original.version)}</Text> },
  { id: 'scans', header: 'Applications', size: 120, cell: ({ row: { original } }) => <Text size="sm" style={NUMBER_CELL}>{formatNumber(original.scans)}</Text> },
];

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </>
  );
}

function identification(component: CatalogueComponentDetails): string {
  const by = component.identified_by;
  if (by.method === 'package-metadata') return `Package metadata (${by.found_by})`;
  if (by.patterns === 0) return 'Binary signature: file name only (no version is read)';
  return `Binary signature: ${formatNumber(by.patterns)} version ${by.patterns === 1 ? 'pattern' : 'patterns'}`;
}

/** The default tab: what the component is, how the engine finds it, and where it is in your scans. */
export function ComponentDetailsPage({ componentId }: { componentId: string }) {
  const { data: component } = useSuspenseQuery(componentQueryOptions(componentId));
  const by = component.identified_by;
  const scans = component.scans_in_account.map((scan, position) => ({ ...scan, position }));
  const listed = new Set(scans.map((scan) => scan.scan_id)).size;
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={3} size="h4">
          About
        </Title>
        <dl aria-label={`About ${component.name}`} style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 16, rowGap: 6, margin: 0 }}>
          <Fact term="Vendor">{displayText(component.vendor) || '–'}</Fact>
          <Fact term="Code type">{`${CODE_TYPE_LABELS[component.codetype as CodeType]} (${component.codetype})`}</Fact>
          <Fact term="CPE">{component.cpe === null ? '–' : <Text span size="sm" ff="monospace">{displayText(component.cpe)}</Text>}</Fact>
          <Fact term="Package URL type">{displayText(component.purl_type)}</Fact>
          <Fact term="Licence">{component.license === null ? '–' : displayText(component.license)}</Fact>
          <Fact term="Tags">
            <Group gap={4} component="span">
              {component.tags.map((tag) => (
                <Badge key={tag} size="sm" variant="light" color="gray" tt="none">
                  {displayText(tag)}
                </Badge>
              ))}
            </Group>
          </Fact>
          <Fact term="Identified by">{identification(component)}</Fact>
          {by.file_names.length > 0 && (
            <Fact term="File names">
              {by.file_names.map((pattern) => (
                <Text key={pattern} size="xs" ff="monospace">
                  {displayText(pattern)}
                </Text>
              ))}
            </Fact>
          )}
          {by.sources.length > 0 && (
            <Fact term="Checked against">
              {by.sources.map((source) => (
                <Text key={source} size="xs">
                  {displayText(source)}
                </Text>
              ))}
            </Fact>
          )}
        </dl>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          In your scans
        </Title>
        {component.scans_in_account.length === 0 ? (
          <Text size="sm" c="dimmed">
            None of the applications you can see holds {displayText(component.name)}. Upload a file into one of your groups to find out whether it does.
          </Text>
        ) : (
          <>
            <DataTable label="Versions in your scans" columns={versionColumns} data={component.versions_in_account} getRowId={(v) => v.version} />
            <DataTable label="Applications holding it" columns={scanColumns} data={scans} getRowId={(scan) => String(scan.position)} />
            {component.scan_count > listed && (
              <Text size="xs" c="dimmed">
                The newest {formatNumber(listed)} of {formatNumber(component.scan_count)} applications.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Stack>
  );
}
