import { ActionIcon, Button, Group, List, Loader, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { OutboundNetwork } from '../../../lib/api-schemas.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { outboundNetworksQueryOptions, useAddOutboundNetwork, useRemoveOutboundNetwork } from '../api/outbound-networks.ts';

/** Where URL fetches and webhooks may connect besides the public internet; add a CIDR, remove after confirming. */
export function OutboundNetworksPage() {
  const query = useQuery(outboundNetworksQueryOptions());
  const [removing, setRemoving] = useState<OutboundNetwork | null>(null);
  const remove = useRemoveOutboundNetwork();
  const columns: ColumnDef<OutboundNetwork, unknown>[] = [
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
      <Text c="dimmed" size="sm" mb="xs" maw={680}>
        Files fetched from a URL and group webhooks reach public addresses only. Add a network here to let them reach an internal server, e.g. a
        firmware build server at 10.20.0.0/16.
      </Text>
      <List size="sm" c="dimmed" mb="md" maw={680}>
        <List.Item>Loopback, private, link-local and reserved addresses are refused unless listed.</List.Item>
        <List.Item>Cloud metadata, multicast, broadcast and unspecified addresses are refused even when listed.</List.Item>
      </List>
      <AddNetworkForm />
      {query.isPending && <Loader aria-label="Loading networks" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <DataTable
          label="Outbound networks"
          columns={columns}
          data={query.data.results}
          getRowId={(row) => String(row.id)}
          loading={query.isFetching}
          empty="No networks: fetches and webhooks reach public addresses only."
        />
      )}
      {remove.isError && <QueryErrorAlert error={remove.error} />}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove network"
        message={`Remove ${removing?.network ?? ''}? Fetches and webhooks will no longer reach it.`}
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
  const add = useAddOutboundNetwork();
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
          placeholder="10.20.0.0/16"
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
