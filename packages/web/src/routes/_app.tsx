import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../components/app-layout.tsx';
import { LoginMessagesDialog } from '../components/login-messages-dialog.tsx';
import { SystemStatusBanner } from '../components/system-status-banner.tsx';
import { UserMenu } from '../features/auth/components/user-menu.tsx';
import { HostedNoticesBlocker } from '../features/notices/components/hosted-notices-blocker.tsx';
import { guardNavigation } from '../lib/navigation-guard.ts';

export const Route = createFileRoute('/_app')({
  // Runs on every navigation inside the frame, with all matched routes (spec §2).
  beforeLoad: ({ context, matches, location }): Promise<void> => guardNavigation({ context, matches, location }),
  component: AppShellRoute,
});

function AppShellRoute() {
  return (
    <>
      <AppLayout userMenu={<UserMenu />} banner={<SystemStatusBanner />} />
      <LoginMessagesDialog />
      <HostedNoticesBlocker />
    </>
  );
}
