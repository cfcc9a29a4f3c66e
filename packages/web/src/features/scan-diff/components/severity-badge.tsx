// A vulnerability's severity as a word on the chart palette's colour (spec §9), never colour alone.
import { Badge, Group } from '@mantine/core';
import type { DiffVulnerability, ScanDiff } from '../../../lib/api-schemas.ts';
import { CHART_PALETTE } from '../../../lib/chart-palette.ts';
import { formatNumber } from '../../../lib/format.ts';

export type Severity = DiffVulnerability['severity'];
type SeverityCounts = ScanDiff['summary']['vulnerabilities']['new'];

/** Worst first, as the lists order them. */
export const SEVERITIES: readonly { key: Severity; label: string }[] = [
  { key: 'critical', label: 'critical' },
  { key: 'high', label: 'high' },
  { key: 'medium', label: 'medium' },
  { key: 'low', label: 'low' },
  { key: 'missing', label: 'unscored' },
];

export function severityLabel(severity: Severity): string {
  return SEVERITIES.find((s) => s.key === severity)?.label ?? severity;
}

export function totalOf(counts: SeverityCounts): number {
  return SEVERITIES.reduce((sum, s) => sum + counts[s.key], 0);
}

/** The severities present, each as "2 high"; nothing when there are none. */
export function SeverityCountBadges({ counts, label }: { counts: SeverityCounts; label: string }) {
  const present = SEVERITIES.filter((s) => counts[s.key] > 0);
  if (present.length === 0) return null;
  return (
    <Group gap={4} role="list" aria-label={label}>
      {present.map((s) => (
        <Badge key={s.key} role="listitem" color={CHART_PALETTE[s.key]} variant="filled" size="sm" autoContrast>
          {`${formatNumber(counts[s.key])} ${s.label}`}
        </Badge>
      ))}
    </Group>
  );
}
