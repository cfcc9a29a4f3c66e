import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { formatBytes, formatPercent } from '../../../lib/format.ts';
import type { UploadItem } from './use-upload-queue.ts';

interface UploadRowProps {
  item: UploadItem;
  onCancel: () => void;
  onRetry: () => void;
}

const STATE_TEXT: Record<UploadItem['state'], string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  retrying: 'Connection lost, resuming…',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refused: 'Too large',
};

const STATE_COLOR: Partial<Record<UploadItem['state'], string>> = { done: 'teal', failed: 'red', refused: 'red', retrying: 'orange', cancelled: 'gray' };

/** One file of the upload: its progress bar with bytes and speed, and what can be done with it. */
export function UploadRow({ item, onCancel, onRetry }: UploadRowProps) {
  const { file, state } = item;
  const fraction = file.size > 0 ? item.sent / file.size : state === 'done' ? 1 : 0;
  const travelling = state === 'waiting' || state === 'uploading' || state === 'retrying';
  return (
    <Stack gap={4} data-testid="upload-row" aria-label={file.name} role="group">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={500} truncate="end" style={{ minWidth: 0 }} title={file.name}>
          {file.name}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {state === 'done' && item.scanId !== null ? (
            <AnchorLink to="/product/$scanId/analysis" params={{ scanId: item.scanId }} size="sm">
              Open scan
            </AnchorLink>
          ) : null}
          {state === 'failed' ? (
            <Button size="compact-sm" variant="light" onClick={onRetry}>
              Retry
            </Button>
          ) : null}
          {travelling ? (
            <Button size="compact-sm" variant="subtle" color="red" onClick={onCancel} aria-label={`Cancel ${file.name}`}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Group>
      <Progress
        value={Math.min(100, fraction * 100)}
        color={STATE_COLOR[state] ?? 'blue'}
        animated={state === 'uploading'}
        aria-label={`Upload progress of ${file.name}`}
      />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c={STATE_COLOR[state] ?? 'dimmed'}>
          {STATE_TEXT[state]}
          {item.error ? `: ${item.error}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {formatBytes(item.sent)} of {formatBytes(file.size)} ({formatPercent(fraction)})
          {item.speed !== null && state === 'uploading' ? ` · ${formatBytes(item.speed)}/s` : ''}
        </Text>
      </Group>
    </Stack>
  );
}
