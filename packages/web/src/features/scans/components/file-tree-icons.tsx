// The marks beside a tree row's name: what the node is at a glance (its type is also said in words).
import type { FileTreeEntry } from '../../../lib/api-schemas.ts';

const SIZE = 16;

type Kind = 'folder' | 'open-folder' | 'container' | 'link' | 'file';

/** What a row's mark shows: a folder (open when expanded), a container, a link or a plain file. */
export function nodeKind(entry: Pick<FileTreeEntry, 'type' | 'is_container' | 'link_target'>, open: boolean): Kind {
  if (entry.type === 'folder') return open ? 'open-folder' : 'folder';
  if (entry.is_container) return 'container';
  return entry.link_target === null ? 'file' : 'link';
}

const PATHS: Record<Kind, string> = {
  folder: 'M1.5 3.5h5l1.5 1.5h6.5v8.5h-13z',
  'open-folder': 'M1.5 3.5h5l1.5 1.5h5.5v2h-9l-2 6.5h-1.5zM4.5 7h10l-2 6.5h-10.5',
  container: 'M2 4.5l6-3 6 3v7l-6 3-6-3zM2 4.5l6 3 6-3M8 7.5v7',
  link: 'M3 1.5h6.5l3.5 3.5v9.5h-10zM6 10.5l4-4M7 6.5h3v3',
  file: 'M3 1.5h6.5l3.5 3.5v9.5h-10zM9.5 1.5v3.5h3.5',
};

const COLORS: Record<Kind, string> = {
  folder: 'var(--mantine-color-yellow-7)',
  'open-folder': 'var(--mantine-color-yellow-7)',
  container: 'var(--mantine-color-violet-6)',
  link: 'var(--mantine-color-gray-6)',
  file: 'var(--mantine-color-gray-6)',
};

export function NodeIcon({ kind }: { kind: Kind }) {
  return (
    <svg width={SIZE} height={SIZE} viewBox="0 0 16 16" aria-hidden="true" style={{ flexShrink: 0 }}>
      <path d={PATHS[kind]} fill="none" stroke={COLORS[kind]} strokeWidth="1.3" strokeLinejoin="round" />
    </svg>
  );
}

/** The expand mark: pointing right when closed, down when open. */
export function Chevron({ open }: { open: boolean }) {
  return (
    <svg width={12} height={12} viewBox="0 0 12 12" aria-hidden="true" style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}>
      <path d="M4 2.5l3.5 3.5-3.5 3.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
