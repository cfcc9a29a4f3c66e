import { Badge, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { AffectedComponent } from '../../../lib/api-schemas.ts';
import { displayText, formatNumber } from '../../../lib/format.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { affectedComponentsQueryOptions } from '../api/vulnerabilities.ts';

/** One application may hold the component twice: a row's place is its id. */
type Row = AffectedComponent & { position: number };

const NOT_EXACT_HINT = 'The version is unknown or only a range matched.';

function ApplicationLink({ row }: { row: Row }) {
  return (
    <AnchorLink to="/product/$scanId/analysis" params={{ scanId: row.scan_id }} size="sm">
      {displayText(row.scan_name)}
    </AnchorLink>
  );
}

function ComponentText({ row }: { row: Row }) {
  return (
    <Text size="sm" component="span">
      {displayText(row.component)}{' '}
      <Text span ff="monospace" size="sm">
        {row.version === '' ? 'no version' : displayText(row.version)}
      </Text>
      {!row.exact && (
        <Tooltip label={NOT_EXACT_HINT}>
          <Badge ml={6} size="xs" variant="light" color="gray">
            not exact
          </Badge>
        </Tooltip>
      )}
    </Text>
  );
}

const applicationColumn: ColumnDef<Row, unknown> = { id: 'application', header: 'Application', enableHiding: false, cell: ({ row: { original } }) => <ApplicationLink row={original} /> };

const columns: ColumnDef<Row, unknown>[] = [
  applicationColumn,
  { id: 'component', header: 'Component', cell: ({ row: { original } }) => <ComponentText row={original} /> },
  {
    id: 'group',
    header: 'Group',
    cell: ({ row: { original } }) => (
      <AnchorLink to="/groups/$groupId" params={{ groupId: original.group_id }} size="sm">
        {displayText(original.group_name)}
      </AnchorLink>
    ),
  },
];

/** A phone reads the component and the group under the application's name. */
const phoneColumns: ColumnDef<Row, unknown>[] = [
  {
    ...applicationColumn,
    cell: ({ row: { original } }) => (
      <Stack gap={0}>
        <ApplicationLink row={original} />
        <ComponentText row={original} />
        <Text size="xs" c="dimmed">
          {displayText(original.group_name)}
        </Text>
      </Stack>
    ),
  },
];

/** The components of your applications whose evaluation lists this vulnerability, each linking to its analysis. */
export function AffectedComponentsSection({ vulnerabilityId }: { vulnerabilityId: string }) {
  const narrow = usePhoneWidth();
  const query = useQuery(affectedComponentsQueryOptions(vulnerabilityId));
  const rows = (query.data?.results ?? []).map((row, position) => ({ ...row, position }));
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        In your applications{query.data ? ` (${formatNumber(query.data.count)})` : ''}
      </Title>
      {query.isPending && <Loader size="sm" aria-label="Loading affected components" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <DataTable
            label="Affected components"
            columns={narrow ? phoneColumns : columns}
            data={rows}
            getRowId={(row) => String(row.position)}
            empty="No application you can see holds a component it affects."
          />
          {query.data.truncated && (
            <Text size="xs" c="dimmed">
              Only the newest applications were checked; more may hold it.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
