import { Badge, Text } from '@mantine/core';
import type { SalesScan } from '../../../lib/api-schemas.ts';
import { useNoVulnerabilityData } from '../../../lib/knowledge-base.ts';

const LABELS = { na: 'N/A', verify: 'Verify', pass: 'Pass', vulns: 'Vulnerable' } as const;
const COLORS = { na: 'gray', verify: 'yellow', pass: 'green', vulns: 'red' } as const;

/** Spec §4 verdict in words beside its badge, so that a printout says what a colour would. */
export function SalesVerdict({ scan }: { scan: Pick<SalesScan, 'verdict' | 'verdict_reason'> }) {
  // Zero vulnerabilities against an empty knowledge base is no pass.
  const noData = useNoVulnerabilityData();
  const verdict = scan.verdict === 'pass' && noData ? 'verify' : scan.verdict;
  if (verdict === null) return null;
  return (
    <>
      <Badge color={COLORS[verdict]} variant="light" aria-label={`Verdict ${LABELS[verdict]}`}>
        {LABELS[verdict]}
      </Badge>
      {verdict === 'na' && scan.verdict_reason && (
        <Text size="sm" c="dimmed">
          {scan.verdict_reason}
        </Text>
      )}
    </>
  );
}
