import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  width?: number | string;
}

interface DataTableProps<Row> {
  /** Names the table for assistive technology and role locators. */
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string | number;
  empty?: ReactNode;
}

/** The shared dense table: column headers always present, an explicit empty row. */
export function DataTable<Row>({ label, columns, rows, rowKey, empty = 'Nothing to show.' }: DataTableProps<Row>) {
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table aria-label={label} striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.id} scope="col" style={{ width: column.width }}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" size="sm">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row, index) => (
              <Table.Tr key={rowKey(row, index)}>
                {columns.map((column) => (
                  <Table.Td key={column.id}>{column.cell(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
