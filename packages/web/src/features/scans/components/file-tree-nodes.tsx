// The lazy tree of the files tab: a folder's or container's children are read when it is
// opened, 200 at a time. Rows are one flat list of treeitems (aria-level, -posinset, -setsize),
// so the keyboard moves through what is on screen: arrows up and down, right opens or steps in,
// left closes or steps out, Home and End, Enter shows the file in the side panel.
import { Badge, Button, Group, Loader, NavLink, Text, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { FileTreeEntry } from '../../../lib/api-schemas.ts';
import { displayText, formatBytes, formatNumber } from '../../../lib/format.ts';
import { CHILDREN_PAGE, fileChildrenQueryOptions } from '../api/files.ts';
import { Chevron, NodeIcon, nodeKind } from './file-tree-icons.tsx';

/** What every row needs from the tree: the open folders, the selection and the one row in the tab order. */
export interface TreeState {
  scanId: number;
  expanded: ReadonlySet<string>;
  toggle: (path: readonly string[], open: boolean) => void;
  selected: string | undefined;
  select: (path: readonly string[]) => void;
  /** The row Tab lands on: the selected one, else the first. */
  focusable: string | undefined;
  /** A phone: no format and size columns, a smaller indent. */
  narrow: boolean;
}

export const pathKey = (path: readonly string[]): string => JSON.stringify(path);

interface FileTreeProps {
  state: TreeState;
  label: string;
}

/** The tree below the input: its top level, and every open folder's children under it. */
export function FileTree({ state, label }: FileTreeProps) {
  return (
    <div role="tree" aria-label={label} onKeyDown={moveFocus}>
      <Children parent={[]} level={1} state={state} />
    </div>
  );
}

interface ChildrenProps {
  parent: readonly string[];
  level: number;
  state: TreeState;
}

/** The children of one open node, with "Show more" when the folder holds more than one page. */
function Children({ parent, level, state }: ChildrenProps) {
  const query = useInfiniteQuery(fileChildrenQueryOptions(state.scanId, parent));
  const indent = rowIndent(level, state.narrow);
  if (query.isPending) {
    return (
      <Group gap="xs" pl={indent + 20} h={30} role="none">
        <Loader size={14} aria-label="Loading folder" />
      </Group>
    );
  }
  if (query.isError) {
    return (
      <div role="none" style={{ paddingLeft: indent }}>
        <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} title="Could not open this folder" />
      </div>
    );
  }
  const entries = query.data.pages.flatMap((page) => page.results);
  const count = query.data.pages[0]?.count ?? 0;
  if (count === 0 && level === 1) {
    return (
      <Text size="sm" c="dimmed" role="none" py="xs">
        Nothing was unpacked from this file: the scan holds the file alone.
      </Text>
    );
  }
  return (
    <>
      {entries.map((entry, index) => (
        <Node key={pathKey(entry.path)} entry={entry} level={level} position={index + 1} siblings={count} state={state} first={level === 1 && index === 0} />
      ))}
      {query.hasNextPage && (
        <div role="none" style={{ paddingLeft: indent + 20 }}>
          <Button variant="subtle" size="compact-xs" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {`Show ${formatNumber(Math.min(CHILDREN_PAGE, count - entries.length))} more of ${formatNumber(count - entries.length)}`}
          </Button>
        </div>
      )}
    </>
  );
}

interface NodeProps {
  entry: FileTreeEntry;
  level: number;
  position: number;
  siblings: number;
  state: TreeState;
  first: boolean;
}

function Node({ entry, level, position, siblings, state, first }: NodeProps) {
  const key = pathKey(entry.path);
  const open = entry.has_children && state.expanded.has(key);
  const selected = state.selected === key;
  const ref = useRef<HTMLDivElement>(null);
  // A deep link opens the folders above its file: bring the file into view once it is drawn.
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  return (
    <>
      <NavLink
        ref={ref}
        component="div"
        role="treeitem"
        aria-level={level}
        aria-posinset={position}
        aria-setsize={siblings}
        aria-expanded={entry.has_children ? open : undefined}
        aria-selected={selected}
        data-path={key}
        data-expandable={entry.has_children ? (open ? 'open' : 'closed') : undefined}
        tabIndex={state.focusable === key || (state.focusable === undefined && first) ? 0 : -1}
        active={selected}
        variant="light"
        noWrap
        onClick={() => {
          // On a phone the panel covers the tree: a tap on a folder only opens or closes it.
          if (state.narrow && entry.has_children) return state.toggle(entry.path, !open);
          state.select(entry.path);
          if (entry.has_children && !open) state.toggle(entry.path, true);
        }}
        onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            state.select(entry.path);
          } else if (event.key === 'ArrowRight' && entry.has_children && !open) {
            event.preventDefault();
            event.stopPropagation();
            state.toggle(entry.path, true);
          } else if (event.key === 'ArrowLeft' && open) {
            event.preventDefault();
            event.stopPropagation();
            state.toggle(entry.path, false);
          }
        }}
        leftSection={
          <Group gap={4} wrap="nowrap" pl={rowIndent(level, state.narrow)}>
            <span
              aria-hidden="true"
              style={{ width: 16, display: 'inline-flex', justifyContent: 'center', visibility: entry.has_children ? 'visible' : 'hidden' }}
              onClick={(event) => {
                event.stopPropagation();
                state.toggle(entry.path, !open);
              }}
            >
              <Chevron open={open} />
            </span>
            <NodeIcon kind={nodeKind(entry, open)} />
          </Group>
        }
        label={<RowLabel entry={entry} />}
        rightSection={<RowFacts entry={entry} narrow={state.narrow} />}
        styles={{ root: { paddingBlock: 3, paddingInline: 6, minHeight: 30 }, section: { marginInlineEnd: 6 } }}
      />
      {open && <Children parent={entry.path} level={level + 1} state={state} />}
    </>
  );
}

