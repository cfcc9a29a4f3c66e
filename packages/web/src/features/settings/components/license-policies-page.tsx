import { Box, Button, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type ColumnDef, DataTable } from '../../../components/data-table/data-table.tsx';
import { ListSearchBox } from '../../../components/data-table/list-search-box.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { LicensePolicyOverride } from '../../../lib/api-schemas.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import {
  LICENSE_POLICY_LABELS,
  type LicensePolicy,
  licensePoliciesQueryOptions,
  licensePolicyListSearch,
  licensePolicyParams,
  useRemoveLicensePolicy,
  useUpdateLicensePolicy,
} from '../api/license-policies.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { LicensePolicyForm, POLICY_OPTIONS } from './license-policy-form.tsx';

/** Licences: the company's policy class per licence id, over the built-in classification. */
export function LicensePoliciesPage() {
  const { search, setSearch } = useListSearch(licensePolicyListSearch);
  const query = useQuery(licensePoliciesQueryOptions(licensePolicyParams(search)));
  const update = useUpdateLicensePolicy();
  const remove = useRemoveLicensePolicy();
  const [removing, setRemoving] = useState<LicensePolicyOverride | null>(null);

  const columns = useMemo<ColumnDef<LicensePolicyOverride, unknown>[]>(
    () => [
      { id: 'license_name', header: 'Licence', cell: ({ row: { original } }) => <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{original.license_name}</Text> },
      {
        id: 'default_policy',
        header: 'Built-in class',
        cell: ({ row: { original } }) => (original.default_policy ? `${original.default_policy} · ${LICENSE_POLICY_LABELS[original.default_policy]}` : 'Unclassified'),
      },
      {
        id: 'policy',
        header: 'Override',
        cell: ({ row: { original } }) => (
          <Select
            aria-label={`Policy of ${original.license_name}`}
            data={POLICY_OPTIONS}
            value={original.policy}
            allowDeselect={false}
            size="xs"
            miw={200}
            onChange={(value) => {
              if (value && value !== original.policy) update.mutate({ id: original.id, policy: value as LicensePolicy });
            }}
          />
        ),
      },
      {
        id: 'actions',
        header: '',
        cell: ({ row: { original } }) => (
          <Button variant="subtle" color="red" size="xs" onClick={() => setRemoving(original)} aria-label={`Remove the override of ${original.license_name}`}>
            Remove
          </Button>
        ),
      },
    ],
    [update],
  );

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" maw={720} component="section" aria-labelledby="settings-licenses">
        <Title order={3} size="h4" id="settings-licenses">
          Licence policy
        </Title>
        <Text c="dimmed" size="sm" mt={4} mb="md">
          Each licence has a built-in class: RE restrictive, RU restrictive when estimated, PE permissive. An override replaces it in every report.
        </Text>
        <LicensePolicyForm />
      </Paper>
      <Box>
        <Box mb="md">
          <ListSearchBox label="Search overrides" value={search.q} onSearch={(q) => setSearch({ q })} />
        </Box>
        {query.isPending && <Loader aria-label="Loading overrides" />}
        {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
        {query.data && (
          <>
            <DataTable
              label="Licence overrides"
              columns={columns}
              data={query.data.results}
              getRowId={(row) => String(row.id)}
              loading={query.isFetching}
              empty={search.q ? 'No overrides match the search.' : 'No overrides: every licence has its built-in class.'}
            />
            <ListPager count={query.data.count} search={search} onChange={setSearch} />
          </>
        )}
      </Box>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove licence override?"
        message={`${removing?.license_name ?? ''} falls back to its built-in class${removing?.default_policy ? ` (${removing.default_policy})` : ' (unclassified)'} in every report.`}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id);
          setRemoving(null);
        }}
      />
    </Stack>
  );
}
