import { Badge, Group, Progress, Text } from '@mantine/core';
import type { Scan } from '../../../lib/api-schemas.ts';
import { formatProgress } from '../../../lib/format.ts';
import { STATUS_LABELS, statusKind } from '../api/scan-status.ts';
import { BUSY_STATUS_TEXT, processShare } from './scan-progress.tsx';

const COLORS = { ready: 'green', busy: 'blue', failed: 'red' } as const;

interface ScanStatusBadgeProps {
  scan: Pick<Scan, 'status' | 'progress'>;
}

/** "Ready", "Busy" or "Failed"; a busy scan also shows how far it got. */
export function ScanStatusBadge({ scan }: ScanStatusBadgeProps) {
  const kind = statusKind(scan.status);
  const badge = (
    <Badge color={COLORS[kind]} variant="light" title={kind === 'busy' ? `${scan.status}: ${BUSY_STATUS_TEXT[scan.status] ?? 'busy'}` : undefined}>
      {STATUS_LABELS[kind]}
    </Badge>
  );
  if (kind !== 'busy' || !scan.progress) return badge;
  const { stage } = scan.progress;
  // The current process's share, in bytes where it has them, as the progress panel shows it.
  const current = scan.progress.processes?.find((process) => process.name === stage);
  const [done, total] = current ? processShare(current) : [scan.progress.done, scan.progress.total];
  const percent = formatProgress(done, total);
  return (
    <Group gap="xs" wrap="nowrap">
      {badge}
      <Progress
        value={total > 0 ? (100 * Math.min(done, total)) / total : 0}
        w={80}
        size="sm"
        aria-label={`Scan progress: ${stage}`}
      />
      <Text size="xs" c="dimmed">
        {percent}
      </Text>
    </Group>
  );
}
