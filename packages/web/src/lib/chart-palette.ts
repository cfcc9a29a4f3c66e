// Spec §9: charts draw with a palette of six colours, defined here once as Mantine theme
// colours (usable as `bg`/`c`/`color` props): a severity for each of the five vulnerability
// counts, worst darkest, and one for a chart with nothing to show.
export const CHART_PALETTE = {
  critical: 'red.9',
  high: 'red.6',
  medium: 'orange.6',
  low: 'yellow.5',
  /** Vulnerabilities with no CVSS score. */
  missing: 'gray.6',
  /** Nothing found: a chart of no vulnerabilities. */
  none: 'teal.6',
} as const;

export type ChartColour = keyof typeof CHART_PALETTE;
