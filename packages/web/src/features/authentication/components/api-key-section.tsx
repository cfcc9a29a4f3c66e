import { Alert, Button, Card, Code, CopyButton, Group, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { NewApiKey } from '../../../lib/api-schemas.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { apiKeyQueryOptions, useCreateApiKey, useInvalidateApiKey } from '../api/api-key.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

const DAY = 24 * 3600;
/** What a key may be valid for; the server allows at most 365 days. */
const VALIDITIES = [
  { value: String(DAY), label: '1 day' },
  { value: String(7 * DAY), label: '7 days' },
  { value: String(30 * DAY), label: '30 days' },
  { value: String(90 * DAY), label: '90 days' },
  { value: String(365 * DAY), label: '365 days' },
];

interface ApiKeySectionProps {
  /** Show times in the browser's zone (the user's display_local_time). */
  local: boolean;
}

/** The signed-in user's API key (Authorization: Bearer): make one, see when it expires, end it. */
export function ApiKeySection({ local }: ApiKeySectionProps) {
  const key = useQuery(apiKeyQueryOptions());
  const create = useCreateApiKey();
  const invalidate = useInvalidateApiKey();
  const [validity, setValidity] = useState(String(30 * DAY));
  const [made, setMade] = useState<NewApiKey | null>(null);
  const [confirming, setConfirming] = useState<'replace' | 'invalidate' | null>(null);

  const makeKey = () => {
    setConfirming(null);
    create.mutate(Number(validity), { onSuccess: setMade });
  };

  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="xs">
        API key
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Scripts call the /api/ endpoints with <Code>Authorization: Bearer &lt;key&gt;</Code>. You have at most one key; a new one replaces it.
      </Text>
      {made && (
        <Alert color="green" title="Your new API key" mb="sm" role="status">
          <Stack gap="xs">
            <Text size="sm">Copy it now: it is not shown again.</Text>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', flex: 1 }} data-testid="new-api-key">
                {made.key}
              </Code>
              <CopyButton value={made.key}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
      {key.isError ? (
        <QueryErrorAlert error={key.error} onRetry={() => void key.refetch()} />
      ) : key.isPending ? (
        <Skeleton height={80} />
      ) : key.data ? (
        <Table variant="vertical" layout="fixed" mb="sm" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={120}>Created</Table.Th>
              <Table.Td>{formatDateTime(key.data.created, local)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Expires</Table.Th>
              <Table.Td>{formatDateTime(key.data.expires, local)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Last used</Table.Th>
              <Table.Td>{key.data.last_used ? formatDateTime(key.data.last_used, local) : 'Never'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" mb="sm">
          You have no API key.
        </Text>
      )}
      {(create.isError || invalidate.isError) && <QueryErrorAlert error={create.error ?? invalidate.error} title="The key was not changed" />}
      <Group align="flex-end" gap="sm" mt="xs">
        <Select label="Valid for" data={VALIDITIES} value={validity} onChange={(next) => next && setValidity(next)} allowDeselect={false} w={140} />
        <Button onClick={() => (key.data ? setConfirming('replace') : makeKey())} loading={create.isPending} disabled={key.isPending}>
          {key.data ? 'Replace key' : 'Create key'}
        </Button>
        {key.data && (
          <Button variant="default" color="red" onClick={() => setConfirming('invalidate')} loading={invalidate.isPending}>
            Invalidate key
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming === 'replace'}
        title="Replace your API key?"
        message="The current key stops working at once; scripts that use it need the new one."
        onConfirm={makeKey}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={confirming === 'invalidate'}
        title="Invalidate your API key?"
        message="Scripts that use it stop working at once."
        onConfirm={() => {
          setConfirming(null);
          setMade(null);
          invalidate.mutate();
        }}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
