import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useLogin, type LoginInput } from '../api/login.ts';

const loginSchema = z.object({
  email: z.string().trim().min(1, 'This field is required.'),
  password: z.string().min(1, 'This field is required.'),
});

interface LoginFormProps {
  onLoggedIn: () => void;
}

export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const { register, handleSubmit, setError, formState } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    login.mutate(values, {
      onSuccess: onLoggedIn,
      onError: (error) => setFormError(applyServerErrors(error, ['email', 'password'], setError)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput label="Email" type="email" autoComplete="username" error={formState.errors.email?.message} {...register('email')} />
        {/* A plain password input: PasswordInput's toggle button would also match the label "Password". */}
        <TextInput
          label="Password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" loading={login.isPending}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
