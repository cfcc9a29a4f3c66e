import { ActionIcon, Button, Group, Loader, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { ApiKeyNetwork } from '../../../lib/api-schemas.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { apiKeyNetworksQueryOptions, useAddApiKeyNetwork, useRemoveApiKeyNetwork } from '../api/api-key-networks.ts';

/** The networks API keys are honoured from (none: from anywhere); add a CIDR, remove after confirming. */
export function ApiKeyNetworksPage() {
  const query = useQuery(apiKeyNetworksQueryOptions());
  const [removing, setRemoving] = useState<ApiKeyNetwork | null>(null);
  const remove = useRemoveApiKeyNetwork();
  const columns: ColumnDef<ApiKeyNetwork, unknown>[] = [
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
      <Text c="dimmed" size="sm" mb="md" maw={640}>
        API keys are accepted only from these networks. With no network listed, they are accepted from anywhere.
      </Text>
      <AddNetworkForm />
      {query.isPending && <Loader aria-label="Loading networks" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <DataTable label="API key networks" columns={columns} data={query.data.results} getRowId={(row) => String(row.id)} loading={query.isFetching} empty="No networks: API keys are accepted from anywhere." />
      )}
      {remove.isError && <QueryErrorAlert error={remove.error} />}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove network"
        message={`Remove ${removing?.network ?? ''}? API keys will no longer be accepted from it.`}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
        }}
      />
    </>
  );
}

function AddNetworkForm() {
  const [network, setNetwork] = useState('');
  const add = useAddApiKeyNetwork();
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
          placeholder="10.0.0.0/8"
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
