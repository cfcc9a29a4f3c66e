import { createFileRoute } from '@tanstack/react-router';
import { z } from '../lib/zod.ts';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { SsoLoginForm } from '../features/sso/components/sso-login-form.tsx';

const loginSearch = z.object({
  redirect: z.string().optional().catch(undefined),
  /** Why the last single sign-on was refused (the server's refusal code). */
  sso_error: z.string().max(64).optional().catch(undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: loginSearch,
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect, sso_error } = Route.useSearch();
  return <LoginPage redirectTo={redirect} sso={<SsoLoginForm redirectTo={redirect} error={sso_error} />} />;
}
