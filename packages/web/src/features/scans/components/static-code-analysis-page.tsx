import { Code, Group, Loader, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { CodeFinding, CodeRule } from '../../../lib/api-schemas.ts';
import { displayPath, displayText } from '../../../lib/format.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import {
  CODE_SEVERITIES,
  codeFindingListParams,
  codeFindingListSearch,
  codeFindingsQueryOptions,
  codeRulesQueryOptions,
  useCodeFindingFilters,
  type CodeSeverity,
} from '../api/code-findings.ts';
import { CodeRulesHelp, CweLink } from './code-rules-help.tsx';
import { SeverityBadge } from '../../../components/severity-badge.tsx';

const SEARCH_HELP = 'Text in the path, a function, a library path or the CWE';
const SEVERITY_OPTIONS = CODE_SEVERITIES.map((severity) => ({ value: severity, label: severity[0]?.toUpperCase() + severity.slice(1) }));

/** The phone layout's two columns fit a 390 px screen without sideways scrolling. */
const PHONE_MIN_WIDTH = 340;

type FindingColumn = ColumnDef<CodeFinding, unknown>;

function PathText({ path }: { path: string[] }) {
  const text = displayPath(path);
  return (
    <Text size="sm" title={text} lineClamp={3} miw={140} maw={360} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

function Evidence({ finding }: { finding: CodeFinding }) {
  return (
    <Group gap={4} miw={100} maw={320} style={{ whiteSpace: 'normal' }}>
      {finding.evidence.map((item) => (
        <Code key={item}>{displayText(item)}</Code>
      ))}
    </Group>
  );
}

function columnsFor(rules: ReadonlyMap<string, CodeRule>, narrow: boolean): FindingColumn[] {
  const ruleCell = (finding: CodeFinding) => {
    const rule = rules.get(finding.rule);
    return (
      <Text size="sm" title={rule?.explanation} miw={120} style={{ whiteSpace: 'normal' }}>
        {rule?.title ?? finding.rule}
      </Text>
    );
  };
  if (narrow) {
    return [
      { id: 'path', header: 'Executable', size: 170, cell: ({ row: { original } }) => <PathText path={original.path} /> },
      {
        id: 'rule',
        header: 'Rule',
        size: 170,
        cell: ({ row: { original } }) => (
          <>
            {ruleCell(original)}
            <Group gap={4} mt={4}>
              <SeverityBadge severity={original.severity} />
              <Evidence finding={original} />
            </Group>
          </>
        ),
      },
    ];
  }
  return [
    { id: 'path', header: 'Executable', enableHiding: false, cell: ({ row: { original } }) => <PathText path={original.path} /> },
    { id: 'rule', header: 'Rule', enableHiding: false, cell: ({ row: { original } }) => ruleCell(original) },
    { id: 'severity', header: 'Severity', cell: ({ row: { original } }) => <SeverityBadge severity={original.severity} /> },
    { id: 'cwe', header: 'CWE', cell: ({ row: { original } }) => <CweLink cwe={original.cwe} /> },
    { id: 'evidence', header: 'Found', cell: ({ row: { original } }) => <Evidence finding={original} /> },
  ];
}

interface StaticCodeAnalysisPageProps {
  scanId: number;
}

/** The rules each executable of a ready scan breaks, with what each rule means; search, filters and page live in the URL. */
export function StaticCodeAnalysisPage({ scanId }: StaticCodeAnalysisPageProps) {
  const narrow = usePhoneWidth();
  const { search, setSearch } = useListSearch(codeFindingListSearch);
  const { filters, setFilters } = useCodeFindingFilters();
  const query = useQuery(codeFindingsQueryOptions(scanId, codeFindingListParams({ ...search, ...filters })));
  const rulesQuery = useQuery(codeRulesQueryOptions());
  const columns = useMemo(() => columnsFor(new Map((rulesQuery.data ?? []).map((rule) => [rule.id, rule])), narrow), [rulesQuery.data, narrow]);
  const filtered = search.q !== '' || filters.rule !== undefined || filters.severity !== undefined;
  return (
    <>
      <Group gap="sm" align="flex-end" mb="md" role="group" aria-label="Filters">
        <ListSearchBox label="Search findings" description={SEARCH_HELP} value={search.q} onSearch={(q) => setSearch({ q })} />
        <Select
          label="Rule"
          placeholder="Any"
          clearable
          data={(rulesQuery.data ?? []).map((rule) => ({ value: rule.id, label: rule.title }))}
          value={filters.rule ?? null}
          onChange={(rule) => setFilters({ rule: rule ?? undefined })}
          w={280}
          maw="100%"
        />
        <Select
          label="Severity"
          placeholder="Any"
          clearable
          data={SEVERITY_OPTIONS}
          value={filters.severity ?? null}
          onChange={(severity) => setFilters({ severity: (severity ?? undefined) as CodeSeverity | undefined })}
          w={140}
        />
      </Group>
      {query.isPending && <Loader aria-label="Loading findings" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <DataTable
            label="Static code analysis findings"
            columns={columns}
            data={query.data.results}
            getRowId={(finding) => String(finding.id)}
            minWidth={narrow ? PHONE_MIN_WIDTH : undefined}
            empty={filtered ? 'No findings match these filters.' : 'No executable in this scan breaks a rule.'}
            loading={query.isFetching}
          />
          <ListPager count={query.data.count} search={search} onChange={setSearch} />
        </>
      )}
      {rulesQuery.isError && <QueryErrorAlert error={rulesQuery.error} onRetry={() => void rulesQuery.refetch()} />}
      {rulesQuery.data && <CodeRulesHelp rules={rulesQuery.data} />}
    </>
  );
}
