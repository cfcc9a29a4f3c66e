import { ActionIcon, Box, Button, Group as Row, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { formatNumber, truncate } from '../../../lib/format.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import { allGroupsQueryOptions, groupTreeSearch } from '../api/all-groups.ts';
import { useDownloadGroupsReport } from '../api/report.ts';
import { type TreeRow, treeRows } from '../api/tree.ts';

interface GroupTreePageProps {
  /** The page's heading; none inside a tabbed page, whose tab names it. */
  title?: string;
  /** Beside the title, e.g. the new-group button. */
  actions?: React.ReactNode;
}

/** Every group the viewer sees as a tree (nested by search_path), searchable by name. */
export function GroupTreePage({ title, actions }: GroupTreePageProps) {
  const { search, setSearch } = useListSearch(groupTreeSearch);
  const query = useQuery(allGroupsQueryOptions());
  const report = useDownloadGroupsReport();
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const rows = useMemo(() => treeRows(query.data?.groups ?? [], search.q, collapsed), [query.data, search.q, collapsed]);
  const toggle = (id: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const columns = useMemo(() => treeColumns(collapsed, search.q !== '', toggle), [collapsed, search.q]);
  return (
    <>
      {title !== undefined && <PageHeader title={title} actions={actions} />}
      <Row mb="md" justify="space-between" align="flex-end" gap="sm">
        <ListSearchBox label="Search groups" value={search.q} onSearch={(q) => setSearch({ q })} description="Matching groups are shown with the groups above them." />
        <Row gap="sm">
          <Button variant="default" loading={report.isPending} onClick={() => report.mutate(search.q)}>
            Download CSV
          </Button>
          {title === undefined && actions}
        </Row>
      </Row>
      {report.isError && <QueryErrorAlert error={report.error} />}
      {query.isPending && <Loader aria-label="Loading groups" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          {!query.data.complete && (
            <Text c="dimmed" size="sm" mb="xs">
              Showing the first {formatNumber(query.data.groups.length)} groups.
            </Text>
          )}
          <DataTable
            label="Group tree"
            columns={columns}
            data={rows}
            getRowId={(row) => String(row.group.id)}
            loading={query.isFetching}
            empty={search.q ? 'No groups match the search.' : 'No groups yet.'}
          />
        </>
      )}
    </>
  );
}

function treeColumns(collapsed: ReadonlySet<number>, searching: boolean, toggle: (id: number) => void): ColumnDef<TreeRow, unknown>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      enableHiding: false,
      cell: ({ row: { original } }) => {
        const open = searching || !collapsed.has(original.group.id);
        return (
          <Row gap={4} wrap="nowrap" pl={original.depth * 20}>
            {original.hasChildren ? (
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={`${open ? 'Collapse' : 'Expand'} ${original.group.name}`}
                aria-expanded={open}
                disabled={searching}
                onClick={() => toggle(original.group.id)}
              >
                {open ? '▾' : '▸'}
              </ActionIcon>
            ) : (
              <Box w={22} />
            )}
            <AnchorLink to="/groups/$groupId" params={{ groupId: original.group.id }} size="sm" fw={original.matched && searching ? 700 : undefined}>
              {original.group.name}
            </AnchorLink>
          </Row>
        );
      },
    },
    {
      id: 'description',
      header: 'Description',
      cell: ({ row: { original } }) => (
        <Text size="sm" title={original.group.description}>
          {truncate(original.group.description, 80)}
        </Text>
      ),
    },
  ];
}
