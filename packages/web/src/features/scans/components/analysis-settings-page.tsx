import { Code, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { ScanMetadata } from '../../../lib/api-schemas.ts';
import { formatBytes, formatDateTime, formatDuration, formatNumber } from '../../../lib/format.ts';
import { scanMetadataQueryOptions } from '../api/scan-metadata.ts';
import { FactsTable, type Fact } from './facts-table.tsx';

/** The engine's extraction limits, as the limits setting and `--limit` name them, in words. */
const LIMITS: readonly { name: string; label: string; format: (value: number) => string }[] = [
  { name: 'maxDepth', label: 'Nesting depth', format: (n) => `${formatNumber(n)} levels` },
  { name: 'maxFiles', label: 'Files extracted', format: (n) => formatNumber(n) },
  { name: 'maxTotalBytes', label: 'Bytes extracted in all', format: formatBytes },
  { name: 'maxFileBytes', label: 'Bytes of one extracted file', format: formatBytes },
  { name: 'maxCompressionRatio', label: 'Compression ratio', format: (n) => `${formatNumber(n)}:1` },
  { name: 'maxDecoderMemory', label: 'Decoder memory', format: formatBytes },
  { name: 'timeMs', label: 'Scan time', format: formatDuration },
];

const KNOWLEDGE_BASE_STATES: Record<ScanMetadata['knowledge_base']['state'], string> = {
  empty: 'Empty: vulnerabilities are not evaluated',
  importing: 'Importing',
  ready: 'Ready',
  failed: 'The last import failed',
};

function knowledgeBaseText({ state, updated }: ScanMetadata['knowledge_base']): string {
  return updated ? `${KNOWLEDGE_BASE_STATES[state]}; updated ${formatDateTime(updated)}` : KNOWLEDGE_BASE_STATES[state];
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function limitFacts(limits: Record<string, number>): Fact[] {
  const known = LIMITS.filter(({ name }) => name in limits).map(({ name, label, format }) => ({ label, value: <LimitValue name={name} text={format(limits[name] ?? 0)} /> }));
  const others = Object.entries(limits)
    .filter(([name]) => !LIMITS.some((limit) => limit.name === name))
    .map(([name, value]) => ({ label: name, value: formatNumber(value) }));
  return [...known, ...others];
}

function LimitValue({ name, text }: { name: string; text: string }) {
  return (
    <>
      {text}{' '}
      <Code fz="xs" c="dimmed">
        {name}
      </Code>
    </>
  );
}

function Settings({ metadata }: { metadata: ScanMetadata }) {
  const settings = metadata.analysis_settings;
  const matching = metadata.vulnerability_matching;
  return (
    <Stack gap="lg">
      <section aria-labelledby="limits-title">
        <Title order={3} size="h5" mb="xs" id="limits-title">
          Extraction limits
        </Title>
        {settings ? (
          <FactsTable label="Extraction limits" facts={limitFacts(settings.limits)} />
        ) : (
          <Text size="sm" c="dimmed">
            Not recorded: this scan was made before scans kept the settings they ran with. Rescan it to record them.
          </Text>
        )}
      </section>
      <section aria-labelledby="leaks-title">
        <Title order={3} size="h5" mb="xs" id="leaks-title">
          Information leaks
        </Title>
        {settings && (
          <FactsTable
            label="Information leak settings"
            facts={[
              { label: 'Documentation examples left out', value: yesNo(settings.infoleak_decoy_filter) },
              { label: 'Custom patterns searched for', value: settings.custom_patterns.length === 0 ? 'None' : settings.custom_patterns.join(', ') },
            ]}
          />
        )}
      </section>
      <section aria-labelledby="matching-title">
        <Title order={3} size="h5" mb="xs" id="matching-title">
          Vulnerability matching
        </Title>
        <FactsTable
          label="Vulnerability matching"
          facts={[
            { label: 'CVSS v2 when v3 is missing', value: yesNo(matching.cvss3_fallback) },
            { label: 'Advisories without a CVE', value: yesNo(matching.include_bdsa_vulnerabilities) },
            {
              label: 'Knowledge base',
              value: knowledgeBaseText(metadata.knowledge_base),
            },
          ]}
        />
      </section>
    </Stack>
  );
}

/** The settings a ready scan ran with: extraction limits, leak options, vulnerability matching. */
export function AnalysisSettingsPage({ scanId }: { scanId: number }) {
  const query = useQuery(scanMetadataQueryOptions(scanId));
  if (query.isPending) return <Loader aria-label="Loading the analysis settings" />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return <Settings metadata={query.data} />;
}
