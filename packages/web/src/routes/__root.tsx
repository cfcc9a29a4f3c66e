import { createRootRouteWithContext, Outlet, redirect, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { ErrorDialogs } from '../components/error-dialogs.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { QueryErrorAlert } from '../components/query-error-alert.tsx';
import { currentUserQueryOptions } from '../lib/current-user.ts';
import { ApiError } from '../lib/api-client.ts';
import type { RouterContext } from '../router-context.ts';

/** Pages reached without signing in: the login page and the pages of mailed password links. */
const PUBLIC_PATHS = new Set(['/login', '/set-password', '/forgot-password']);

export const Route = createRootRouteWithContext<RouterContext>()({
  // Spec §2 "before every navigation": know who is signed in, or go to the login page.
  beforeLoad: async ({ context, location }) => {
    if (PUBLIC_PATHS.has(location.pathname)) return;
    try {
      await context.queryClient.ensureQueryData(currentUserQueryOptions());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        throw redirect({ to: '/login', search: { redirect: location.href } });
      }
      throw error;
    }
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RootError,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <ErrorDialogs />
    </>
  );
}

function RootError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Container size="sm" mt="xl">
      <QueryErrorAlert error={error} title="Binlens could not start" onRetry={() => void router.invalidate()} />
      <ErrorDialogs />
    </Container>
  );
}
