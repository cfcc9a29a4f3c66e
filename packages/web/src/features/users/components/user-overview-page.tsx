import { Alert, Button, Card, Group as Row, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatNumber } from '../../../lib/format.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { useResetPassword, useTestEmail, useUpdateUser } from '../api/user-mutations.ts';
import { userQueryOptions } from '../api/users.ts';
import { ActivationButton } from './activation-action.tsx';
import { MIN_PASSWORD_LENGTH } from './invite-user-dialog.tsx';
import { RemoveUserAction } from './remove-user-action.tsx';
import { UserStatusBadge } from './user-status-badge.tsx';

interface UserOverviewPageProps {
  userId: number;
}

/** Who the user is; an administrator also mails them links, sets their password, (de)activates or removes them. */
export function UserOverviewPage({ userId }: UserOverviewPageProps) {
  const { data: user } = useSuspenseQuery(userQueryOptions(userId));
  const isAdministrator = usePermission('change_companyaccount');
  const me = useCurrentUser();
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Fact label="Email" value={user.email} />
        <Fact label="Username" value={user.username} />
        <Fact label="Status" value={<UserStatusBadge active={user.is_active} />} />
        <Fact label="Two-factor sign-in" value={user.otp_active ? 'On' : 'Off'} />
        <Fact label="Groups" value={formatNumber(user.groups.length)} />
      </SimpleGrid>
      {isAdministrator && me.id !== user.id && (
        <Card withBorder>
          <Title order={3} size="h4" mb="sm">
            Administration
          </Title>
          <Stack>
            <MailActions userId={user.id} />
            <SetPasswordForm userId={user.id} />
            <Row gap="sm">
              <ActivationButton user={user} />
              <RemoveUserAction user={user} />
            </Row>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function MailActions({ userId }: { userId: number }) {
  const reset = useResetPassword(userId);
  const test = useTestEmail(userId);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const report = { onSuccess: ({ detail }: { detail: string }) => setResult({ ok: true, text: detail }), onError: (error: Error) => setResult({ ok: false, text: failureText(error) }) };
  return (
    <Stack gap="xs">
      <Row gap="sm">
        <Button variant="light" loading={reset.isPending} onClick={() => reset.mutate(undefined, report)}>
          Mail a password reset link
        </Button>
        <Button variant="light" loading={test.isPending} onClick={() => test.mutate(undefined, report)}>
          Send a test mail
        </Button>
      </Row>
      {result && (
        <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </Alert>
      )}
    </Stack>
  );
}

/** For installations without mail: the administrator sets the password and tells the user. */
function SetPasswordForm({ userId }: { userId: number }) {
  const update = useUpdateUser(userId);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(`Ensure this field has at least ${MIN_PASSWORD_LENGTH} characters.`);
      return;
    }
    setError(null);
    update.mutate(
      { password },
      {
        onSuccess: () => {
          setPassword('');
          setSaved(true);
        },
        onError: (failure) => setError(failureText(failure)),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Row align="flex-end" gap="sm">
        <PasswordInput
          label="Set a password"
          description="Their other sessions end."
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={error}
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" variant="light" loading={update.isPending}>
          Set password
        </Button>
      </Row>
      {saved && (
        <Text size="sm" c="green" mt="xs" role="status">
          The password was set.
        </Text>
      )}
    </form>
  );
}

function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return String(error);
  const { fieldErrors } = error;
  const fields = Object.values(fieldErrors).flat();
  return fields.length > 0 ? fields.join(' ') : messageOf(error.body);
}