/** The name, what it links to, and its type in words for screen readers. */
function RowLabel({ entry }: { entry: FileTreeEntry }) {
  return (
    <Text span size="sm" title={displayText(entry.name)}>
      {displayText(entry.name)}
      {entry.link_target !== null && (
        <Text span size="sm" c="dimmed">
          {` → ${displayText(entry.link_target)}`}
        </Text>
      )}
      <VisuallyHidden>{`, ${typeWords(entry)}`}</VisuallyHidden>
    </Text>
  );
}

/** "folder, 3 items", "SquashFS file system, 12 items", "symbolic link", "file". */
export function typeWords(entry: Pick<FileTreeEntry, 'type' | 'is_container' | 'child_count' | 'link_target' | 'format_name' | 'format'>): string {
  const items = `${formatNumber(entry.child_count)} ${entry.child_count === 1 ? 'item' : 'items'}`;
  if (entry.type === 'folder') return `folder, ${items}`;
  const format = entry.format_name ?? entry.format;
  if (entry.is_container) return `${format ?? 'container'}, ${items}`;
  if (entry.link_target !== null) return 'link';
  return format ?? 'file';
}

/** Findings as small badges, then (not on a phone) the format and the size. */
function RowFacts({ entry, narrow }: { entry: FileTreeEntry; narrow: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <FindingBadges entry={entry} />
      {!narrow && (
        <>
          <Text size="xs" c="dimmed" w={200} ta="right" truncate="end" title={entry.format ?? undefined}>
            {entry.type === 'folder' ? '' : displayText(entry.format_name ?? entry.format ?? '')}
          </Text>
          <Text size="xs" w={80} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {sizeText(entry)}
          </Text>
        </>
      )}
    </Group>
  );
}

/** A file's size; nothing for a folder or a link (whose recorded size is that of no content). */
export function sizeText(entry: Pick<FileTreeEntry, 'size' | 'link_target'>): string {
  return entry.size === null || entry.link_target !== null ? '' : formatBytes(entry.size);
}

/** What the scan found in the file: leaks, missing mitigations, components, a deletion by a later layer. */
export function FindingBadges({ entry }: { entry: Pick<FileTreeEntry, 'infoleaks' | 'missing_mitigations' | 'component_count' | 'components' | 'whiteout'> }) {
  const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;
  const [only] = entry.components;
  return (
    <>
      {entry.whiteout !== null && (
        <Badge size="xs" color="gray" variant="outline" tt="none">
          deleted
        </Badge>
      )}
      {entry.infoleaks > 0 && (
        <Badge size="xs" color="red" variant="light" tt="none">
          {plural(entry.infoleaks, 'leak', 'leaks')}
        </Badge>
      )}
      {entry.missing_mitigations !== null && entry.missing_mitigations > 0 && (
        <Badge size="xs" color="orange" variant="light" tt="none">
          {`${formatNumber(entry.missing_mitigations)} missing`}
        </Badge>
      )}
      {entry.component_count > 0 && (
        <Badge size="xs" color="blue" variant="light" tt="none" maw={220} title={entry.components.map((c) => `${c.lib} ${c.version}`).join(', ')}>
          {entry.component_count === 1 && only ? displayText(`${only.lib} ${only.version}`) : plural(entry.component_count, 'component', 'components')}
        </Badge>
      )}
    </>
  );
}

function rowIndent(level: number, narrow: boolean): number {
  return (level - 1) * (narrow ? 12 : 18);
}

/** Arrow keys, Home and End over the rows on screen; a row's own keys (open, close, select) come first. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="treeitem"]')];
  const at = rows.findIndex((row) => row === document.activeElement);
  const current = rows[at];
  if (current === undefined) return;
  const level = Number(current.getAttribute('aria-level'));
  const target = (() => {
    switch (event.key) {
      case 'ArrowDown':
        return rows[at + 1];
      case 'ArrowUp':
        return rows[at - 1];
      case 'Home':
        return rows[0];
      case 'End':
        return rows.at(-1);
      case 'ArrowRight':
        // An open node steps into its first child.
        return current.dataset.expandable === 'open' ? rows[at + 1] : undefined;
      case 'ArrowLeft':
        return rows.slice(0, at).findLast((row) => Number(row.getAttribute('aria-level')) === level - 1);
      default:
        return undefined;
    }
  })();
  if (target === undefined) return;
  event.preventDefault();
  current.tabIndex = -1;
  target.tabIndex = 0;
  target.focus();
}
