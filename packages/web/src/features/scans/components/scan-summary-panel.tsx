// What a security engineer reads first on a ready scan's analysis tab: its verdict, its
// vulnerabilities by severity, how many are exploited or likely to be, its components by
// licence policy, and what the analysers found, each linking to the tab that lists it.
import { Box, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { NotEvaluated } from '../../../components/not-evaluated.tsx';
import { NOT_EVALUATED } from '../../../lib/knowledge-base.ts';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { ScanSummary } from '../../../lib/api-schemas.ts';
import { CHART_PALETTE } from '../../../lib/chart-palette.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { MISSING_MITIGATIONS, missingLabel, type MissingMitigation } from '../../../lib/mitigations.ts';
import { INFOLEAK_KINDS, type InfoleakKind } from '../api/infoleak.ts';
import { scanSummaryQueryOptions } from '../api/scan-summary.ts';
import { INFOLEAK_KIND_LABELS } from './infoleak-kind-badge.tsx';
import { NO_DATA_REASON, ScanVerdict } from './scan-verdict.tsx';

/** Kinds and mitigations listed in a card; the tab lists them all. */
const TOP = 5;

type Severity = keyof ScanSummary['vulnerabilities'];

const SEVERITIES: { key: Severity; label: string }[] = [
  { key: 'critical', label: 'Critical' },
  { key: 'high', label: 'High' },
  { key: 'medium', label: 'Medium' },
  { key: 'low', label: 'Low' },
  { key: 'missing', label: 'Unscored' },
];

const POLICY_LABELS: Record<ScanSummary['licenses'][number]['policy'], string> = {
  RE: 'Restrictive',
  RU: 'Restrictive when estimated',
  PE: 'Permissive',
  unknown: 'Unknown',
};

export function ScanSummaryPanel({ scanId }: { scanId: number }) {
  const query = useQuery(scanSummaryQueryOptions(scanId));
  return (
    <Box component="section" aria-label="Findings summary" mb="md">
      {query.isPending ? (
        <Loader size="sm" aria-label="Loading summary" />
      ) : query.isError ? (
        <QueryErrorAlert title="Could not load the summary" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ScanSummaryCards scanId={scanId} summary={query.data} />
      )}
    </Box>
  );
}

interface ScanSummaryCardsProps {
  scanId: number;
  summary: ScanSummary;
  /** False where the counts must link nowhere (the sales view): no links into the scan page's tabs or the account. */
  links?: boolean;
}

/** The cards of a summary: ScanSummaryPanel loads it for the scan page, the sales view through its own endpoint. */
export function ScanSummaryCards({ scanId, summary, links = true }: ScanSummaryCardsProps) {
  const evaluated = summary.knowledge_base.updated !== null;
  const notEvaluated = links ? <NotEvaluated /> : <Text size="sm" c="dimmed">{NOT_EVALUATED}</Text>;
  const moreText = (text: string, link: ReactNode) => (links ? link : <Text size="xs" c="dimmed">{text}</Text>);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="sm">
      <SummaryCard title="Verdict">
        <Group gap="xs">
          <ScanVerdict scan={{ status: 'R', error: null, verdict: summary.verdict, verdict_reason: summary.verdict_reason, binary_removed: false }} />
        </Group>
        {summary.verdict !== 'na' && (
          <Text size="sm" c="dimmed">
            {verdictExplanation(summary, evaluated)}
          </Text>
        )}
      </SummaryCard>

      <SummaryCard title="Vulnerabilities" headline={evaluated ? totalOf(summary.vulnerabilities) : undefined}>
        {evaluated ? <SeverityChart counts={summary.vulnerabilities} /> : notEvaluated}
      </SummaryCard>

      <SummaryCard title="Exploitation">
        {evaluated ? (
          <CountList label="Exploited or likely to be">
            <CountRow label="Known exploited (CISA KEV)" count={summary.kev} strong={summary.kev > 0} />
            <CountRow label="EPSS ≥ 10%" count={summary.epss_above_10_percent} strong={summary.epss_above_10_percent > 0} />
          </CountList>
        ) : (
          notEvaluated
        )}
      </SummaryCard>

      <SummaryCard title="Vulnerability data">
        <KnowledgeBaseState knowledgeBase={summary.knowledge_base} />
      </SummaryCard>

      <SummaryCard title="Components" headline={summary.components}>
        <CountList label="Components by licence policy">
          {summary.licenses.map((entry) => (
            <CountRow key={entry.policy} label={POLICY_LABELS[entry.policy]} count={entry.count} />
          ))}
        </CountList>
      </SummaryCard>

      <SummaryCard title="Info leaks" headline={summary.infoleaks.reduce((sum, entry) => sum + entry.count, 0)}>
        {summary.infoleaks.length > 0 && (
          <TopList
            label="Info leaks by kind"
            entries={summary.infoleaks.map((entry) => ({
              key: entry.kind,
              count: entry.count,
              label: isInfoleakKind(entry.kind) ? INFOLEAK_KIND_LABELS[entry.kind].plural : entry.kind,
              link: links && isInfoleakKind(entry.kind) ? infoleakLink(scanId, entry.kind) : null,
            }))}
            more={(n) =>
              moreText(
                `${formatNumber(n)} more ${n === 1 ? 'kind' : 'kinds'}`,
                <AnchorLink to="/product/$scanId/info-leak" params={{ scanId }} size="xs">
                  {`${formatNumber(n)} more ${n === 1 ? 'kind' : 'kinds'}`}
                </AnchorLink>,
              )
            }
          />
        )}
      </SummaryCard>

      <SummaryCard title="Executables" headline={summary.executables.count}>
        {summary.executables.count === 0 ? null : summary.executables.missing.length === 0 ? (
          <Text size="sm" c="dimmed">
            No mitigation missing
          </Text>
        ) : (
          <TopList
            label="Executables by missing mitigation"
            entries={summary.executables.missing.map((entry) => ({
              key: entry.mitigation,
              count: entry.count,
              label: missingLabel(entry.mitigation),
              link: links && isMissingMitigation(entry.mitigation) ? missingLink(scanId, entry.mitigation) : null,
            }))}
            more={(n) =>
              moreText(
                `${formatNumber(n)} more missing`,
                <AnchorLink to="/product/$scanId/executable-attributes" params={{ scanId }} size="xs">
                  {`${formatNumber(n)} more missing`}
                </AnchorLink>,
              )
            }
          />
        )}
      </SummaryCard>

      <SummaryCard
        title="Mobile apps"
        headline={summary.mobile_apps}
        headlineLink={
          links && summary.mobile_apps > 0
            ? (text) => (
                <AnchorLink
                  to="/product/$scanId/mobile-apps"
                  params={{ scanId }}
                  aria-label={`${text} mobile ${summary.mobile_apps === 1 ? 'app' : 'apps'}`}
                  inherit
                >
                  {text}
                </AnchorLink>
              )
            : undefined
        }
      />
    </SimpleGrid>
  );
}

