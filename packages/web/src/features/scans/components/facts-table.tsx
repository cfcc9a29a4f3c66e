import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
}

/** Label–value pairs, labels on the left; wraps long values rather than cutting them on a phone. */
export function FactsTable({ label, facts }: { label: string; facts: readonly Fact[] }) {
  return (
    <Table aria-label={label} verticalSpacing={6} withRowBorders layout="fixed" maw={760}>
      <Table.Tbody>
        {facts.map((fact) => (
          <Table.Tr key={fact.label}>
            <Table.Th w="40%" fw={500} style={{ verticalAlign: 'top' }}>
              {fact.label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{fact.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
