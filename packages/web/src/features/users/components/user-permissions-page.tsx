import { Alert, Badge, Button, Checkbox, Group as Row, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import { ACCOUNT_ROLES, accountMembershipQueryOptions, accountRolesOf, useUpdateAccountRoles } from '../api/memberships.ts';

interface UserPermissionsPageProps {
  userId: number;
}

/** The user's account roles (spec §6) and the permissions they grant; Save sends the roles only when they changed. */
export function UserPermissionsPage({ userId }: UserPermissionsPageProps) {
  const membership = useQuery(accountMembershipQueryOptions(userId));
  // The message lives outside the form, which starts again from the saved roles.
  const [message, setMessage] = useState<Message | null>(null);
  if (membership.isPending) return <Loader aria-label="Loading roles" />;
  if (membership.isError) return <QueryErrorAlert error={membership.error} onRetry={() => void membership.refetch()} />;
  return (
    <Stack>
      {message && (
        <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      )}
      <RolesForm key={membership.data.roles.join()} userId={userId} stored={membership.data.roles} permissions={membership.data.permissions} onMessage={setMessage} />
    </Stack>
  );
}

interface Message {
  ok: boolean;
  text: string;
}

function RolesForm({ userId, stored, permissions, onMessage: setMessage }: { userId: number; stored: string[]; permissions: string[]; onMessage: (message: Message) => void }) {
  const [roles, setRoles] = useState<string[]>(stored);
  const update = useUpdateAccountRoles(userId);
  const unchanged = [...roles].sort().join() === [...stored].sort().join();
  return (
    <Stack>
      <Checkbox.Group label="Account roles" value={roles} onChange={setRoles}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
          {ACCOUNT_ROLES.map(([code, name]) => (
            <Checkbox key={code} value={code} label={`${name} (${code})`} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <div>
        <Text size="sm" c="dimmed" mb={4}>
          Permissions granted
        </Text>
        <Row gap="xs">
          {permissions.length === 0 ? <Text size="sm">None beyond their group roles.</Text> : permissions.map((permission) => <Badge key={permission} variant="light">{permission}</Badge>)}
        </Row>
      </div>
      <Row justify="flex-end">
        <Button
          disabled={unchanged}
          loading={update.isPending}
          onClick={() =>
            update.mutate(accountRolesOf(roles), {
              onSuccess: () => setMessage({ ok: true, text: 'The roles were saved.' }),
              onError: (error) => setMessage({ ok: false, text: error instanceof ApiError ? messageOf(error.body) : String(error) }),
            })
          }
        >
          Save
        </Button>
      </Row>
    </Stack>
  );
}
