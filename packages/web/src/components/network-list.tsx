import { ActionIcon, Button, Group, Loader, Text, TextInput } from '@mantine/core';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { formatDateTime } from '../lib/format.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DataTable, type ColumnDef } from './data-table/data-table.tsx';
import { QueryErrorAlert } from './query-error-alert.tsx';

export interface NetworkRow {
  id: number;
  network: string;
  created: string;
}

interface NetworkListProps {
  /** The table's accessible name. */
  label: string;
  /** What the list is for, above the form. */
  intro: ReactNode;
  placeholder: string;
  empty: string;
  /** The confirmation's text after "Remove <network>?". */
  removeConsequence: string;
  query: UseQueryResult<{ results: NetworkRow[] }>;
  add: UseMutationResult<unknown, Error, string>;
  remove: UseMutationResult<unknown, Error, number>;
}

/** A list of CIDR networks an administrator keeps (API-key networks, outbound networks): add one, remove one after 'Yes'. */
export function NetworkList({ label, intro, placeholder, empty, removeConsequence, query, add, remove }: NetworkListProps) {
  const [removing, setRemoving] = useState<NetworkRow | null>(null);
  const columns: ColumnDef<NetworkRow, unknown>[] = [
    { id: 'network', header: 'Network', enableHiding: false, cell: ({ row: { original } }) => <Text size="sm" ff="monospace">{original.network}</Text> },
    { id: 'created', header: 'Added', cell: ({ row: { original } }) => <Text size="sm">{formatDateTime(original.created)}</Text> },
    {
      id: 'actions',
      header: '',
      size: 60,
      enableHiding: false,
      cell: ({ row: { original } }) => (
        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${original.network}`} onClick={() => setRemoving(original)}>
          ✕
        </ActionIcon>
      ),
    },
  ];
  return (
    <>
      {intro}
      <AddNetworkForm add={add} placeholder={placeholder} />
      {query.isPending && <Loader aria-label="Loading networks" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <DataTable label={label} columns={columns} data={query.data.results} getRowId={(row) => String(row.id)} loading={query.isFetching} empty={empty} />
      )}
      {remove.isError && <QueryErrorAlert error={remove.error} />}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove network"
        message={`Remove ${removing?.network ?? ''}? ${removeConsequence}`}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
        }}
      />
    </>
  );
}

function AddNetworkForm({ add, placeholder }: { add: NetworkListProps['add']; placeholder: string }) {
  const [network, setNetwork] = useState('');
  const fieldError = add.error instanceof ApiError ? (add.error.fieldErrors['network']?.join(' ') ?? add.error.message) : add.error ? String(add.error.message) : undefined;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(network.trim(), { onSuccess: () => setNetwork('') });
      }}
    >
      <Group align="flex-start" mb="md" gap="sm" wrap="wrap">
        <TextInput
          label="Network (CIDR)"
          placeholder={placeholder}
          value={network}
          onChange={(event) => setNetwork(event.currentTarget.value)}
          error={fieldError}
          style={{ flex: '1 1 220px', maxWidth: 320 }}
        />
        <Button type="submit" mt={25} loading={add.isPending} disabled={network.trim() === ''}>
          Add network
        </Button>
      </Group>
    </form>
  );
}
