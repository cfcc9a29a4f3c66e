import { Badge } from '@mantine/core';
import type { ReportJob } from '../../../lib/api-schemas.ts';

const STATES: Record<ReportJob['state'], { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  running: { label: 'Being made', color: 'blue' },
  ready: { label: 'Ready', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

export function ReportStateBadge({ state }: { state: ReportJob['state'] }) {
  const { label, color } = STATES[state];
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}
