import { Box, Button, Drawer, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { FileTreeEntry } from '../../../lib/api-schemas.ts';
import { displayPath, displayText, formatBytes } from '../../../lib/format.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { fileDetailQueryOptions, fileListSearch, fileSearchParams, fileSearchQueryOptions, useSelectedFile, type FileSearchParams } from '../api/files.ts';
import { FileDetails } from './file-tree-panel.tsx';
import { FileTree, FindingBadges, pathKey, sizeText, typeWords, type TreeState } from './file-tree-nodes.tsx';

const SEARCH_HELP = 'Text in the path, anywhere in the tree';

interface FileTreePageProps {
  scanId: number;
}

/** Every file of a ready scan as a tree (containers open like folders), a search over all paths, and the selected file beside it. */
export function FileTreePage({ scanId }: FileTreePageProps) {
  const narrow = usePhoneWidth();
  const { search, setSearch } = useListSearch(fileListSearch);
  const { selected, select } = useSelectedFile();
  const expanded = useExpandedFolders(scanId, selected);
  const searching = fileSearchParams(search);
  const state: TreeState = {
    scanId,
    expanded: expanded.open,
    toggle: expanded.toggle,
    selected: selected === undefined ? undefined : pathKey(selected),
    select,
    focusable: selected === undefined ? undefined : pathKey(selected),
    narrow,
  };
  const details = selected === undefined ? null : <FileDetails scanId={scanId} path={selected} />;
  const title = selected === undefined ? '' : selected.length === 0 ? 'The uploaded file' : displayText(selected.at(-1)?.split('/').at(-1) ?? '');
  return (
    <>
      <Group gap="sm" align="flex-end" mb="md" role="group" aria-label="Search">
        <ListSearchBox label="Search files" description={SEARCH_HELP} value={search.q} onSearch={(q) => setSearch({ q })} />
        {searching && (
          <Button variant="default" onClick={() => setSearch({ q: '' })}>
            Back to the tree
          </Button>
        )}
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          {searching ? <SearchResults scanId={scanId} params={searching} onOpen={select} /> : <TreeWithInput scanId={scanId} state={state} />}
        </Grid.Col>
        {!narrow && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder p="md" pos="sticky" top={8} aria-label="Selected file" role="region">
              {details ? (
                <>
                  <Title order={3} size="h4" mb="sm" style={{ overflowWrap: 'anywhere' }}>
                    {title}
                  </Title>
                  {details}
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  Select a file or folder to see its type, size, hashes, layer, and the components and findings it carries.
                </Text>
              )}
            </Paper>
          </Grid.Col>
        )}
      </Grid>
      {narrow && (
        <Drawer opened={details !== null} onClose={() => select(undefined)} position="right" size="100%" title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
          {details}
        </Drawer>
      )}
    </>
  );
}

/** The input itself on one line (its own details a click away), then the tree of what was unpacked from it. */
function TreeWithInput({ scanId, state }: { scanId: number; state: TreeState }) {
  const input = useQuery(fileDetailQueryOptions(scanId, []));
  if (input.isPending) return <Loader aria-label="Loading files" />;
  if (input.isError) return <QueryErrorAlert error={input.error} onRetry={() => void input.refetch()} />;
  const root = input.data;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap" mb={4}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {displayText(root.name)}
        </Text>
        <Text size="sm" c="dimmed">
          {[typeWords(root), root.size === null ? null : formatBytes(root.size)].filter((part) => part !== null).join(' · ')}
        </Text>
        <FindingBadges entry={root} />
        <Button size="compact-xs" variant="subtle" onClick={() => state.select([])} aria-pressed={state.selected === pathKey([])}>
          Details
        </Button>
      </Group>
      <FileTree state={state} label={`Files of ${displayText(root.name)}`} />
    </Stack>
  );
}

type ResultColumn = ColumnDef<FileTreeEntry, unknown>;

function PathCell({ entry, details }: { entry: FileTreeEntry; details: boolean }) {
  const path = displayPath(entry.path);
  return (
    <>
      <Text size="sm" ff="monospace" title={path} lineClamp={3} miw={160} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
        {path}
      </Text>
      {details && (
        <Text size="xs" c="dimmed">
          {[typeWords(entry), sizeText(entry)].filter((part) => part !== '').join(' · ')}
        </Text>
      )}
    </>
  );
}

const findingsColumn: ResultColumn = {
  id: 'findings',
  header: 'Findings',
  cell: ({ row: { original: entry } }) => (
    <Group gap={4} style={{ whiteSpace: 'normal' }}>
      <FindingBadges entry={entry} />
    </Group>
  ),
};
const columns: ResultColumn[] = [
  { id: 'path', header: 'Path', enableHiding: false, cell: ({ row: { original: entry } }) => <PathCell entry={entry} details={false} /> },
  { id: 'type', header: 'Type', size: 200, cell: ({ row: { original: entry } }) => displayText(typeWords(entry)) },
  { id: 'size', header: 'Size', size: 100, cell: ({ row: { original: entry } }) => sizeText(entry) },
  findingsColumn,
];
const phoneColumns: ResultColumn[] = [
  { id: 'path', header: 'Path', enableHiding: false, size: 220, cell: ({ row: { original: entry } }) => <PathCell entry={entry} details /> },
  { ...findingsColumn, size: 140 },
];

/** A search's matches, flat with whole paths, a page at a time (the page in the URL). */
function SearchResults({ scanId, params, onOpen }: { scanId: number; params: FileSearchParams; onOpen: (path: string[]) => void }) {
  const narrow = usePhoneWidth();
  const { search, setSearch } = useListSearch(fileListSearch);
  const query = useQuery(fileSearchQueryOptions(scanId, params));
  if (query.isPending) return <Loader aria-label="Searching files" />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Box>
      <DataTable
        label="Matching files"
        columns={narrow ? phoneColumns : columns}
        data={query.data.results}
        getRowId={(entry) => pathKey(entry.path)}
        empty={`No file or folder path holds "${displayText(params.search)}".`}
        loading={query.isFetching}
        onOpenRow={(entry) => onOpen(entry.path)}
      />
      <ListPager count={query.data.count} search={search} onChange={setSearch} />
    </Box>
  );
}

/** The open folders: opened by hand, and every folder above a file opened by a link (its detail names them). */
function useExpandedFolders(scanId: number, selected: string[] | undefined) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const detail = useQuery({ ...fileDetailQueryOptions(scanId, selected ?? []), enabled: selected !== undefined });
  const ancestors = detail.data?.ancestors;
  // Each newly loaded detail opens its folders once, while rendering (no effect, no second pass).
  const [applied, setApplied] = useState<readonly string[][] | undefined>(undefined);
  if (ancestors !== undefined && ancestors !== applied) {
    setApplied(ancestors);
    const keys = ancestors.slice(1).map(pathKey);
    if (!keys.every((key) => open.has(key))) setOpen(new Set([...open, ...keys]));
  }
  const toggle = useCallback((path: readonly string[], next: boolean) => {
    setOpen((before) => {
      const after = new Set(before);
      if (next) after.add(pathKey(path));
      else after.delete(pathKey(path));
      return after;
    });
  }, []);
  return useMemo(() => ({ open, toggle }), [open, toggle]);
}
