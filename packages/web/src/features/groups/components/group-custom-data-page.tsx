import { ActionIcon, Alert, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { GroupCustomData } from '../../../lib/api-schemas.ts';
import { changedFields } from '../../../lib/changed-fields.ts';
import { displayText } from '../../../lib/format.ts';
import { groupCustomDataQueryOptions, useGroupCustomDataMutations } from '../api/group-custom-data.ts';
import { groupQueryOptions } from '../api/groups.ts';

interface GroupCustomDataPageProps {
  groupId: number;
}

const fieldError = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError ? error.fieldErrors[field]?.join(' ') : undefined;

/** Settings → Group custom data: the group's own key/value pairs; changed only by those who may change the group. */
export function GroupCustomDataPage({ groupId }: GroupCustomDataPageProps) {
  const { data: group } = useSuspenseQuery(groupQueryOptions(groupId));
  const canChange = group.user_permissions.includes('change_appcheckgroup');
  const query = useQuery(groupCustomDataQueryOptions(groupId));
  const { create, update, remove } = useGroupCustomDataMutations(groupId);
  const [editing, setEditing] = useState<GroupCustomData | null>(null);
  const [removing, setRemoving] = useState<GroupCustomData | null>(null);

  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');
  const add = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { key: newKey, value: newValue },
      {
        onSuccess: () => {
          setNewKey('');
          setNewValue('');
        },
      },
    );
  };

  const columns: ColumnDef<GroupCustomData, unknown>[] = [
    { id: 'key', header: 'Key', accessorFn: (entry) => entry.key, cell: ({ row: { original } }) => <Text ff="monospace" size="sm">{displayText(original.key)}</Text> },
    {
      id: 'value',
      header: 'Value',
      accessorFn: (entry) => entry.value,
      cell: ({ row: { original } }) => (original.value === '' ? <Text c="dimmed" size="sm">(empty)</Text> : <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{displayText(original.value)}</Text>),
    },
    ...(canChange
      ? [{
          id: 'actions',
          header: '',
          cell: ({ row: { original } }: { row: { original: GroupCustomData } }) => (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <Button size="xs" variant="default" onClick={() => setEditing(original)} aria-label={`Edit ${original.key}`}>
                Edit
              </Button>
              <ActionIcon variant="subtle" color="red" onClick={() => setRemoving(original)} aria-label={`Remove ${original.key}`}>
                ✕
              </ActionIcon>
            </Group>
          ),
        } satisfies ColumnDef<GroupCustomData, unknown>]
      : []),
  ];

  return (
    <Paper withBorder p="md" maw={900}>
      <Stack gap="md">
        <Title order={3} size="h4">
          Group custom data
        </Title>
        <Text size="sm" c="dimmed">
          Key/value pairs about this group. Keys are stored in capitals and values without surrounding spaces.
        </Text>
        {canChange && (
          <form onSubmit={add} aria-label="Add custom data">
            <Group align="flex-start" gap="sm">
              <TextInput label="Key" placeholder="PRODUCT_LINE" required value={newKey} onChange={(event) => setNewKey(event.currentTarget.value)} maxLength={64} error={fieldError(create.error, 'key')} style={{ flex: '1 1 160px' }} />
              <TextInput label="Value" placeholder="Routers" value={newValue} onChange={(event) => setNewValue(event.currentTarget.value)} maxLength={10000} error={fieldError(create.error, 'value')} style={{ flex: '2 1 220px' }} />
              <Button type="submit" loading={create.isPending} mt={25}>
                Add
              </Button>
            </Group>
          </form>
        )}
        {query.isPending && <Loader aria-label="Loading custom data" />}
        {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
        {query.data && <DataTable label="Custom data" columns={columns} data={query.data.results} getRowId={(entry) => String(entry.id)} empty="No custom data yet." />}
        {editing && <EditValue entry={editing} onClose={() => setEditing(null)} update={update} />}
        <ConfirmDialog
          opened={removing !== null}
          title="Remove custom data"
          message={removing ? `Remove ${removing.key} from this group?` : ''}
          pending={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() => removing && remove.mutate(removing.key, { onSuccess: () => setRemoving(null) })}
        />
      </Stack>
    </Paper>
  );
}

interface EditValueProps {
  entry: GroupCustomData;
  onClose: () => void;
  update: ReturnType<typeof useGroupCustomDataMutations>['update'];
}

/** The key names the entry and stays; the value is sent only when it changed (spec §5). */
function EditValue({ entry, onClose, update }: EditValueProps) {
  const [value, setValue] = useState(entry.value);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const change = changedFields({ value: entry.value }, { value }, { trim: ['value'] });
    if (change?.value === undefined) {
      onClose();
      return;
    }
    update.mutate({ key: entry.key, value: change.value }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={`Edit ${entry.key}`} centered>
      <form onSubmit={save}>
        <Stack gap="sm">
          {update.isError && !(update.error instanceof ApiError && update.error.status === 400) && <Alert color="red">{update.error.message}</Alert>}
          {fieldError(update.error, 'key') && <Alert color="red">{fieldError(update.error, 'key')}</Alert>}
          <TextInput label="Value" value={value} onChange={(event) => setValue(event.currentTarget.value)} maxLength={10000} error={fieldError(update.error, 'value')} data-autofocus />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
