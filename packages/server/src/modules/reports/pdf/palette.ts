// The colours of the PDF: the severities in the six colours the web app shows them in
// (packages/web: vulnerability-counts.tsx and triage-badge.tsx, Mantine's default shades).
import type { Verdict } from '../../scans/verdict.ts';

export const SEVERITY_COLOURS = {
  critical: '#c92a2a', // red.9
  high: '#fa5252', // red
  medium: '#fd7e14', // orange
  low: '#fab005', // yellow
  unscored: '#868e96', // gray
  triaged: '#12b886', // teal
} as const;

/** As the web app's scan-verdict.tsx colours the verdicts. */
export const VERDICT_COLOURS: Readonly<Record<Verdict, string>> = { na: '#868e96', verify: '#fab005', pass: '#40c057', vulns: '#fa5252' };

export const PALETTE = {
  text: '#212529',
  muted: '#868e96',
  header: '#343a40',
  headerText: '#ffffff',
  stripe: '#f1f3f5',
  rule: '#adb5bd',
} as const;
