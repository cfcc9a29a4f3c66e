import { Alert, Badge, Box, Checkbox, Code, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { CopyButton } from '../../../components/copy-button.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { SeverityBadge } from '../../../components/severity-badge.tsx';
import { Rescoring, TriageBadge } from '../../../components/triage-badge.tsx';
import type { ResultComponent, ScanResult } from '../../../lib/api-schemas.ts';
import { codeTypeLabel } from '../../../lib/code-types.ts';
import { displayPath, displayText, formatDateTime, formatNumber, formatPercent } from '../../../lib/format.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { ADJUSTED_SEVERITIES, useTriageAccess } from '../../../lib/triage.ts';
import { componentEvidenceQueryOptions } from '../api/component-details.ts';
import { componentName, componentVersion, NOT_EXACT_HINT, type ComponentRow } from './components-table.tsx';
import { FactsTable } from './facts-table.tsx';
import { LicensePolicyBadge } from './license-policy-badge.tsx';
import { matchingMethodLabel } from './matching-methods.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Title order={3} size="h5" mb={6}>
        {title}
      </Title>
      {children}
    </Box>
  );
}

/**
 * Triage of the selected vulnerabilities, given by the route (features/triages, which this
 * feature may not import); the panel shows the selection only where the user may triage.
 */
export type TriageAction = (props: { scanId: number; component: ResultComponent; vulnIds: string[]; onDone: () => void }) => ReactNode;

type ResultVulnEntry = ResultComponent['vulns'][number];

/** The re-scoring a vulnerability counts with: the most severe of those that hold (as the server counts it). */
function rescoringOf(vuln: ResultVulnEntry): ResultVulnEntry['unresolved_triages'][number] | undefined {
  const rank = (severity: string | null) => ADJUSTED_SEVERITIES.indexOf(severity as (typeof ADJUSTED_SEVERITIES)[number]);
  return vuln.unresolved_triages
    .filter((t) => rank(t.adjusted_severity) >= 0)
    .sort((a, b) => rank(a.adjusted_severity) - rank(b.adjusted_severity))[0];
}

interface VulnerabilitiesProps {
  scanId: number;
  component: ResultComponent;
  vulnerabilities: ScanResult['vulnerabilities'];
  triageAction: TriageAction | undefined;
}

