import { Alert, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { ResultComponent, Scan, ScanLicense, ScanResult } from '../../../lib/api-schemas.ts';
import { codeTypeLabel } from '../../../lib/code-types.ts';
import { formatCount, formatNumber } from '../../../lib/format.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { componentFilter, useAnalysisFilters, type AnalysisFilters } from '../api/analysis-filters.ts';
import { factsOf, matchesFilter, POLICIES, policyMap } from '../api/component-facts.ts';
import { scanLicensesQueryOptions, useSelectedComponent } from '../api/component-details.ts';
import { scanResultQueryOptions } from '../api/scan-result.ts';
import { statusKind } from '../api/scan-status.ts';
import { scanQueryOptions } from '../api/scans.ts';
import { type AdjustmentsSlot, ComponentPanel, type TriageAction } from './component-panel.tsx';
import { componentName, componentVersion, ComponentsTable, type ComponentRow } from './components-table.tsx';
import { POLICY_LABELS } from './license-policy-badge.tsx';
import { MatchingMethodsHelp } from './matching-methods-help.tsx';
import { ScanSummaryPanel } from './scan-summary-panel.tsx';

interface AnalysisPageProps {
  scanId: number;
  /** Triage of selected vulnerabilities in the component panel, given by the route (features/triages). */
  triageAction?: TriageAction;
  /** A component's overrides, ignores and moves in its panel, given by the route (features/overrides). */
  adjustmentsAction?: AdjustmentsAction | undefined;
}

export type AdjustmentsAction = (props: { scan: Scan; component: ResultComponent; components: readonly ResultComponent[] }) => ReactNode;

export function AnalysisPage({ scanId, triageAction, adjustmentsAction }: AnalysisPageProps) {
  const { data: scan } = useSuspenseQuery(scanQueryOptions(scanId));
  const kind = statusKind(scan.status);
  if (kind === 'failed') {
    return (
      <Alert color="red" title="The scan failed" role="alert">
        {scan.error ?? 'No reason was given.'}
      </Alert>
    );
  }
  if (kind === 'busy') {
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>The scan is still running; this page updates by itself.</Text>
      </Group>
    );
  }
  const adjustments = adjustmentsAction && ((component: ResultComponent, components: readonly ResultComponent[]) => adjustmentsAction({ scan, component, components }));
  return <ScanComponents scanId={scanId} triageAction={triageAction} adjustments={adjustments} />;
}

function ScanComponents({ scanId, triageAction, adjustments }: { scanId: number; triageAction: TriageAction | undefined; adjustments: ScanAdjustments | undefined }) {
  const query = useQuery(scanResultQueryOptions(scanId));
  const licenses = useQuery(scanLicensesQueryOptions(scanId));
  return (
    <>
      <ScanSummaryPanel scanId={scanId} />
      {query.isPending ? (
        <Loader aria-label="Loading components" />
      ) : query.isError ? (
        <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ComponentList scanId={scanId} result={query.data} licenses={licenses.data} triageAction={triageAction} adjustments={adjustments} />
      )}
      {licenses.isError && <QueryErrorAlert error={licenses.error} onRetry={() => void licenses.refetch()} />}
      <MatchingMethodsHelp />
    </>
  );
}

const ALL = 'all';
const SEVERITY_OPTIONS = [
  { value: ALL, label: 'Any' },
  { value: 'critical', label: 'Critical' },
  { value: 'high', label: 'High or worse' },
  { value: 'medium', label: 'Medium or worse' },
  { value: 'low', label: 'Low or worse' },
  { value: 'missing', label: 'Any vulnerability' },
];
const POLICY_OPTIONS = [{ value: ALL, label: 'Any' }, ...POLICIES.map((policy) => ({ value: policy, label: POLICY_LABELS[policy]?.short ?? policy }))];

interface ComponentListProps {
  scanId: number;
  result: ScanResult;
  /** Undefined while the licences load: every licence reads unknown meanwhile. */
  licenses: ScanLicense[] | undefined;
  triageAction: TriageAction | undefined;
  adjustments: ScanAdjustments | undefined;
}

/** The adjustments slot with the scan bound: the component, and every component of the result. */
type ScanAdjustments = (component: ResultComponent, components: readonly ResultComponent[]) => ReactNode;

/** The components with their filters (kept in the URL) and the side panel of the one opened. */
function ComponentList({ scanId, result, licenses, triageAction, adjustments }: ComponentListProps) {
  const narrow = usePhoneWidth();
  const { filters, setFilters } = useAnalysisFilters();
  const { selected, select } = useSelectedComponent();
  const rows = useMemo(() => {
    const policies = policyMap(licenses ?? []);
    return result.components.map((component): ComponentRow => ({ component, facts: factsOf(component, result.vulnerabilities, policies), policies }));
  }, [result, licenses]);
  const filter = useMemo(() => componentFilter(filters), [filters]);
  const shown = useMemo(() => rows.filter((row) => matchesFilter(row.component, row.facts, filter)), [rows, filter]);
  const types = [...new Set(result.components.map((c) => c.codetype))].sort();
  const names = useMemo(() => new Map(result.components.map((c) => [c.uid, `${componentName(c)} ${componentVersion(c)}`.trim()])), [result]);
  const filtered = filter.q !== '' || filter.type !== undefined || filter.severity !== undefined || filter.policy !== undefined;
  const pick = (value: string | null) => (value === null || value === ALL ? undefined : value);
  return (
    <Stack gap="sm" mt="md">
      <Group gap="sm" align="flex-end" role="group" aria-label="Filters">
        <ListSearchBox label="Search components" description="Name, version, vendor, package URL, licence, vulnerability id or file path" value={filters.q ?? ''} onSearch={(q) => setFilters({ q: q === '' ? undefined : q })} />
        <Select
          label="Type"
          data={[{ value: ALL, label: 'All types' }, ...types.map((type) => ({ value: type, label: codeTypeLabel(type) }))]}
          value={filters.type ?? ALL}
          allowDeselect={false}
          onChange={(type) => setFilters({ type: pick(type) as AnalysisFilters['type'] })}
          w={200}
        />
        <Select label="Vulnerabilities" data={SEVERITY_OPTIONS} value={filters.severity ?? ALL} allowDeselect={false} onChange={(severity) => setFilters({ severity: pick(severity) as AnalysisFilters['severity'] })} w={180} />
        <Select label="Licence class" data={POLICY_OPTIONS} value={filters.policy ?? ALL} allowDeselect={false} onChange={(policy) => setFilters({ policy: pick(policy) as AnalysisFilters['policy'] })} w={160} />
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {filtered ? `${formatNumber(shown.length)} of ${formatCount(rows.length, 'component')}` : formatCount(rows.length, 'component')}
      </Text>
      <ComponentsTable rows={shown} onOpen={select} narrow={narrow} filtered={filtered} />
      <ComponentPanel
        scanId={scanId}
        selected={selected}
        row={rows.find((row) => row.component.uid === selected)}
        vulnerabilities={result.vulnerabilities}
        names={names}
        onClose={() => select(undefined)}
        triageAction={triageAction}
        adjustments={adjustments && (((component) => adjustments(component, result.components)) satisfies AdjustmentsSlot)}
      />
    </Stack>
  );
}
