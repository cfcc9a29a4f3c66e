import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import type { Table } from '@tanstack/react-table';

/** "Columns": a checkbox per column that may be hidden. */
export function ColumnMenu<Row>({ table }: { table: Table<Row> }) {
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  if (columns.length < 2) return null;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="subtle" size="compact-sm">
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label="Visible columns">
          {columns.map((column) => (
            <Checkbox
              key={column.id}
              size="xs"
              label={typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id}
              checked={column.getIsVisible()}
              // The last visible column stays: a table without columns says nothing.
              disabled={column.getIsVisible() && table.getVisibleLeafColumns().filter((c) => c.getCanHide()).length === 1}
              onChange={column.getToggleVisibilityHandler()}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
