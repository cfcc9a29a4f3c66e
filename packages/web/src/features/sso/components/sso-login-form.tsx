import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ssoLoginHref, ssoStatusQueryOptions } from '../api/sso.ts';
import { ssoErrorMessage } from '../sso-errors.ts';

interface SsoLoginFormProps {
  redirectTo: string | undefined;
  /** `sso_error` of /login: why the last single sign-on was refused. */
  error: string | undefined;
}

/** The login page's single sign-on part: why it failed last time, and the button when it is on. */
export function SsoLoginForm({ redirectTo, error }: SsoLoginFormProps) {
  const { data: status } = useQuery(ssoStatusQueryOptions());
  if (!error && !status?.enabled) return null;
  return (
    <Stack gap="md" mt="md">
      {error && (
        <Alert color="red" role="alert" title="Single sign-on failed">
          {ssoErrorMessage(error)}
        </Alert>
      )}
      {status?.enabled && (
        <>
          <Divider label="or" labelPosition="center" />
          {/* A plain link: the server answers with a redirect to the identity provider. */}
          <Button component="a" href={ssoLoginHref(redirectTo)} variant="default" fullWidth>
            Sign in with {status.label}
          </Button>
        </>
      )}
    </Stack>
  );
}
