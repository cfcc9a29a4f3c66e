import { Accordion, Code, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { displayText, formatDateTime } from '../../../lib/format.ts';
import { scanLogQueryOptions } from '../api/scan-log.ts';

const LEVEL_COLORS = { info: undefined, warning: 'orange', error: 'red' } as const;

interface ScanLogPanelProps {
  scanId: number;
  busy: boolean;
}

/** The scan's own log (queued, started on which worker, processes, retries, outcome), folded away and read only once opened. */
export function ScanLogPanel({ scanId, busy }: ScanLogPanelProps) {
  const [opened, setOpened] = useState<string | null>(null);
  const { data, isError } = useQuery({ ...scanLogQueryOptions(scanId, busy), enabled: opened === 'scan-log' });
  return (
    <Accordion variant="contained" mb="md" value={opened} onChange={setOpened}>
      <Accordion.Item value="scan-log">
        <Accordion.Control>Scan log</Accordion.Control>
        <Accordion.Panel>
          {isError && <Text size="sm" c="red">The scan log could not be read.</Text>}
          {data && data.lines.length === 0 && <Text size="sm" c="dimmed">Nothing logged yet.</Text>}
          {data && data.lines.length > 0 && (
            <Code block aria-label="Scan log lines">
              {data.lines.map((line, index) => (
                <Text key={index} component="span" size="xs" c={LEVEL_COLORS[line.level]} style={{ display: 'block', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {`${formatDateTime(line.at, true)}  ${displayText(line.message)}`}
                </Text>
              ))}
            </Code>
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
