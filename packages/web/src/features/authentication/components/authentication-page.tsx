import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { userTwoFactorQueryOptions } from '../api/user-two-factor.ts';
import { ApiKeySection } from './api-key-section.tsx';
import { TwoFactorBadge } from './two-factor-badge.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

interface AuthenticationPageProps {
  /** The user whose tab this is (`me` already resolved to an id). */
  userId: number;
}

/**
 * A user's two-factor sign-in and API key. Only the user changes them: the server acts on the
 * caller's own device and key. An administrator viewing someone else sees whether two-factor
 * sign-in is on; anyone else sees nothing of it.
 */
export function AuthenticationPage({ userId }: AuthenticationPageProps) {
  const me = useCurrentUser();
  const isAdministrator = usePermission('change_companyaccount');
  if (me.id === userId) {
    return (
      <Stack gap="lg" maw={720}>
        <TwoFactorSection otpActive={me.otp_active} email={me.email} />
        <ApiKeySection local={me.display_local_time} />
      </Stack>
    );
  }
  if (!isAdministrator) {
    return <Alert color="gray">Only the user can see their two-factor sign-in and API key.</Alert>;
  }
  return <OtherUserAuthentication userId={userId} />;
}

function OtherUserAuthentication({ userId }: { userId: number }) {
  const user = useQuery(userTwoFactorQueryOptions(userId));
  if (user.isError) return <QueryErrorAlert error={user.error} onRetry={() => void user.refetch()} />;
  return (
    <Card withBorder maw={720}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Two-factor sign-in
        </Title>
        {user.data && <TwoFactorBadge on={user.data.otpActive} />}
      </Group>
      <Text size="sm" c="dimmed">
        Only the user can turn two-factor sign-in on or off and make or end their API key.
      </Text>
    </Card>
  );
}
