// The band on top of a diff: how many components, vulnerabilities, licences and hardened
// executables changed, each card a count in large type over its parts.
import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { NotEvaluated } from '../../../components/not-evaluated.tsx';
import type { ScanDiff } from '../../../lib/api-schemas.ts';
import { formatNumber } from '../../../lib/format.ts';
import { SeverityCountBadges, totalOf } from './severity-badge.tsx';

export function DiffSummary({ diff }: { diff: ScanDiff }) {
  const { components, vulnerabilities, licenses, executables } = diff.summary;
  const evaluated = diff.knowledge_base.updated !== null;
  return (
    <SimpleGrid component="section" aria-label="Changes" cols={{ base: 1, xs: 2, lg: 5 }} spacing="sm" verticalSpacing="sm" mb="lg">
      <SummaryCard title="New vulnerabilities" headline={evaluated ? totalOf(vulnerabilities.new) : undefined}>
        {evaluated ? <SeverityCountBadges counts={vulnerabilities.new} label="New vulnerabilities by severity" /> : <NotEvaluated />}
      </SummaryCard>
      <SummaryCard title="Fixed vulnerabilities" headline={evaluated ? totalOf(vulnerabilities.fixed) : undefined}>
        {evaluated ? <SeverityCountBadges counts={vulnerabilities.fixed} label="Fixed vulnerabilities by severity" /> : <NotEvaluated />}
      </SummaryCard>
      <SummaryCard title="Components" headline={components.added + components.removed + components.changed}>
        <CountRow label="Added" count={components.added} />
        <CountRow label="Removed" count={components.removed} />
        <CountRow label="Version changed" count={components.changed} />
        <CountRow label="Unchanged" count={components.unchanged} dimmed />
      </SummaryCard>
      <SummaryCard title="Hardening regressions" headline={executables.regressed}>
        <CountRow label="Executables improved" count={executables.improved} />
        <CountRow label="Executables added" count={executables.added} />
        <CountRow label="Executables removed" count={executables.removed} />
        <CountRow label="Compared" count={executables.compared} dimmed />
      </SummaryCard>
      <SummaryCard title="Licences" headline={licenses.added + licenses.removed}>
        <CountRow label="Added" count={licenses.added} />
        <CountRow label="Removed" count={licenses.removed} />
      </SummaryCard>
    </SimpleGrid>
  );
}

function SummaryCard({ title, headline, children }: { title: string; headline?: number | undefined; children: ReactNode }) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {title}
          </Text>
          {headline !== undefined && (
            <Text fz={24} fw={700} lh={1} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatNumber(headline)}
            </Text>
          )}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function CountRow({ label, count, dimmed = false }: { label: string; count: number; dimmed?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c={dimmed ? 'dimmed' : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={count > 0 && !dimmed ? 600 : undefined} c={dimmed ? 'dimmed' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatNumber(count)}
      </Text>
    </Group>
  );
}
