import { Accordion, Table } from '@mantine/core';
import { MATCHING_METHODS } from './matching-methods.ts';

/** Spec §9's help table of matching methods: how each component was found. */
export function MatchingMethodsHelp() {
  return (
    <Accordion variant="contained" mt="lg">
      <Accordion.Item value="help">
        <Accordion.Control>How components are found</Accordion.Control>
        <Accordion.Panel>
          <Table verticalSpacing={6} striped aria-label="Matching methods">
            <Table.Tbody>
              {Object.entries(MATCHING_METHODS).map(([method, { label, meaning }]) => (
                <Table.Tr key={method}>
                  <Table.Th w="30%">{label}</Table.Th>
                  <Table.Td>{meaning}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
