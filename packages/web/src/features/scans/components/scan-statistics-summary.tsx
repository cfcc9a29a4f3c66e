import { Badge, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '../../../lib/format.ts';
import { type ScanStatisticsParams, scanStatisticsQueryOptions } from '../api/scan-statistics.ts';

interface ScanStatisticsSummaryProps {
  params: ScanStatisticsParams;
}

const SEVERITY_COLORS = { critical: 'red', high: 'orange', medium: 'yellow', low: 'blue' } as const;

/** One line above the applications list: how many match, by status, and by worst severity. */
export function ScanStatisticsSummary({ params }: ScanStatisticsSummaryProps) {
  const { data } = useQuery(scanStatisticsQueryOptions(params));
  if (!data) return null;
  const busy = data.by_status.B + data.by_status.S + data.by_status.P + data.by_status.D;
  return (
    <Group gap="xs" mb="sm" role="group" aria-label="Applications summary" wrap="wrap">
      <Text size="sm" fw={500}>
        {formatNumber(data.count)} {data.count === 1 ? 'application' : 'applications'}
      </Text>
      <Badge variant="light" color="green">{formatNumber(data.by_status.R)} ready</Badge>
      {busy > 0 && <Badge variant="light" color="blue">{formatNumber(busy)} busy</Badge>}
      {data.by_status.F > 0 && <Badge variant="light" color="gray">{formatNumber(data.by_status.F)} failed</Badge>}
      <Text size="sm" c="dimmed" ml="sm">
        Worst finding:
      </Text>
      {/* Only the severities some application has: a row of zeros says nothing. */}
      {(['critical', 'high', 'medium', 'low'] as const)
        .filter((severity) => data.by_highest_severity[severity] > 0)
        .map((severity) => (
          <Badge key={severity} variant="outline" color={SEVERITY_COLORS[severity]}>
            {formatNumber(data.by_highest_severity[severity])} {severity}
          </Badge>
        ))}
      <Badge variant="outline" color="gray">{formatNumber(data.by_highest_severity.none)} none</Badge>
    </Group>
  );
}
