import { Badge, Text, Tooltip } from '@mantine/core';
import type { Scan } from '../../../lib/api-schemas.ts';

const LABELS = { na: 'N/A', verify: 'Verify', pass: 'Pass', vulns: 'Vulnerable' } as const;
const COLORS = { na: 'gray', verify: 'yellow', pass: 'green', vulns: 'red' } as const;

/** Spec §4 verdict of a ready scan; N/A says why (nothing found, input not understood) rather than a bare READY. */
export function ScanVerdict({ scan }: { scan: Pick<Scan, 'verdict' | 'verdict_reason' | 'binary_removed'> }) {
  return (
    <>
      {scan.verdict && (
        <Tooltip label={scan.verdict_reason} disabled={!scan.verdict_reason} multiline w={280}>
          <Badge color={COLORS[scan.verdict]} variant="light" aria-label={`Verdict ${LABELS[scan.verdict]}`}>
            {LABELS[scan.verdict]}
          </Badge>
        </Tooltip>
      )}
      {scan.verdict === 'na' && scan.verdict_reason && (
        <Text size="sm" c="dimmed">
          {scan.verdict_reason}
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
