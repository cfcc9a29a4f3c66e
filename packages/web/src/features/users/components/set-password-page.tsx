import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import { useSetPassword } from '../api/password.ts';
import { MIN_PASSWORD_LENGTH } from './invite-user-dialog.tsx';
import { PublicCard } from './public-card.tsx';

/** Opened from an invitation or reset mail (/set-password?token=…): choose a password, then sign in. */
export function SetPasswordPage({ token }: { token: string }) {
  const setPassword = useSetPassword();
  const [password, setPasswordValue] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string; form?: string }>({});

  if (setPassword.isSuccess) {
    return (
      <PublicCard title="Password set" intro="Your password is set.">
        <Button component={Link} to="/login" fullWidth>
          Sign in
        </Button>
      </PublicCard>
    );
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) return setErrors({ password: `Ensure this field has at least ${MIN_PASSWORD_LENGTH} characters.` });
    if (repeat !== password) return setErrors({ repeat: 'The passwords differ.' });
    setErrors({});
    setPassword.mutate(
      { token, password },
      {
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrors : {};
          setErrors({ password: fields.password?.join(' '), form: fields.token?.join(' ') ?? (fields.password ? undefined : error instanceof ApiError ? messageOf(error.body) : String(error)) });
        },
      },
    );
  };
  return (
    <PublicCard title="Choose your password" intro="At least 12 characters unless your company set another minimum. The link works once.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {!token && <Alert color="red">This link has no token: open the link from your mail again.</Alert>}
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}{' '}
              <Anchor component={Link} to="/forgot-password" size="sm">
                Ask for a new link
              </Anchor>
            </Alert>
          )}
          <PasswordInput label="New password" autoComplete="new-password" value={password} onChange={(e) => setPasswordValue(e.currentTarget.value)} error={errors.password} data-autofocus />
          <PasswordInput label="Repeat the password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} error={errors.repeat} />
          <Button type="submit" loading={setPassword.isPending} disabled={!token} fullWidth>
            Set password
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