/** The component's vulnerabilities with their triages: a resolved one struck through and greyed, a re-scored one "before → after". */
function Vulnerabilities({ scanId, component, vulnerabilities, triageAction }: VulnerabilitiesProps) {
  const { allowed } = useTriageAccess();
  const [selected, setSelected] = useState<string[]>([]);
  if (component.vulns.length === 0) return <Text size="sm" c="dimmed">None known for this version.</Text>;
  const selectable = triageAction !== undefined && allowed;
  const ids = component.vulns.map((v) => v.vuln_id);
  const toggle = (id: string, on: boolean) => setSelected((now) => (on ? [...now, id] : now.filter((other) => other !== id)));
  return (
    <Stack gap={6}>
      {selectable && (
        <Group gap="xs">
          {triageAction({ scanId, component, vulnIds: ids.filter((id) => selected.includes(id)), onDone: () => setSelected([]) })}
        </Group>
      )}
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={4} aria-label="Vulnerabilities of the component">
          <Table.Thead>
            <Table.Tr>
              {selectable && (
                <Table.Th w={32}>
                  <Checkbox
                    size="xs"
                    aria-label="Select all vulnerabilities"
                    checked={selected.length === ids.length}
                    indeterminate={selected.length > 0 && selected.length < ids.length}
                    onChange={(event) => setSelected(event.currentTarget.checked ? ids : [])}
                  />
                </Table.Th>
              )}
              <Table.Th>Id</Table.Th>
              <Table.Th>Severity</Table.Th>
              <Table.Th>EPSS</Table.Th>
              <Table.Th>KEV</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {component.vulns.map((vuln) => {
              const known = vulnerabilities[vuln.vuln_id];
              const resolved = vuln.triages.length > 0;
              const rescoring = resolved ? undefined : rescoringOf(vuln);
              return (
                <Table.Tr key={vuln.vuln_id} style={resolved ? { opacity: 0.6 } : undefined} data-resolved={resolved || undefined}>
                  {selectable && (
                    <Table.Td>
                      <Checkbox size="xs" aria-label={`Select ${vuln.vuln_id}`} checked={selected.includes(vuln.vuln_id)} onChange={(event) => toggle(vuln.vuln_id, event.currentTarget.checked)} />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <AnchorLink
                      to="/vulnerabilities/$vulnerabilityId"
                      params={{ vulnerabilityId: vuln.vuln_id }}
                      size="sm"
                      ff="monospace"
                      style={resolved ? { textDecoration: 'line-through' } : undefined}
                      title={resolved ? 'Resolved by triage' : undefined}
                    >
                      {vuln.vuln_id}
                    </AnchorLink>
                    {!vuln.exact && (
                      <Badge size="xs" variant="light" color="gray" ml={4} title={NOT_EXACT_HINT}>
                        not exact
                      </Badge>
                    )}
                    {known?.summary && (
                      <Text size="xs" c="dimmed" lineClamp={2} title={known.summary}>
                        {displayText(known.summary)}
                      </Text>
                    )}
                    {vuln.triages.length + vuln.unresolved_triages.length > 0 && (
                      <Group gap={4} mt={2} aria-label={`Triages of ${vuln.vuln_id}`}>
                        {[...vuln.triages, ...vuln.unresolved_triages].map((triage) => (
                          <TriageBadge key={triage.id} triage={triage} link />
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {rescoring ? (
                      <Rescoring before={known ? { severity: known.severity, score: known.score } : undefined} triage={rescoring} />
                    ) : (
                      <SeverityBadge severity={known?.severity ?? null} score={known?.score ?? null} />
                    )}
                  </Table.Td>
                  <Table.Td>{known?.epss ? formatPercent(known.epss.score) : '–'}</Table.Td>
                  <Table.Td>{known?.kev ? `since ${formatDateTime(known.kev.date_added).slice(0, 10)}` : '–'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Files({ component }: { component: ResultComponent }) {
  return (
    <Stack gap={6}>
      {component.objects.map((object, index) => (
        <Box key={`${object.sha1}-${index}`}>
          <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {displayPath(object.extended_fullpath)}
          </Text>
          <Text size="xs" c="dimmed">
            {[object.matching_methods.map(matchingMethodLabel).join(', '), `SHA-1 ${object.sha1}`, object.docker?.['whiteout-id'] ? 'deleted in a later layer' : '']
              .filter((part) => part !== '')
              .join(' · ')}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

function Evidence({ scanId, uid, names }: { scanId: number; uid: string; names: ReadonlyMap<string, string> }) {
  const query = useQuery(componentEvidenceQueryOptions(scanId, uid));
  if (query.isPending) return <Loader size="sm" aria-label="Loading the evidence" />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  const { evidence, contained_in: containedIn } = query.data;
  return (
    <Stack gap="xs">
      {evidence.map((item, index) => (
        <Box key={index} role="listitem" aria-label={matchingMethodLabel(item.method)}>
          <Group gap={6}>
            <Badge size="xs" variant="light" tt="none">
              {matchingMethodLabel(item.method)}
            </Badge>
            <Text size="xs" c="dimmed">
              {displayText(item.found_by)}
            </Text>
          </Group>
          <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {displayPath(item.path)}
            {item.offset !== null && ` @ 0x${item.offset.toString(16)}`}
          </Text>
          {item.text !== null && (
            <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {displayText(item.text)}
            </Code>
          )}
          {item.license !== null && (
            <Text size="xs" c="dimmed">
              {`Declares ${displayText(item.license)}`}
            </Text>
          )}
        </Box>
      ))}
      {containedIn.length > 0 && (
        <Text size="sm">{`Inside ${containedIn.map((id) => names.get(id) ?? id).join(', ')}`}</Text>
      )}
    </Stack>
  );
}

/** The component's adjustments (overrides, ignores, moves), given by the route (features/overrides, which this feature may not import). */
export type AdjustmentsSlot = (component: ResultComponent) => ReactNode;

function ComponentDetails({ scanId, row, vulnerabilities, names, triageAction, adjustments }: { scanId: number; row: ComponentRow; vulnerabilities: ScanResult['vulnerabilities']; names: ReadonlyMap<string, string>; triageAction: TriageAction | undefined; adjustments: AdjustmentsSlot | undefined }) {
  const { component } = row;
  const licences = [...new Set(component.license)];
  return (
    <Stack gap="lg">
      <FactsTable
        label="Component"
        facts={[
          { label: 'Version', value: component.detected_version === null ? componentVersion(component) || 'Unknown' : `${componentVersion(component)} (overridden; detected ${displayText(component.detected_version) || 'unknown'})` },
          { label: 'Type', value: codeTypeLabel(component.codetype) },
          ...(component.vendor ? [{ label: 'Vendor', value: displayText(component.vendor) }] : []),
          ...(component.distro ? [{ label: 'Distribution', value: displayText(component.distro) }] : []),
          {
            label: 'Package URL',
            value: (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{displayText(component.purl)}</Code>
                <CopyButton value={component.purl} label="Copy" ariaLabel="Copy the package URL" />
              </Group>
            ),
          },
          ...(component.cpes.length > 0 ? [{ label: 'CPE', value: <Stack gap={2}>{component.cpes.map((cpe) => <Code key={cpe} style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{cpe}</Code>)}</Stack> }] : []),
          {
            label: 'Licences',
            value:
              licences.length === 0 ? 'None declared' : (
                <Stack gap={2}>
                  {licences.map((expression) => (
                    <Group key={expression} gap={4} wrap="nowrap">
                      <LicensePolicyBadge policy={row.policies.get(expression) ?? 'unknown'} />
                      <Text size="sm">{displayText(expression)}</Text>
                    </Group>
                  ))}
                </Stack>
              ),
          },
          { label: 'Nearest fixed version', value: component.upgrade.nearest_fix === null ? 'None known' : displayText(component.upgrade.nearest_fix) },
          { label: 'Latest known version', value: component.upgrade.latest_known === null ? 'None known' : displayText(component.upgrade.latest_known) },
        ]}
      />
      {adjustments?.(component)}
      <Section title={`Vulnerabilities (${formatNumber(component.vulns.length)})`}>
        <Vulnerabilities scanId={scanId} component={component} vulnerabilities={vulnerabilities} triageAction={triageAction} />
      </Section>
      <Section title={`Files (${formatNumber(component.objects.length)})`}>
        <Files component={component} />
      </Section>
      <Section title="Evidence">
        <Evidence scanId={scanId} uid={component.uid} names={names} />
      </Section>
    </Stack>
  );
}

interface ComponentPanelProps {
  scanId: number;
  selected: string | undefined;
  row: ComponentRow | undefined;
  vulnerabilities: ScanResult['vulnerabilities'];
  /** Uid → name, to name the components one sits inside. */
  names: ReadonlyMap<string, string>;
  onClose: () => void;
  /** Triage of selected vulnerabilities; absent, the list only shows their triages. */
  triageAction?: TriageAction | undefined;
  /** The component's overrides, ignores and moves with their actions; absent, none are shown. */
  adjustments?: AdjustmentsSlot | undefined;
}

/** One component in full, on the right (the whole screen on a phone): identity, licences, vulnerabilities, files and evidence. */
export function ComponentPanel({ scanId, selected, row, vulnerabilities, names, onClose, triageAction, adjustments }: ComponentPanelProps) {
  const narrow = usePhoneWidth();
  const title = row ? `${componentName(row.component)} ${componentVersion(row.component)}`.trim() : 'Component';
  return (
    <Drawer opened={selected !== undefined} onClose={onClose} position="right" size={narrow ? '100%' : 560} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      {row ? (
        <ComponentDetails key={row.component.uid} scanId={scanId} row={row} vulnerabilities={vulnerabilities} names={names} triageAction={triageAction} adjustments={adjustments} />
      ) : (
        <Alert color="red" title="Invalid arguments">
          This scan has no such component.
        </Alert>
      )}
    </Drawer>
  );
}

