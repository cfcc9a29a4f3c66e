import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '../../../lib/zod.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { isOtpRequired, useLogin, type LoginInput } from '../api/login.ts';

const loginSchema = z.object({
  email: z.string().trim().min(1, 'This field is required.'),
  password: z.string().min(1, 'This field is required.'),
  otp: z.string().trim().optional(),
});

interface LoginFormProps {
  onLoggedIn: () => void;
}

/**
 * Email and password; for a user with two-factor sign-in the server answers otp_required and
 * the form's second step asks for the authenticator code, sending the three together.
 */
export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const { register, handleSubmit, setError, setValue, formState } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', otp: '' },
  });
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const [askCode, setAskCode] = useState(false);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    const body = askCode ? values : { email: values.email, password: values.password };
    login.mutate(body, {
      onSuccess: onLoggedIn,
      onError: (error) => {
        if (isOtpRequired(error)) {
          setAskCode(true);
          return;
        }
        setFormError(applyServerErrors(error, ['email', 'password', 'otp'], setError));
      },
    });
  });

  const back = () => {
    setAskCode(false);
    setFormError(null);
    setValue('otp', '');
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Stack display={askCode ? 'none' : undefined}>
          <TextInput label="Email" type="email" autoComplete="username" error={formState.errors.email?.message} {...register('email')} />
          {/* A plain password input: PasswordInput's toggle button would also match the label "Password". */}
          <TextInput
            label="Password"
            type="password"
            autoComplete="current-password"
            error={formState.errors.password?.message}
            {...register('password')}
          />
        </Stack>
        {askCode && (
          <>
            <Text size="sm">Two-factor sign-in is on for this account. Enter the six-digit code your authenticator app shows now.</Text>
            <TextInput
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              error={formState.errors.otp?.message}
              {...register('otp')}
            />
          </>
        )}
        <Group grow>
          {askCode && (
            <Button variant="default" onClick={back}>
              Back
            </Button>
          )}
          <Button type="submit" loading={login.isPending}>
            {askCode ? 'Verify' : 'Log in'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