/** One card: a titled group, with its count in large type at the end of the title's line when it has one. */
function SummaryCard({
  title,
  headline,
  headlineLink,
  children,
}: {
  title: string;
  headline?: number | undefined;
  headlineLink?: ((text: string) => ReactNode) | undefined;
  children?: ReactNode;
}) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {title}
          </Text>
          {headline !== undefined && (
            <Text fz={24} fw={700} lh={1}>
              {headlineLink ? headlineLink(formatNumber(headline)) : formatNumber(headline)}
            </Text>
          )}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * Vulnerabilities by severity as one horizontal stacked bar (a segment per severity found,
 * as wide as its share) over a legend that says each severity and its count in words: the bar
 * is drawing only, the legend is what a screen reader reads.
 */
function SeverityChart({ counts }: { counts: ScanSummary['vulnerabilities'] }) {
  const total = totalOf(counts);
  const found = SEVERITIES.filter((s) => counts[s.key] > 0);
  return (
    <Stack gap={6}>
      <Box aria-hidden h={10} bg="gray.2" style={{ display: 'flex', borderRadius: 4, overflow: 'hidden' }} data-testid="severity-bar">
        {total === 0 ? (
          <Box bg={CHART_PALETTE.none} style={{ flex: 1 }} title="No known vulnerabilities" />
        ) : (
          found.map((s) => (
            <Box key={s.key} bg={CHART_PALETTE[s.key]} style={{ flex: `${counts[s.key]} 1 0` }} title={`${s.label}: ${formatNumber(counts[s.key])}`} />
          ))
        )}
      </Box>
      {total === 0 && (
        <Text size="sm" c="dimmed">
          No known vulnerabilities
        </Text>
      )}
      <Group component="ul" aria-label="Vulnerabilities by severity" gap={8} m={0} p={0} style={{ listStyle: 'none', rowGap: 2 }}>
        {SEVERITIES.map((s) => (
          <Group component="li" key={s.key} gap={4} wrap="nowrap">
            <Box aria-hidden w={8} h={8} bg={CHART_PALETTE[s.key]} style={{ borderRadius: 2, flexShrink: 0 }} />
            <Text size="xs" span>
              {s.label}{' '}
              <Text size="xs" fw={700} span>
                {formatNumber(counts[s.key])}
              </Text>
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

function CountList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" aria-label={label} gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

/** A label with its count at the end of the line; `strong` draws a count that needs attention in the critical colour. */
function CountRow({ label, count, strong = false }: { label: ReactNode; count: number; strong?: boolean }) {
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }} span>
        {label}
      </Text>
      <Text size="sm" fw={700} c={strong ? CHART_PALETTE.critical : undefined} span>
        {formatNumber(count)}
      </Text>
    </Group>
  );
}

interface TopEntry {
  key: string;
  label: string;
  count: number;
  link: ((label: string) => ReactNode) | null;
}

/** The first few entries (each linking to its filtered list when it can), then how many more. */
function TopList({ label, entries, more }: { label: string; entries: TopEntry[]; more: (n: number) => ReactNode }) {
  const rest = entries.length - TOP;
  return (
    <Stack gap={4}>
      <CountList label={label}>
        {entries.slice(0, TOP).map((entry) => (
          <CountRow key={entry.key} label={entry.link ? entry.link(entry.label) : entry.label} count={entry.count} />
        ))}
      </CountList>
      {rest > 0 && more(rest)}
    </Stack>
  );
}

function KnowledgeBaseState({ knowledgeBase }: { knowledgeBase: ScanSummary['knowledge_base'] }) {
  if (knowledgeBase.updated === null) {
    return <Text size="sm">{knowledgeBase.state === 'importing' ? 'No vulnerability data yet: the first import is running' : 'No vulnerability data yet'}</Text>;
  }
  return (
    <Stack gap={2}>
      <Text size="sm">
        Vulnerability data of{' '}
        <Text span inherit style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(knowledgeBase.updated)}
        </Text>
      </Text>
      {knowledgeBase.state === 'importing' && (
        <Text size="xs" c="dimmed">
          An import is running; the scan is evaluated again when it completes.
        </Text>
      )}
    </Stack>
  );
}

function totalOf(counts: ScanSummary['vulnerabilities']): number {
  return SEVERITIES.reduce((sum, s) => sum + counts[s.key], 0);
}

/** What the verdict means for this scan, in a line (an N/A verdict says its own reason). */
function verdictExplanation(summary: ScanSummary, evaluated: boolean): string {
  if (!evaluated) return NO_DATA_REASON;
  if (summary.verdict === 'vulns') return 'Components have known vulnerabilities.';
  if (summary.verdict === 'pass') return 'No component has a known vulnerability.';
  return summary.verdict_reason ?? 'The vulnerabilities are not counted yet.';
}

function isInfoleakKind(kind: string): kind is InfoleakKind {
  return (INFOLEAK_KINDS as readonly string[]).includes(kind);
}

function isMissingMitigation(code: string): code is MissingMitigation {
  return (MISSING_MITIGATIONS as readonly string[]).includes(code);
}

function infoleakLink(scanId: number, kind: InfoleakKind) {
  return (label: string) => (
    <AnchorLink to="/product/$scanId/info-leak" params={{ scanId }} search={{ kind }} size="sm">
      {label}
    </AnchorLink>
  );
}

function missingLink(scanId: number, missing: MissingMitigation) {
  return (label: string) => (
    <AnchorLink to="/product/$scanId/executable-attributes" params={{ scanId }} search={{ missing }} size="sm">
      {label}
    </AnchorLink>
  );
}
