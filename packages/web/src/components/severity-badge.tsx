import { Badge } from '@mantine/core';
import { CHART_PALETTE } from '../lib/chart-palette.ts';
import { formatNumber } from '../lib/format.ts';

/** The severities of spec §9 (CVSS v3 adds critical and none); anything else, or none at all, reads unscored. */
const COLOURS: Readonly<Record<string, string>> = {
  critical: CHART_PALETTE.critical,
  high: CHART_PALETTE.high,
  medium: CHART_PALETTE.medium,
  low: CHART_PALETTE.low,
  none: CHART_PALETTE.none,
};

interface SeverityBadgeProps {
  severity: string | null;
  /** The CVSS base score beside the word. */
  score?: number | null;
}

/** A severity in its one colour and word everywhere ("high 7.5"), never colour alone. */
export function SeverityBadge({ severity, score = null }: SeverityBadgeProps) {
  const word = severity?.toLowerCase() ?? '';
  const known = Object.hasOwn(COLOURS, word);
  const label = known ? word : 'unscored';
  return (
    <Badge color={known ? COLOURS[word] : CHART_PALETTE.missing} variant="filled" autoContrast size="sm" tt="none">
      {score === null ? label : `${label} ${formatNumber(score, 1)}`}
    </Badge>
  );
}
