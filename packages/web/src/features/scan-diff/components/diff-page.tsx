// /diff?base=&target= (spec §2): what changed from one ready scan (base, before) to another
// (target, after). Without two valid ids, or when the server cannot compare them, the page says
// why and offers the two scan pickers; every answer stays inside the app frame.
import { Alert, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { NotEvaluated } from '../../../components/not-evaluated.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { ScanDiff, ScanDiffScan } from '../../../lib/api-schemas.ts';
import { displayText, formatCount, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { type DiffSearch, type DiffSide, diffSideOf, scanDiffQueryOptions } from '../api/scan-diff.ts';
import { ComponentsTable } from './components-table.tsx';
import { DiffSummary } from './diff-summary.tsx';
import { HardeningTable } from './hardening-table.tsx';
import { LicensesTable } from './licenses-table.tsx';
import { ScanPickers } from './scan-pickers.tsx';
import { VulnerabilitiesTable } from './vulnerabilities-table.tsx';

const TITLE = 'Compare scans';

export function DiffPage({ search }: { search: DiffSearch }) {
  const base = diffSideOf(search.base);
  const target = diffSideOf(search.target);
  if ('id' in base && 'id' in target) return <DiffView key={`${base.id}-${target.id}`} base={base.id} target={target.id} />;
  return (
    <>
      <PageHeader title={TITLE} />
      <Stack gap="md">
        <AddressProblem base={base} target={target} />
        <ScanPickers key={`${idOf(base)}-${idOf(target)}`} base={idOf(base)} target={idOf(target)} />
      </Stack>
    </>
  );
}

function idOf(side: DiffSide): number | null {
  return 'id' in side ? side.id : null;
}

/** Why there is nothing to compare yet: an id that is not one is named; missing ones are asked for. */
function AddressProblem({ base, target }: { base: DiffSide; target: DiffSide }) {
  const invalid = [['base', base], ['target', target]].flatMap(([name, side]) => (typeof side === 'object' && 'invalid' in side ? [`${String(name)} "${displayText(side.invalid)}"`] : []));
  if (invalid.length > 0) {
    return (
      <Alert color="orange" title="These are not scan ids" role="alert">
        {`The address names ${invalid.join(' and ')}: a scan id is a whole number. Choose the scans below.`}
      </Alert>
    );
  }
  const missing = 'missing' in base && 'missing' in target ? 'two scans' : 'missing' in base ? 'the scan before the change (base)' : 'the scan after the change (target)';
  return <Text size="sm">{`Choose ${missing} to see which components, vulnerabilities, licences and hardening changed between them.`}</Text>;
}

function DiffView({ base, target }: { base: number; target: number }) {
  const query = useQuery(scanDiffQueryOptions(base, target));
  if (query.isPending) return <Loader aria-label="Comparing the scans" />;
  if (query.isError) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Stack gap="md">
          <QueryErrorAlert title="These scans cannot be compared" error={query.error} onRetry={answered(query.error) ? undefined : () => void query.refetch()} />
          <ScanPickers base={base} target={target} />
        </Stack>
      </>
    );
  }
  return <DiffResult diff={query.data} />;
}

/** The server's own verdict on these two ids (400, 404): asking again answers the same. */
function answered(error: Error): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404);
}

function DiffResult({ diff }: { diff: ScanDiff }) {
  const evaluated = diff.knowledge_base.updated !== null;
  const { vulnerabilities, summary } = diff;
  return (
    <>
      <PageHeader title={TITLE} />
      <Group gap="md" mb="md" align="center" role="group" aria-label="Compared scans">
        <ScanCard role="Base (before)" scan={diff.base} />
        <Text size="xl" c="dimmed" aria-hidden visibleFrom="sm">
          →
        </Text>
        <ScanCard role="Target (after)" scan={diff.target} />
        <Group gap="xs">
          <Button renderRoot={(props) => <Link {...props} to="/diff" search={{ base: diff.target.id, target: diff.base.id }} />} variant="default" size="xs">
            Swap
          </Button>
          <Button renderRoot={(props) => <Link {...props} to="/diff" search={{ target: diff.target.id }} />} variant="default" size="xs">
            Other scans
          </Button>
        </Group>
      </Group>
      <DiffSummary diff={diff} />
      <Section title="New vulnerabilities" count={evaluated ? vulnerabilities.new.length : undefined}>
        {evaluated ? (
          <VulnerabilitiesTable label="New vulnerabilities" vulnerabilities={vulnerabilities.new} empty="The target has no vulnerability the base did not have." />
        ) : (
          <NotEvaluated />
        )}
      </Section>
      <Section title="Fixed vulnerabilities" count={evaluated ? vulnerabilities.fixed.length : undefined}>
        {evaluated ? (
          <VulnerabilitiesTable label="Fixed vulnerabilities" vulnerabilities={vulnerabilities.fixed} empty="No vulnerability of the base is gone in the target." />
        ) : (
          <NotEvaluated />
        )}
      </Section>
      <Section title="Components" count={summary.components.added + summary.components.removed + summary.components.changed}>
        <ComponentsTable components={diff.components} />
      </Section>
      <Section title="Hardening" count={diff.hardening.length}>
        <HardeningTable changes={diff.hardening} />
      </Section>
      <Section title="Licences" count={summary.licenses.added + summary.licenses.removed}>
        <LicensesTable licenses={diff.licenses} />
      </Section>
    </>
  );
}

function ScanCard({ role, scan }: { role: string; scan: ScanDiffScan }) {
  return (
    <Box component="section" aria-label={role} style={{ flex: '1 1 240px', minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {role}
      </Text>
      <AnchorLink to="/product/$scanId" params={{ scanId: scan.id }} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {displayText(scan.name)}
      </AnchorLink>
      <Text size="xs" c="dimmed">
        {`${displayText(scan.group_name)} · ${formatDateTime(scan.created)} · ${scan.component_count === null ? '– components' : formatCount(scan.component_count, 'component')}`}
      </Text>
    </Box>
  );
}

function Section({ title, count, children }: { title: string; count: number | undefined; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} mb="lg">
      <Title order={3} size="h4" mb={4}>
        {title}
        {count !== undefined && (
          <Text span c="dimmed" fw={400} inherit>
            {` (${formatNumber(count)})`}
          </Text>
        )}
      </Title>
      {children}
    </Box>
  );
}
