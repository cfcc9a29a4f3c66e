import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type ColumnDef, type DataTableProps } from './data-table.tsx';

interface Item {
  id: number;
  name: string;
  size: number;
}

const items: Item[] = [
  { id: 1, name: 'busybox', size: 3 },
  { id: 2, name: 'openssl', size: 1 },
  { id: 3, name: 'zlib', size: 2 },
];

const columns: ColumnDef<Item, unknown>[] = [
  { id: 'name', header: 'Name', accessorFn: (item) => item.name, enableSorting: true, enableHiding: false },
  { id: 'size', header: 'Size', accessorFn: (item) => item.size, enableSorting: true },
  { id: 'note', header: 'Note', cell: ({ row }) => `#${row.original.id}` },
];

function renderTable(props: Partial<DataTableProps<Item>> = {}) {
  return render(
    <MantineProvider env="test">
      <DataTable label="Items" columns={columns} data={items} getRowId={(item) => String(item.id)} {...props} />
    </MantineProvider>,
  );
}

const bodyRows = () => within(screen.getByRole('table', { name: 'Items' })).getAllByRole('row').slice(1);
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DataTable', () => {
  it('asks for the next server ordering on a header click: field, then -field', async () => {
    const onOrderingChange = vi.fn();
    const { rerender } = renderTable({ sorting: { ordering: '', onOrderingChange } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(onOrderingChange).toHaveBeenLastCalledWith('size');
    rerender(
      <MantineProvider env="test">
        <DataTable label="Items" columns={columns} data={items} getRowId={(item) => String(item.id)} sorting={{ ordering: 'size', onOrderingChange }} />
      </MantineProvider>,
    );
    expect(screen.getByRole('columnheader', { name: 'Size' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(onOrderingChange).toHaveBeenLastCalledWith('-size');
    // The server sorts: the rows stay in the order they came.
    expect(firstCells()).toEqual(['busybox', 'openssl', 'zlib']);
    expect(screen.queryByRole('button', { name: 'Note' })).not.toBeInTheDocument();
  });

  it('sorts a local list in the browser: ascending, descending, then as given', async () => {
    renderTable({ sorting: 'client' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(firstCells()).toEqual(['openssl', 'zlib', 'busybox']);
    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(firstCells()).toEqual(['busybox', 'zlib', 'openssl']);
    expect(screen.getByRole('columnheader', { name: 'Size' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(firstCells()).toEqual(['busybox', 'openssl', 'zlib']);
  });

  it('gives the caller the selected row ids', async () => {
    const onSelectionChange = vi.fn();
    renderTable({ onSelectionChange, rowLabel: (item) => item.name });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select openssl' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['2']);
    await user.click(screen.getByRole('checkbox', { name: 'Select zlib' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['2', '3']);
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['1', '2', '3']);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([]);
  });

  it('moves the focused row with the arrow keys and opens it with Enter', async () => {
    const onOpenRow = vi.fn();
    renderTable({ onOpenRow });
    const user = userEvent.setup();
    const rows = bodyRows();
    expect(rows.map((row) => row.tabIndex)).toEqual([0, -1, -1]);
    // The Columns button comes first, then the table's one tabbable row.
    await user.tab();
    await user.tab();
    expect(rows[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(bodyRows()[2]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(bodyRows()[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpenRow).toHaveBeenCalledExactlyOnceWith(items[1]);
    await user.keyboard('{Home}');
    expect(bodyRows()[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(bodyRows()[2]).toHaveFocus();
  });

  it('opens a row on a click, but not on a click of a control inside it', async () => {
    const onOpenRow = vi.fn();
    renderTable({ onOpenRow, onSelectionChange: vi.fn() });
    const user = userEvent.setup();
    await user.click(within(bodyRows()[2] as HTMLElement).getAllByRole('cell')[1] as HTMLElement);
    expect(onOpenRow).toHaveBeenCalledExactlyOnceWith(items[2]);
    await user.click(within(bodyRows()[0] as HTMLElement).getByRole('checkbox'));
    expect(onOpenRow).toHaveBeenCalledOnce();
  });

  it('gives a header the width its column asks for, and leaves the others to the browser', () => {
    renderTable({ columns: [{ ...columns[0], size: 240 } as ColumnDef<Item, unknown>, ...columns.slice(1)] });
    expect(screen.getAllByRole('columnheader').map((header) => header.style.width)).toEqual(['240px', ...columns.slice(1).map(() => '')]);
  });

  it('hides a column from the Columns menu', async () => {
    renderTable();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Note' }));
    const headers = within(screen.getByRole('table', { name: 'Items' })).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual(['Name', 'Size']);
    // Name cannot be hidden, so it is not offered.
    expect(screen.queryByRole('checkbox', { name: 'Name' })).not.toBeInTheDocument();
  });

  it('shows the empty text in a row under the headers', () => {
    renderTable({ data: [], empty: 'No items yet.' });
    expect(within(screen.getByRole('table', { name: 'Items' })).getByText('No items yet.')).toBeInTheDocument();
  });

  it('keeps only a screenful of a 10,000-row list in the DOM', () => {
    // jsdom has no layout: a 600 px viewport and 34 px rows.
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(34);
    const many = Array.from({ length: 10_000 }, (_, index) => ({ id: index + 1, name: `pkg-${index + 1}`, size: index }));
    renderTable({ data: many });
    const rendered = bodyRows().filter((row) => !row.hasAttribute('aria-hidden'));
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(100);
    expect(screen.getByRole('table', { name: 'Items' })).toHaveAttribute('aria-rowcount', '10001');
  });

  it('fades its right edge while columns run on past it, and not once scrolled to the end', () => {
    // jsdom lays nothing out: the table's scroll container is given a phone's width and a wider table.
    const scroller = (element: Element) => element instanceof HTMLDivElement && element.firstElementChild?.tagName === 'TABLE';
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return scroller(this) ? 390 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return scroller(this) ? 900 : 0;
    });
    renderTable();
    expect(screen.getByTestId('more-on-the-right')).toBeInTheDocument();
    const container = screen.getByRole('table', { name: 'Items' }).parentElement;
    if (!container) throw new Error('the table has no scroll container');
    container.scrollLeft = 510;
    fireEvent.scroll(container);
    expect(screen.queryByTestId('more-on-the-right')).not.toBeInTheDocument();
  });
});
