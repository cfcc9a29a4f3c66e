import { ActionIcon, Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { ScanCustomData } from '../../../lib/api-schemas.ts';
import { changedFields } from '../../../lib/changed-fields.ts';
import { displayText } from '../../../lib/format.ts';
import { scanCustomDataQueryOptions, useScanCustomDataMutations } from '../api/scan-custom-data.ts';

interface ScanCustomDataPageProps {
  scanId: number;
}

const fieldError = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError ? error.fieldErrors[field]?.join(' ') : undefined;

/** The scan's custom data (spec §3): key/value pairs found again with meta:KEY=VALUE in the application lists. */
export function ScanCustomDataPage({ scanId }: ScanCustomDataPageProps) {
  const query = useQuery(scanCustomDataQueryOptions(scanId));
  const { create, update, remove } = useScanCustomDataMutations(scanId);
  const [editing, setEditing] = useState<ScanCustomData | null>(null);
  const [removing, setRemoving] = useState<ScanCustomData | null>(null);

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

  const columns: ColumnDef<ScanCustomData, unknown>[] = [
    { id: 'key', header: 'Key', accessorFn: (entry) => entry.key, cell: ({ row: { original } }) => <Text ff="monospace" size="sm">{displayText(original.key)}</Text> },
    {
      id: 'value',
      header: 'Value',
      accessorFn: (entry) => entry.value,
      cell: ({ row: { original } }) => (original.value === '' ? <Text c="dimmed" size="sm">(empty)</Text> : <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{displayText(original.value)}</Text>),
    },
    {
      id: 'actions',
      header: '',
      cell: ({ row: { original } }) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setEditing(original)} aria-label={`Edit ${original.key}`}>
            Edit
          </Button>
          <ActionIcon variant="subtle" color="red" onClick={() => setRemoving(original)} aria-label={`Remove ${original.key}`}>
            ✕
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Keys are stored in capitals and values without surrounding spaces. Find applications by them with <Text span ff="monospace">meta:KEY</Text> or{' '}
        <Text span ff="monospace">meta:KEY=VALUE</Text> in the application search.
      </Text>
      <form onSubmit={add} aria-label="Add custom data">
        <Group align="flex-start" gap="sm">
          <TextInput label="Key" placeholder="RELEASE" required value={newKey} onChange={(event) => setNewKey(event.currentTarget.value)} maxLength={64} error={fieldError(create.error, 'key')} style={{ flex: '1 1 160px' }} />
          <TextInput label="Value" placeholder="2.1" value={newValue} onChange={(event) => setNewValue(event.currentTarget.value)} maxLength={10000} error={fieldError(create.error, 'value')} style={{ flex: '2 1 220px' }} />
          <Button type="submit" loading={create.isPending} mt={25}>
            Add
          </Button>
        </Group>
      </form>
      {query.isPending && <Loader aria-label="Loading custom data" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <DataTable label="Custom data" columns={columns} data={query.data.results} getRowId={(entry) => String(entry.id)} empty="No custom data yet." />
      )}
      {editing && <EditEntry entry={editing} onClose={() => setEditing(null)} update={update} />}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove custom data"
        message={removing ? `Remove ${removing.key} from this application?` : ''}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      />
    </Stack>
  );
}

interface EditEntryProps {
  entry: ScanCustomData;
  onClose: () => void;
  update: ReturnType<typeof useScanCustomDataMutations>['update'];
}

/** Sends only what changed (spec §5), and nothing when nothing did. */
function EditEntry({ entry, onClose, update }: EditEntryProps) {
  const [key, setKey] = useState(entry.key);
  const [value, setValue] = useState(entry.value);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const change = changedFields({ key: entry.key, value: entry.value }, { key: key.trim().toUpperCase(), value }, { trim: ['value'] });
    if (!change) {
      onClose();
      return;
    }
    update.mutate({ id: entry.id, change }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={`Edit ${entry.key}`} centered>
      <form onSubmit={save}>
        <Stack gap="sm">
          {update.isError && !(update.error instanceof ApiError && update.error.status === 400) && <Alert color="red">{update.error.message}</Alert>}
          <TextInput label="Key" value={key} onChange={(event) => setKey(event.currentTarget.value)} required maxLength={64} error={fieldError(update.error, 'key')} />
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
