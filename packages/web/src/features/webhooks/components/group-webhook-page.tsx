import { Alert, Button, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { groupWebhookQueryOptions, useRemoveGroupWebhook, useSaveGroupWebhook } from '../api/group-webhook.ts';

interface GroupWebhookPageProps {
  groupId: number;
}

type Confirming = 'remove' | 'new-secret' | null;

/** A group's completion webhook: where finished scans are announced, and the secret that signs them (shown once). */
export function GroupWebhookPage({ groupId }: GroupWebhookPageProps) {
  const { data: webhook } = useSuspenseQuery(groupWebhookQueryOptions(groupId));
  const [url, setUrl] = useState(webhook.url ?? '');
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const save = useSaveGroupWebhook(groupId);
  const remove = useRemoveGroupWebhook(groupId);
  const fieldError = save.error instanceof ApiError ? (save.error.fieldErrors['url']?.join(' ') ?? save.error.message) : save.error ? save.error.message : undefined;
  const unchanged = url.trim() === (webhook.url ?? '');

  const submit = (newSecret: boolean) =>
    save.mutate({ url: url.trim(), ...(newSecret ? { new_secret: true } : {}) }, { onSuccess: (saved) => setSecret(saved.secret), onSettled: () => setConfirming(null) });

  return (
    <Paper withBorder p="md" maw={720}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Webhook
        </Title>
        <Text size="sm" c="dimmed">
          When a scan of this group is ready or has failed, Binlens POSTs its summary as JSON to this URL. Each request carries{' '}
          <Code>X-Binlens-Timestamp</Code> and <Code>X-Binlens-Signature: sha256=…</Code>, the HMAC-SHA256 of <Code>timestamp.body</Code> with the
          secret. A delivery without a 2xx answer is retried with growing delays.
        </Text>
        {secret ? (
          <Alert color="teal" title="Copy the secret now: it is not shown again">
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {secret}
            </Code>
          </Alert>
        ) : null}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit(false);
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Webhook URL"
              placeholder="https://ci.example.com/hooks/binlens"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              error={fieldError}
            />
            {webhook.updated ? (
              <Text size="xs" c="dimmed">
                Last changed {formatDateTime(webhook.updated)}
              </Text>
            ) : null}
            <Group gap="sm">
              <Button type="submit" loading={save.isPending && confirming === null} disabled={url.trim() === '' || unchanged}>
                {webhook.url ? 'Save URL' : 'Create webhook'}
              </Button>
              {webhook.url ? (
                <>
                  <Button variant="default" onClick={() => setConfirming('new-secret')}>
                    New secret
                  </Button>
                  <Button variant="subtle" color="red" onClick={() => setConfirming('remove')}>
                    Remove webhook
                  </Button>
                </>
              ) : null}
            </Group>
          </Stack>
        </form>
        {remove.isError ? <QueryErrorAlert error={remove.error} /> : null}
      </Stack>
      <ConfirmDialog
        opened={confirming === 'new-secret'}
        title="New secret"
        message="Make a new secret? Receivers checking the old one will refuse deliveries until they are given the new one."
        pending={save.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => submit(true)}
      />
      <ConfirmDialog
        opened={confirming === 'remove'}
        title="Remove webhook"
        message={`Remove the webhook ${webhook.url ?? ''}? Finished scans will no longer be announced.`}
        pending={remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setSecret(null);
              setUrl('');
            },
            onSettled: () => setConfirming(null),
          })
        }
      />
    </Paper>
  );
}
