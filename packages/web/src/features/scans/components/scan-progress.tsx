import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { Scan, ScannerProcessProgress } from '../../../lib/api-schemas.ts';
import { formatBytes, formatNumber, formatProgress } from '../../../lib/format.ts';

/** What each busy status code means (README "Scan status codes"). */
export const BUSY_STATUS_TEXT: Record<string, string> = {
  B: 'Queued, waiting for a worker',
  S: 'Started: fetching and unpacking the input',
  P: 'Processing: analysing the files',
  D: 'Finishing: bill of materials and result',
};

/** "about 40 s left", "about 3 min left", "about 2 h 5 min left". */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/** A process's share done: its bytes where known (the extractors), else its files. */
export function processShare(process: Pick<ScannerProcessProgress, 'files_done' | 'files_total' | 'bytes_done' | 'bytes_total'>): [done: number, total: number] {
  return process.bytes_total === null ? [process.files_done, process.files_total] : [process.bytes_done ?? 0, process.bytes_total];
}

function ratio(done: number, total: number): number {
  return total > 0 ? (100 * Math.min(done, total)) / total : 0;
}

function processWork(process: ScannerProcessProgress): string {
  const files = `${formatNumber(process.files_done)} of ${formatNumber(process.files_total)} files`;
  if (process.bytes_total === null) return files;
  return `${files}, ${formatBytes(process.bytes_done ?? 0)} of ${formatBytes(process.bytes_total)}`;
}

interface ScanProgressPanelProps {
  scan: Pick<Scan, 'status' | 'progress'>;
}

/**
 * A busy scan's progress, live (the scan query polls every 3000 ms): what the status code
 * means, the time left once it can be told, and each spec §9 scanner process so far with its
 * files and bytes done.
 */
export function ScanProgressPanel({ scan }: ScanProgressPanelProps) {
  const progress = scan.progress;
  const processes = progress?.processes ?? [];
  const eta = progress?.eta_seconds;
  return (
    <Paper withBorder p="sm" mb="md" aria-label="Scan progress" role="region">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={500}>
            {BUSY_STATUS_TEXT[scan.status] ?? 'Busy'}
            {progress ? ` · ${progress.stage}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {eta === undefined || eta === null ? 'Estimating the time left…' : formatTimeLeft(eta)}
          </Text>
        </Group>
        {processes.length > 0 && (
          <Stack gap="xs" role="list" aria-label="Scanner processes">
            {processes.map((process) => {
              const [done, total] = processShare(process);
              const finished = process.finished !== null;
              return (
                <Stack key={process.name} gap={2} role="listitem" aria-label={process.name}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm">{process.name}</Text>
                    <Text size="xs" c="dimmed">
                      {finished ? 'done' : formatProgress(done, total)}
                    </Text>
                  </Group>
                  <Progress value={finished ? 100 : ratio(done, total)} size="sm" color={finished ? 'green' : 'blue'} aria-label={`${process.name} progress`} />
                  <Text size="xs" c="dimmed">
                    {processWork(process)}
                  </Text>
                </Stack>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
