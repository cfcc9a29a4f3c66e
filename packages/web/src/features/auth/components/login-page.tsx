import type { ReactNode } from 'react';
import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { withLoginMessagesCheck } from '../../../lib/login-messages.ts';
import { safeRedirect } from '../safe-redirect.ts';
import { LoginForm } from './login-form.tsx';

interface LoginPageProps {
  redirectTo: string | undefined;
  /** Spec §2: the single sign-on form, mounted into #login__div--sso when the company has one. */
  sso?: ReactNode;
}

export function LoginPage({ redirectTo, sso }: LoginPageProps) {
  const router = useRouter();
  const onLoggedIn = () => router.history.push(withLoginMessagesCheck(safeRedirect(redirectTo)));
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={380}>
        <Stack gap="xs" mb="md">
          <Title order={1}>Binlens</Title>
          <Text c="dimmed" size="sm">
            Log in to see what is inside your software.
          </Text>
        </Stack>
        <LoginForm onLoggedIn={onLoggedIn} />
        <Anchor component={Link} to="/forgot-password" size="sm" mt="sm" display="block">
          Forgot password?
        </Anchor>
        {sso !== undefined && <div id="login__div--sso">{sso}</div>}
      </Paper>
    </Center>
  );
}
