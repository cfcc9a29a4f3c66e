import { Badge, Text, Tooltip } from '@mantine/core';
import type { Scan } from '../../../lib/api-schemas.ts';
import { useNoVulnerabilityData } from '../../../lib/knowledge-base.ts';

const LABELS = { na: 'N/A', verify: 'Verify', pass: 'Pass', vulns: 'Vulnerable' } as const;
const COLORS = { na: 'gray', verify: 'yellow', pass: 'green', vulns: 'red' } as const;
/** Why a scan without vulnerabilities is no pass while the knowledge base is empty. */
export const NO_DATA_REASON = 'No vulnerability data to match the components against, so nothing can pass.';

/** Spec §4 verdict of a ready scan (N/A says why: nothing found, input not understood), or why a failed scan failed. */
export function ScanVerdict({ scan }: { scan: Pick<Scan, 'status' | 'error' | 'verdict' | 'verdict_reason' | 'binary_removed'> }) {
  // Zero vulnerabilities against an empty knowledge base is no pass.
  const noData = useNoVulnerabilityData();
  const verdict = scan.verdict === 'pass' && noData ? 'verify' : scan.verdict;
  const reason = verdict !== scan.verdict ? NO_DATA_REASON : scan.verdict_reason;
  return (
    <>
      {verdict && (
        <Tooltip label={reason} disabled={!reason} multiline w={280}>
          <Badge color={COLORS[verdict]} variant="light" aria-label={`Verdict ${LABELS[verdict]}`}>
            {LABELS[verdict]}
          </Badge>
        </Tooltip>
      )}
      {verdict === 'na' && reason && (
        <Text size="sm" c="dimmed">
          {reason}
        </Text>
      )}
      {scan.status === 'F' && scan.error && (
        <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
          {scan.error}
        </Text>
      )}
      {scan.binary_removed && (
        <Text size="sm" c="dimmed">
          File removed
        </Text>
      )}
    </>
  );
}
