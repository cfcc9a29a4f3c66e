import { Checkbox, Group, Loader, Table, Text } from '@mantine/core';
import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
  type Updater,
  type VisibilityState,
} from '@tanstack/react-table';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { ColumnMenu } from './column-menu.tsx';
import { DataTableBody } from './data-table-body.tsx';
import { AUTO_WIDTH, SortableHeader } from './sortable-header.tsx';

export type { ColumnDef } from '@tanstack/react-table';

/** Server sorting: the header click becomes the list's `ordering` URL parameter (`-field` descending). */
export interface ServerSorting {
  ordering: string;
  onOrderingChange: (ordering: string) => void;
}

export interface DataTableProps<Row> {
  /** Names the table for assistive technology and role locators. */
  label: string;
  columns: ColumnDef<Row, unknown>[];
  data: Row[];
  getRowId: (row: Row) => string;
  empty?: ReactNode;
  /** A background refetch (e.g. the next page): rows stay, a spinner shows in the toolbar. */
  loading?: boolean;
  /** 'client' sorts the rows in the browser; a ServerSorting object asks the server; absent: no sorting. */
  sorting?: 'client' | ServerSorting;
  /** Turns on row checkboxes; called with the selected row ids after every change. */
  onSelectionChange?: (ids: string[]) => void;
  /** Enter on a focused row or a click on a row; without it, Enter follows the row's first link. */
  onOpenRow?: (row: Row) => void;
  /** The accessible name of a row's checkbox ("Select router.bin"). */
  rowLabel?: (row: Row) => string;
  /** Extra toolbar content on the left (bulk actions for the selected rows). */
  toolbar?: ReactNode;
  /**
   * The table's least width with rows (600 px unless set); a narrower screen scrolls it
   * sideways. A phone layout whose columns fit 390 px sets its own.
   */
  minWidth?: number;
}

const DEFAULT_MIN_WIDTH = 600;

/** Above this many rows only the visible ones are in the DOM (fixed-height virtual rows). */
export const VIRTUAL_THRESHOLD = 200;

/** The one table of the app: TanStack Table state over Mantine's table, with virtual rows for long lists. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, data, getRowId, empty = 'Nothing to show.', loading = false, sorting, onSelectionChange } = props;
  const [clientSorting, setClientSorting] = useState<SortingState>([]);
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const selectionRef = useRef(onSelectionChange);
  selectionRef.current = onSelectionChange;
  const server = typeof sorting === 'object' ? sorting : null;
  // The select column depends only on whether selection is on, not on the callback's identity.
  const selectable = onSelectionChange !== undefined;
  const { columns: ownColumns, rowLabel } = props;
  const columns = useMemo(
    () => (selectable ? [selectColumn<Row>(rowLabel), ...ownColumns] : ownColumns),
    [selectable, ownColumns, rowLabel],
  );

  // The app does not run the React Compiler; TanStack Table's instance is stable by design.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    getRowId,
    state: {
      sorting: server ? orderingToSorting(server.ordering) : clientSorting,
      columnVisibility,
      rowSelection,
    },
    defaultColumn: { enableSorting: false, size: AUTO_WIDTH },
    enableSorting: sorting !== undefined,
    manualSorting: server !== null,
    enableSortingRemoval: server === null,
    sortDescFirst: false,
    onSortingChange: (updater) => {
      if (!server) return setClientSorting(updater);
      const next = resolve(updater, orderingToSorting(server.ordering))[0];
      server.onOrderingChange(next ? (next.desc ? `-${next.id}` : next.id) : '');
    },
    onColumnVisibilityChange: setColumnVisibility,
    enableRowSelection: onSelectionChange !== undefined,
    onRowSelectionChange: (updater) => {
      const next = resolve(updater, rowSelection);
      setRowSelection(next);
      selectionRef.current?.(Object.keys(next).filter((id) => next[id]));
    },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: server ? undefined : getSortedRowModel(),
  });

  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns().length;
  const selected = Object.values(rowSelection).filter(Boolean).length;
  return (
    <div>
      <Group justify="space-between" mb={4} gap="xs" wrap="nowrap">
        <Group gap="xs">
          {onSelectionChange && selected > 0 && <Text size="sm">{`${selected} selected`}</Text>}
          {props.toolbar}
          {loading && <Loader size="xs" aria-label={`Loading ${label.toLowerCase()}`} />}
        </Group>
        <ColumnMenu table={table} />
      </Group>
      <DataTableBody
        table={table}
        label={label}
        virtual={rows.length > VIRTUAL_THRESHOLD}
        onOpenRow={props.onOpenRow}
        minWidth={props.minWidth ?? DEFAULT_MIN_WIDTH}
        header={
          <Table.Tr>
            {table.getFlatHeaders().map((header) => (
              <SortableHeader key={header.id} header={header} />
            ))}
          </Table.Tr>
        }
        empty={
          <Table.Tr>
            <Table.Td colSpan={visibleColumns}>
              <Text c="dimmed" size="sm" style={{ whiteSpace: 'normal' }}>
                {empty}
              </Text>
            </Table.Td>
          </Table.Tr>
        }
      />
    </div>
  );
}

function selectColumn<Row>(rowLabel?: (row: Row) => string): ColumnDef<Row> {
  return {
    id: 'select',
    enableHiding: false,
    enableSorting: false,
    size: 36,
    header: ({ table }) => (
      <Checkbox
        size="xs"
        aria-label="Select all rows"
        checked={table.getIsAllRowsSelected()}
        indeterminate={table.getIsSomeRowsSelected()}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        size="xs"
        aria-label={rowLabel ? `Select ${rowLabel(row.original)}` : `Select row ${row.index + 1}`}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
        // The row's own keyboard handling must not see the checkbox's Space or Enter.
        onKeyDown={(event) => event.stopPropagation()}
      />
    ),
  };
}

function orderingToSorting(ordering: string): SortingState {
  if (ordering === '') return [];
  return ordering.startsWith('-') ? [{ id: ordering.slice(1), desc: true }] : [{ id: ordering, desc: false }];
}

function resolve<T>(updater: Updater<T>, previous: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(previous) : updater;
}
