import { ActionIcon, Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { changedFields } from '../lib/changed-fields.ts';
import type { CustomDataChange, CustomDataEntry } from '../lib/custom-data.ts';
import { displayText } from '../lib/format.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DataTable, type ColumnDef } from './data-table/data-table.tsx';
import { QueryErrorAlert } from './query-error-alert.tsx';

interface CustomDataEditorProps<E extends CustomDataEntry> {
  intro: ReactNode;
  query: UseQueryResult<{ results: E[] }>;
  getId: (entry: E) => string;
  /** Without it the list is read-only. */
  canChange: boolean;
  /** A scan's entries are renamed by id; a group's are named by their key, which stays. */
  keyEditable: boolean;
  placeholders: CustomDataEntry;
  removeMessage: (entry: E) => string;
  create: UseMutationResult<unknown, Error, CustomDataEntry>;
  update: UseMutationResult<unknown, Error, CustomDataChange<E>>;
  remove: UseMutationResult<unknown, Error, E>;
}

const fieldError = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError ? error.fieldErrors[field]?.join(' ') : undefined;

/** Custom data (spec §3) of a scan or a group: list, add, edit what changed, remove after 'Yes'. */
export function CustomDataEditor<E extends CustomDataEntry>(props: CustomDataEditorProps<E>) {
  const { intro, query, getId, canChange, keyEditable, placeholders, removeMessage, create, update, remove } = props;
  const [editing, setEditing] = useState<E | null>(null);
  const [removing, setRemoving] = useState<E | null>(null);
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

  const columns: ColumnDef<E, unknown>[] = [
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
          cell: ({ row: { original } }: { row: { original: E } }) => (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <Button size="xs" variant="default" onClick={() => setEditing(original)} aria-label={`Edit ${original.key}`}>
                Edit
              </Button>
              <ActionIcon variant="subtle" color="red" onClick={() => setRemoving(original)} aria-label={`Remove ${original.key}`}>
                ✕
              </ActionIcon>
            </Group>
          ),
        } satisfies ColumnDef<E, unknown>]
      : []),
  ];

  return (
    <>
      {intro}
      {canChange && (
        <form onSubmit={add} aria-label="Add custom data">
          <Group align="flex-start" gap="sm">
            <TextInput label="Key" placeholder={placeholders.key} required value={newKey} onChange={(event) => setNewKey(event.currentTarget.value)} maxLength={64} error={fieldError(create.error, 'key')} style={{ flex: '1 1 160px' }} />
            <TextInput label="Value" placeholder={placeholders.value} value={newValue} onChange={(event) => setNewValue(event.currentTarget.value)} maxLength={10000} error={fieldError(create.error, 'value')} style={{ flex: '2 1 220px' }} />
            <Button type="submit" loading={create.isPending} mt={25}>
              Add
            </Button>
          </Group>
        </form>
      )}
      {query.isPending && <Loader aria-label="Loading custom data" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && <DataTable label="Custom data" columns={columns} data={query.data.results} getRowId={getId} empty="No custom data yet." />}
      {editing && <EditEntry entry={editing} keyEditable={keyEditable} onClose={() => setEditing(null)} update={update} />}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove custom data"
        message={removing ? removeMessage(removing) : ''}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing, { onSuccess: () => setRemoving(null) })}
      />
    </>
  );
}

interface EditEntryProps<E extends CustomDataEntry> {
  entry: E;
  keyEditable: boolean;
  onClose: () => void;
  update: CustomDataEditorProps<E>['update'];
}

/** Sends only what changed (spec §5), and nothing when nothing did. */
function EditEntry<E extends CustomDataEntry>({ entry, keyEditable, onClose, update }: EditEntryProps<E>) {
  const [key, setKey] = useState(entry.key);
  const [value, setValue] = useState(entry.value);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const change = keyEditable
      ? changedFields({ key: entry.key, value: entry.value }, { key: key.trim().toUpperCase(), value }, { trim: ['value'] })
      : changedFields({ value: entry.value }, { value }, { trim: ['value'] });
    if (!change || Object.keys(change).length === 0) {
      onClose();
      return;
    }
    update.mutate({ entry, change }, { onSuccess: onClose });
  };
  const keyError = fieldError(update.error, 'key');
  return (
    <Modal opened onClose={onClose} title={`Edit ${entry.key}`} centered>
      <form onSubmit={save}>
        <Stack gap="sm">
          {update.isError && !(update.error instanceof ApiError && update.error.status === 400) && <Alert color="red">{update.error.message}</Alert>}
          {keyEditable ? (
            <TextInput label="Key" value={key} onChange={(event) => setKey(event.currentTarget.value)} required maxLength={64} error={keyError} />
          ) : (
            keyError && <Alert color="red">{keyError}</Alert>
          )}
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
