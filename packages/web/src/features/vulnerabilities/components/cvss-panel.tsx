import { Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { SeverityBadge } from '../../../components/severity-badge.tsx';
import type { VulnerabilityCvss } from '../../../lib/api-schemas.ts';
import { explainCvssVector } from '../../../lib/cvss-vector.ts';
import { displayText } from '../../../lib/format.ts';

/** Who scored it, in words: NVD's own analysis, the CNA inside NVD's record, an advisory database. */
function scorer(metric: VulnerabilityCvss): string {
  if (metric.source === 'nvd@nist.gov') return 'NVD';
  if (metric.source === 'osv') return 'Advisory (OSV)';
  return displayText(metric.source);
}

function CvssCard({ metric }: { metric: VulnerabilityCvss }) {
  const explained = explainCvssVector(metric.vector);
  const label = `CVSS ${metric.version} by ${scorer(metric)}`;
  return (
    <Card withBorder padding="sm" role="region" aria-label={label}>
      <Group justify="space-between" mb={4} wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
          {label}
          {metric.type !== '' && (
            <Text span size="xs" c="dimmed">
              {' '}
              {metric.type}
            </Text>
          )}
        </Text>
        <Box style={{ flexShrink: 0 }}>
          <SeverityBadge severity={metric.severity} score={metric.score} />
        </Box>
      </Group>
      <Text size="xs" ff="monospace" c="dimmed" mb={6} style={{ overflowWrap: 'anywhere' }}>
        {displayText(metric.vector)}
      </Text>
      {explained ? (
        <dl aria-label={`${label}, metric by metric`} style={{ display: 'grid', gridTemplateColumns: 'minmax(0, max-content) 1fr', columnGap: 12, rowGap: 2, margin: 0 }}>
          {explained.metrics.map((m) => (
            <Fragment key={m.key}>
              <Text component="dt" size="xs" c="dimmed" title={m.key}>
                {m.metric}
              </Text>
              <Text component="dd" size="xs" m={0} title={`${m.key}:${m.code}`}>
                {m.value}
              </Text>
            </Fragment>
          ))}
        </dl>
      ) : (
        <Text size="xs" c="dimmed">
          This vector cannot be read metric by metric.
        </Text>
      )}
    </Card>
  );
}

/** Every CVSS vector the records give, newest version first, each explained metric by metric. */
export function CvssPanel({ cvss }: { cvss: VulnerabilityCvss[] }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        CVSS
      </Title>
      {cvss.length === 0 ? (
        <Text size="sm" c="dimmed">
          No record gives a CVSS vector for it.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {cvss.map((metric) => (
            <CvssCard key={`${metric.version}-${metric.source}-${metric.vector}`} metric={metric} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
