import { Button, Group as Row, Loader, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { CustomPattern } from '../../../lib/api-schemas.ts';
import { formatDate, truncate } from '../../../lib/format.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { customPatternListParams, customPatternListSearch, customPatternsQueryOptions, useRemoveCustomPattern, useUpdateCustomPattern } from '../api/custom-patterns.ts';
import { CustomPatternDialog } from './custom-pattern-dialog.tsx';

/** A pattern longer than this is cut in the list; its title and the edit dialog hold it whole. */
const PATTERN_CHARS = 60;

type PatternColumn = ColumnDef<CustomPattern, unknown>;

interface RowActions {
  edit: (pattern: CustomPattern) => void;
  remove: (pattern: CustomPattern) => void;
}

/** Spec §2 /custom-patterns: the account's information-leak patterns, each turned on or off, added, edited and removed. */
export function CustomPatternsPage() {
  const narrow = usePhoneWidth();
  const { search, setSearch } = useListSearch(customPatternListSearch);
  const query = useQuery(customPatternsQueryOptions(customPatternListParams(search)));
  const remove = useRemoveCustomPattern();
  // undefined: no dialog; null: adding one.
  const [editing, setEditing] = useState<CustomPattern | null | undefined>(undefined);
  const [removing, setRemoving] = useState<CustomPattern | null>(null);
  const columns = useMemo(() => patternColumns({ edit: setEditing, remove: setRemoving }, narrow), [narrow]);
  return (
    <>
      <PageHeader title="Custom patterns" actions={<Button onClick={() => setEditing(null)}>Add pattern</Button>} />
      <Text c="dimmed" size="sm" mb="md" maw={720}>
        Your own secrets and identifiers to search for, in RE2 syntax. New scans search for the enabled patterns; to search a stored scan, apply them from
        its Info leak tab. Findings are listed there as custom patterns, by the pattern&apos;s ID.
      </Text>
      {query.isPending && <Loader aria-label="Loading custom patterns" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <DataTable
            label="Custom patterns"
            columns={columns}
            data={query.data.results}
            getRowId={(pattern) => String(pattern.id)}
            loading={query.isFetching}
            minWidth={narrow ? 360 : undefined}
            sorting={{ ordering: search.ordering, onOrderingChange: (ordering) => setSearch({ ordering: ordering as typeof search.ordering }) }}
            empty="No custom patterns yet. Add one to search scans for your own secrets, e.g. ACME-TOKEN-[0-9a-f]{8}."
          />
          <ListPager count={query.data.count} search={search} onChange={setSearch} />
        </>
      )}
      {editing !== undefined && <CustomPatternDialog key={editing?.id ?? 'new'} editing={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove custom pattern"
        message={`Remove the pattern "${removing?.name ?? ''}"? New scans no longer search for it; stored scans keep its findings until the patterns are applied to them again.`}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      />
    </>
  );
}

function patternColumns(actions: RowActions, narrow: boolean): PatternColumn[] {
  const id: PatternColumn = { id: 'id', header: 'ID', size: 64, accessorFn: (pattern) => pattern.id, enableSorting: true, cell: ({ row: { original } }) => <Text size="sm" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{original.id}</Text> };
  const name: PatternColumn = {
    id: 'name',
    header: 'Name',
    accessorFn: (pattern) => pattern.name,
    enableSorting: true,
    enableHiding: false,
    cell: ({ row: { original } }) => (
      <Stack gap={0} miw={narrow ? 140 : 160} maw={360}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {original.name}
        </Text>
        {narrow && <PatternText pattern={original.pattern} />}
        {original.description && (
          <Text size="xs" c="dimmed" lineClamp={2} title={original.description} style={{ whiteSpace: 'normal' }}>
            {original.description}
          </Text>
        )}
      </Stack>
    ),
  };
  const pattern: PatternColumn = { id: 'pattern', header: 'Pattern', cell: ({ row: { original } }) => <PatternText pattern={original.pattern} miw={240} /> };
  const enabled: PatternColumn = { id: 'enabled', header: 'Enabled', size: 90, enableHiding: false, cell: ({ row: { original } }) => <EnabledSwitch pattern={original} /> };
  const added: PatternColumn = {
    id: 'created',
    header: 'Added',
    size: 200,
    cell: ({ row: { original } }) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
        {formatDate(original.created)}
        {original.created_by && (
          <Text component="span" size="xs" c="dimmed" display="block">
            {original.created_by.email}
          </Text>
        )}
      </Text>
    ),
  };
  const rowActions: PatternColumn = {
    id: 'actions',
    header: 'Actions',
    size: narrow ? 90 : 170,
    enableHiding: false,
    cell: ({ row: { original } }) => (
      <Row gap="xs" wrap={narrow ? 'wrap' : 'nowrap'}>
        <Button size="compact-xs" variant="light" onClick={() => actions.edit(original)} aria-label={`Edit ${original.name}`}>
          Edit
        </Button>
        <Button size="compact-xs" variant="light" color="red" onClick={() => actions.remove(original)} aria-label={`Remove ${original.name}`}>
          Remove
        </Button>
      </Row>
    ),
  };
  return narrow ? [name, enabled, rowActions] : [id, name, pattern, enabled, added, rowActions];
}

/** `miw`: a short pattern stays on one line in its own column; a long one wraps anywhere. */
function PatternText({ pattern, miw }: { pattern: string; miw?: number }) {
  return (
    <Text size="sm" ff="monospace" title={pattern} miw={miw} style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
      {truncate(pattern, PATTERN_CHARS)}
    </Text>
  );
}

/** Turns a pattern on or off at once: a PATCH of `enabled` alone. */
function EnabledSwitch({ pattern }: { pattern: CustomPattern }) {
  const update = useUpdateCustomPattern();
  const checked = update.isPending && update.variables ? update.variables.changes.enabled === true : pattern.enabled;
  return (
    <Switch
      aria-label={`Enabled: ${pattern.name}`}
      checked={checked}
      disabled={update.isPending}
      onChange={(event) => update.mutate({ id: pattern.id, changes: { enabled: event.currentTarget.checked } })}
    />
  );
}
