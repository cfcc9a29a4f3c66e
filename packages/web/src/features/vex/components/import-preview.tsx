// What an import would do, as the server's dry run answers it: the triages it would make, those
// already there, and what the scope does not have (any of which refuses the import).
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import type { VexImportResult, VexImportTriage, VexImportUnknown } from '../../../lib/api-schemas.ts';
import { displayText, formatCount, formatNumber } from '../../../lib/format.ts';
import { TRIAGE_RATIONALE_NAMES, TRIAGE_SCOPE_NAMES } from '../../../lib/triage.ts';
import { vexApplicationsQueryOptions, vexGroupsQueryOptions } from '../api/vex.ts';

const DIALECT_NAMES: Record<VexImportResult['dialect'], string> = { cyclonedx: 'CycloneDX', openvex: 'OpenVEX', csaf: 'CSAF' };

export const REASON_TEXT: Record<VexImportUnknown['reason'], string> = {
  product: 'Not named by a package URL or a component this server reads',
  component: 'No application of the scope has this component',
  vulnerability: 'The component does not have this vulnerability there',
  scope: 'The document records no scope you can see: choose a scope',
};

const version = (t: VexImportTriage) => t.version_range ?? t.component_version ?? '';

interface TargetNames {
  group: (id: number) => string | undefined;
  application: (id: number) => string | undefined;
}

/** The names of the groups and applications the pickers list; others are said by their id. */
function useTargetNames(): TargetNames {
  const groups = useQuery(vexGroupsQueryOptions());
  const applications = useQuery(vexApplicationsQueryOptions());
  return useMemo(() => ({
    group: (id) => groups.data?.results.find((g) => g.id === id)?.name,
    application: (id) => applications.data?.results.find((a) => a.id === id)?.name,
  }), [groups.data, applications.data]);
}

function triageColumns(existing: boolean, names: TargetNames): ColumnDef<VexImportTriage, unknown>[] {
  return [
    { id: 'statement', header: '#', accessorKey: 'statement', size: 56 },
    {
      id: 'vulnerability',
      header: 'Vulnerability',
      accessorKey: 'vuln_id',
      cell: ({ row }) => existing && row.original.triage !== null
        ? <AnchorLink to="/triages/$triageId" params={{ triageId: row.original.triage }} size="sm">{row.original.vuln_id}</AnchorLink>
        : row.original.vuln_id,
    },
    {
      id: 'component',
      header: 'Component',
      accessorFn: (t) => `${t.component_name} ${version(t)}`,
      cell: ({ row }) => (
        <>
          <Text size="sm">{displayText(row.original.component_name)}</Text>
          <Text size="xs" c="dimmed">{displayText(version(row.original))}</Text>
        </>
      ),
    },
    {
      id: 'rationale',
      header: 'Rationale',
      accessorFn: (t) => TRIAGE_RATIONALE_NAMES[t.rationale],
      cell: ({ row }) => {
        const t = row.original;
        const rescored = t.environmental_vector ?? t.adjusted_severity;
        return (
          <>
            <Text size="sm">{TRIAGE_RATIONALE_NAMES[t.rationale]}</Text>
            {rescored && <Text size="xs" c="dimmed">{`Re-scored: ${rescored}`}</Text>}
          </>
        );
      },
    },
    {
      id: 'scope',
      header: 'Scope',
      accessorFn: (t) => TRIAGE_SCOPE_NAMES[t.scope],
      cell: ({ row }) => (
        <>
          <Text size="sm">{TRIAGE_SCOPE_NAMES[row.original.scope]}</Text>
          <Text size="xs" c="dimmed">{scopeTarget(row.original, names)}</Text>
        </>
      ),
    },
    { id: 'description', header: 'Description', accessorFn: (t) => (t.description === '' ? '–' : displayText(t.description)) },
  ];
}

function scopeTarget(t: VexImportTriage, names: TargetNames): string {
  switch (t.scope) {
    case 'G': {
      const id = t.group_scope ?? 0;
      return displayText(names.group(id) ?? `group #${id}`);
    }
    case 'R': {
      const id = t.result_scope ?? t.scan_id;
      return displayText(names.application(id) ?? `application #${id}`);
    }
    case 'FN':
      return displayText(t.application_name ?? '');
    case 'FH':
      return t.triaged_obj ?? '';
    case 'CA':
      return 'every application';
  }
}

const REFUSED: ColumnDef<VexImportUnknown, unknown>[] = [
  { id: 'statement', header: '#', accessorKey: 'statement', size: 56 },
  { id: 'vulnerability', header: 'Vulnerability', accessorKey: 'vuln_id' },
  { id: 'product', header: 'Product', accessorFn: (u) => displayText(u.product) },
  { id: 'reason', header: 'Why', accessorFn: (u) => REASON_TEXT[u.reason] },
];

const keyOf = (prefix: string) => (t: VexImportTriage) => `${prefix}${t.statement}|${t.vuln_id}|${t.component_name}|${version(t)}|${t.scope}`;

export function ImportPreview({ result }: { result: VexImportResult }) {
  const names = useTargetNames();
  const made = useMemo(() => triageColumns(false, names), [names]);
  const there = useMemo(() => triageColumns(true, names), [names]);
  const statements = new Set([...result.create, ...result.unchanged, ...result.unknown].map((r) => r.statement)).size;
  return (
    <Stack gap="md" role="region" aria-label="Preview">
      <Title order={3} size="h4">
        Preview
      </Title>
      <Text size="sm">
        {`${DIALECT_NAMES[result.dialect]} document, ${formatCount(statements, 'statement')} read. `}
        {result.unknown.length > 0
          ? 'Some statements name what the scope does not have (refused, below): nothing is imported while any is refused. Choose another scope, or leave them out of the document.'
          : 'Nothing is made until you apply it.'}
      </Text>
      {result.unknown.length > 0 && (
        <PreviewSection title={`Refused (${formatNumber(result.unknown.length)})`}>
          <DataTable label="Refused" columns={REFUSED} data={result.unknown} getRowId={(u) => `${u.statement}|${u.vuln_id}|${u.product}`} minWidth={560} />
        </PreviewSection>
      )}
      <PreviewSection title={`To be made (${formatNumber(result.create.length)})`}>
        <DataTable label="To be made" columns={made} data={result.create} getRowId={keyOf('new')} empty="Nothing new." minWidth={760} />
      </PreviewSection>
      {result.unchanged.length > 0 && (
        <PreviewSection title={`Already there (${formatNumber(result.unchanged.length)})`}>
          <DataTable label="Already there" columns={there} data={result.unchanged} getRowId={keyOf('old')} minWidth={760} />
        </PreviewSection>
      )}
    </Stack>
  );
}

function PreviewSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={4} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
