import { Table } from '@mantine/core';
import { flexRender, type Row, type Table as TableInstance } from '@tanstack/react-table';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { MoreOnTheRight, useCutOnTheRight } from './sideways-overflow.tsx';

/** Compact rows (about 34 px): the virtualiser's estimate; real heights are measured. */
export const ROW_HEIGHT = 34;

interface DataTableBodyProps<TData> {
  table: TableInstance<TData>;
  label: string;
  virtual: boolean;
  header: ReactNode;
  empty: ReactNode;
  onOpenRow?: ((row: TData) => void) | undefined;
  /** The table's least width when it has rows; narrower screens scroll it sideways. */
  minWidth: number;
}

/**
 * The scrolling part: a sticky header, then every row or (long lists) only the rows in view
 * between two spacer rows. Arrow keys, Home and End move the focused row; Enter opens it.
 */
export function DataTableBody<TData>({ table, label, virtual, header, empty, onOpenRow, minWidth }: DataTableBodyProps<TData>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const cutOnTheRight = useCutOnTheRight(scrollRef);
  const [focused, setFocused] = useState(0);
  const focusPending = useRef(false);
  const rows = table.getRowModel().rows;
  // The app does not run the React Compiler; the virtualiser re-renders this component itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Without layout (tests, first paint) render a screenful rather than nothing.
    initialRect: { width: 1024, height: 600 },
  });
  const active = Math.min(focused, Math.max(rows.length - 1, 0));

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const next = nextIndex(event.key, active, rows.length);
    if (next !== null) {
      event.preventDefault();
      focusPending.current = true;
      setFocused(next);
      if (virtual) virtualizer.scrollToIndex(next, { align: 'auto' });
      return;
    }
    if (event.key === 'Enter' && event.target instanceof HTMLTableRowElement) {
      const row = rows[active];
      if (!row) return;
      event.preventDefault();
      if (onOpenRow) onOpenRow(row.original);
      else event.target.querySelector('a')?.click();
    }
  };

  // After a navigation key, focus the row once it is rendered (a virtual row may need a scroll first).
  useEffect(() => {
    if (!focusPending.current) return;
    const element = scrollRef.current?.querySelector<HTMLTableRowElement>(`tbody > tr[data-index="${active}"]`);
    if (!element) return;
    focusPending.current = false;
    element.focus({ preventScroll: virtual });
  });

  const columns = table.getVisibleLeafColumns();
  const renderRow = (row: Row<TData>, index: number) => (
    <BodyRow
      key={row.id}
      row={row}
      index={index}
      columns={columns}
      active={index === active}
      selected={row.getCanSelect() ? row.getIsSelected() : undefined}
      measure={virtual ? virtualizer.measureElement : undefined}
      onFocusIndex={setFocused}
      onOpenRow={onOpenRow}
    />
  );

  return (
    <div style={{ position: 'relative' }}>
      <div
        ref={scrollRef}
        // A long list scrolls inside the table so the header stays in view; a short one grows with the page.
        style={{ overflow: 'auto', maxHeight: virtual ? 'calc(100dvh - 220px)' : undefined, minHeight: virtual ? 320 : undefined }}
      >
        <Table
          // Dense rows: cells do not wrap; a narrow screen scrolls the table sideways instead. An
          // empty table keeps to the screen, so its message is read whole at 390 px.
          miw={rows.length === 0 ? undefined : minWidth}
          style={{ whiteSpace: 'nowrap' }}
          aria-label={label} striped highlightOnHover verticalSpacing={6} stickyHeader aria-rowcount={rows.length + 1}>
          <Table.Thead>{header}</Table.Thead>
          <Table.Tbody onKeyDown={onKeyDown}>
            {rows.length === 0
              ? empty
              : virtual
                ? renderVirtual(virtualizer, rows, renderRow, table.getVisibleLeafColumns().length)
                : rows.map(renderRow)}
          </Table.Tbody>
        </Table>
      </div>
      {cutOnTheRight && <MoreOnTheRight />}
    </div>
  );
}

interface BodyRowProps<TData> {
  row: Row<TData>;
  index: number;
  /** The visible columns: a new array when they change, so a kept row draws its cells again. */
  columns: readonly unknown[];
  active: boolean;
  selected: boolean | undefined;
  measure: ((element: Element | null) => void) | undefined;
  onFocusIndex: (index: number) => void;
  onOpenRow: ((row: TData) => void) | undefined;
}

/**
 * One row. Memoised: a scroll of a long list re-renders the body each frame, and only the rows
 * coming into view need drawing, not the dozens already there.
 */
function BodyRowInner<TData>({ row, index, active, selected, measure, onFocusIndex, onOpenRow }: BodyRowProps<TData>) {
  // With onOpenRow a click on a row opens it too, unless it landed on a control of its own or
  // ended a drag that selected the row's text.
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    if (!onOpenRow || !(event.target instanceof Element)) return;
    if (event.target.closest('a, button, input, label, select, textarea, [role="button"]')) return;
    if (window.getSelection()?.isCollapsed === false) return;
    onOpenRow(row.original);
  };
  return (
    <Table.Tr
      ref={measure}
      data-index={index}
      tabIndex={active ? 0 : -1}
      aria-selected={selected}
      onFocus={() => onFocusIndex(index)}
      onClick={onOpenRow ? onClick : undefined}
      style={onOpenRow ? { cursor: 'pointer' } : undefined}
    >
      {row.getVisibleCells().map((cell) => (
        <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
      ))}
    </Table.Tr>
  );
}

const BodyRow = memo(BodyRowInner) as typeof BodyRowInner;

function renderVirtual<TData>(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  rows: Row<TData>[],
  renderRow: (row: Row<TData>, index: number) => ReactNode,
  columns: number,
) {
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      {before > 0 && <Spacer height={before} columns={columns} />}
      {items.map((item) => {
        const row = rows[item.index];
        return row ? renderRow(row, item.index) : null;
      })}
      {after > 0 && <Spacer height={after} columns={columns} />}
    </>
  );
}

function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden style={{ height }}>
      <td colSpan={columns} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}

/** The row index a navigation key moves to, or null for any other key. */
export function nextIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowDown') return Math.min(current + 1, count - 1);
  if (key === 'ArrowUp') return Math.max(current - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (key === 'PageDown') return Math.min(current + 20, count - 1);
  if (key === 'PageUp') return Math.max(current - 20, 0);
  return null;
}
