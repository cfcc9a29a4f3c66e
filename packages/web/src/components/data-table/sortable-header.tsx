import { Table, UnstyledButton } from '@mantine/core';
import { flexRender, type Header } from '@tanstack/react-table';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The size DataTable gives columns that set none: the browser sizes them to their content.
 * (TanStack Table would give every column 150 px, so a column's own size could not be told apart.)
 */
export const AUTO_WIDTH = 0;

/** A column header; a sortable one is a button that toggles the order and announces it with aria-sort. */
export function SortableHeader<Row>({ header }: { header: Header<Row, unknown> }) {
  const { column } = header;
  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  const width = column.columnDef.size === AUTO_WIDTH ? undefined : column.getSize();
  if (!column.getCanSort()) {
    return (
      <Table.Th scope="col" style={{ width }}>
        {content}
      </Table.Th>
    );
  }
  const direction = column.getIsSorted();
  return (
    <Table.Th scope="col" aria-sort={direction ? ARIA_SORT[direction] : 'none'} style={{ width }}>
      <UnstyledButton onClick={column.getToggleSortingHandler()} fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
        {content}
        <SortIcon direction={direction} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** Up, down or both triangles; drawn (not text) so the header's name stays just the name. */
function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg aria-hidden width="8" height="12" viewBox="0 0 8 12" style={{ marginLeft: 6, verticalAlign: 'middle' }}>
      <path d="M4 0 8 5H0z" fill="currentColor" opacity={direction === 'asc' ? 1 : direction ? 0.15 : 0.35} />
      <path d="M4 12 0 7h8z" fill="currentColor" opacity={direction === 'desc' ? 1 : direction ? 0.15 : 0.35} />
    </svg>
  );
}
