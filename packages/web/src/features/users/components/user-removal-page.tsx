import { Alert, Button, Card, Center, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import { userGroupMembershipsQueryOptions, visibleGroupsQueryOptions } from '../api/memberships.ts';
import { useDeleteUser } from '../api/user-mutations.ts';
import { userQueryOptions } from '../api/users.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

interface UserRemovalPageProps {
  userId: number;
}

/** Spec §2: the review page a removal opens in a new window; it lists what goes and asks once more. */
export function UserRemovalPage({ userId }: UserRemovalPageProps) {
  const user = useQuery(userQueryOptions(userId));
  const memberships = useQuery(userGroupMembershipsQueryOptions(userId));
  const groups = useQuery(visibleGroupsQueryOptions());
  const remove = useDeleteUser();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (remove.isSuccess) {
    return (
      <Center mt="xl">
        <Alert color="green" title="User removed" maw={520}>
          {user.data?.email ?? 'The user'} was removed with their memberships, sessions and API key. You can close this window.
        </Alert>
      </Center>
    );
  }
  if (user.isPending) return <Loader aria-label="Loading user" />;
  if (user.isError) return <QueryErrorAlert error={user.error} title="Could not load the user" />;
  const names = new Map((groups.data?.results ?? []).map((group) => [group.id, group.name]));
  return (
    <Stack maw={720}>
      <Title order={2} style={{ overflowWrap: 'anywhere' }}>
        Remove {user.data.email}
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Card withBorder>
        <Text fw={500} mb="xs">
          Removing the user permanently deletes:
        </Text>
        <List spacing={4}>
          <List.Item>
            the account {user.data.email}
            {user.data.username !== user.data.email && ` (${user.data.username})`} and their account roles;
          </List.Item>
          <List.Item>their sessions and API key: they are signed out everywhere;</List.Item>
          <List.Item>
            their roles in {memberships.data ? memberships.data.count : '…'} group{memberships.data?.count === 1 ? '' : 's'}
            {memberships.data && memberships.data.count > 0 && `: ${memberships.data.results.map((m) => names.get(m.group_id) ?? `group ${m.group_id}`).join(', ')}`};
          </List.Item>
          <List.Item>their pending invitation and password links.</List.Item>
        </List>
        <Text size="sm" c="dimmed" mt="sm">
          Applications they uploaded must be removed first: the server refuses while any is stored. To keep their data, deactivate the user instead. The only manager of a top-level group cannot be removed until another member manages it.
        </Text>
      </Card>
      <div>
        <Button color="red" onClick={() => setConfirming(true)}>
          Remove permanently
        </Button>
      </div>
      <ConfirmDialog
        opened={confirming}
        title="Remove user permanently with all data"
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(userId, {
            onSettled: () => setConfirming(false),
            onError: (failure) => setError(failure instanceof ApiError ? messageOf(failure.body) : String(failure)),
          })
        }
      >
        This cannot be undone. Remove {user.data.email} now?
      </ConfirmDialog>
    </Stack>
  );
}
