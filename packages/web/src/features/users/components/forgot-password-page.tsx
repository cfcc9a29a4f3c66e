import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import { useRequestPasswordReset } from '../api/password.ts';
import { PublicCard } from './public-card.tsx';

/** "Forgot password?": asks for a reset link; the answer never tells whether the email has an account. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError('This field is required.');
    setError(null);
    request.mutate(email.trim(), { onError: (failure) => setError(failure instanceof ApiError ? messageOf(failure.body) : String(failure)) });
  };
  return (
    <PublicCard title="Forgot your password?" intro="Give the email of your account: a link to set a new password will be mailed to it.">
      {request.isSuccess ? (
        <Alert color="green" role="status">
          {request.data.detail}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-autofocus />
            <Button type="submit" loading={request.isPending} fullWidth>
              Mail me a link
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm" mt="md" display="block">
        Back to sign in
      </Anchor>
    </PublicCard>
  );
}
