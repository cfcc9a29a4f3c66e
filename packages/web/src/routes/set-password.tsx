import { createFileRoute } from '@tanstack/react-router';
import { z } from '../lib/zod.ts';
import { SetPasswordPage } from '../features/users/components/set-password-page.tsx';

const setPasswordSearch = z.object({
  token: z.string().max(200).catch('').default(''),
});

export const Route = createFileRoute('/set-password')({
  validateSearch: setPasswordSearch,
  component: SetPasswordRoute,
});

function SetPasswordRoute() {
  const { token } = Route.useSearch();
  return <SetPasswordPage token={token} />;
}
