import { ActionIcon, Alert, Button, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { Comment } from '../../../lib/api-schemas.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { displayText, formatDateTime } from '../../../lib/format.ts';
import { scanCommentsQueryOptions, useScanCommentMutations } from '../api/scan-comments.ts';

/** Comments on a scan, oldest first: anyone who may upload to its group adds one; its author or a group manager removes it. */
export function ScanCommentsPanel({ scanId }: { scanId: number }) {
  const query = useQuery(scanCommentsQueryOptions(scanId));
  const { create, remove } = useScanCommentMutations(scanId);
  const me = useCurrentUser();
  const [text, setText] = useState('');
  const [removing, setRemoving] = useState<Comment | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(text, { onSuccess: () => setText('') });
  };
  const fieldError = create.error instanceof ApiError ? (create.error.fieldErrors.comment?.join(' ') ?? create.error.message) : create.error?.message;

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Comments
      </Title>
      {query.isPending && <Loader size="sm" aria-label="Loading comments" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data?.results.length === 0 && (
        <Text size="sm" c="dimmed">
          No comments yet.
        </Text>
      )}
      {query.data?.results.map((comment) => (
        <Paper key={comment.id} withBorder p="sm" radius="sm" aria-label={`Comment by ${comment.author_name ?? 'a removed user'}`}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text size="xs" c="dimmed">
              {displayText(comment.author_name ?? 'Removed user')} · {formatDateTime(comment.created)}
            </Text>
            {comment.author === me.id && (
              <ActionIcon size="sm" variant="subtle" color="red" onClick={() => setRemoving(comment)} aria-label="Remove comment">
                ✕
              </ActionIcon>
            )}
          </Group>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {displayText(comment.comment)}
          </Text>
        </Paper>
      ))}
      {remove.isError && <Alert color="red">{remove.error.message}</Alert>}
      <form onSubmit={add} aria-label="New comment">
        <Stack gap="xs">
          <Textarea label="Add a comment" minRows={3} maxLength={10000} value={text} onChange={(event) => setText(event.currentTarget.value)} error={fieldError} />
          <Group justify="flex-end">
            <Button type="submit" size="sm" loading={create.isPending} disabled={text.trim() === ''}>
              Comment
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove comment"
        message="Remove this comment?"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      />
    </Stack>
  );
}
