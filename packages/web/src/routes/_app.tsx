import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../components/app-layout.tsx';
import { UserMenu } from '../features/auth/components/user-menu.tsx';
import { guardNavigation } from '../lib/navigation-guard.ts';

export const Route = createFileRoute('/_app')({
  // Runs on every navigation inside the frame, with all matched routes (spec §2).
  beforeLoad: ({ context, matches }): Promise<void> => guardNavigation({ context, matches }),
  component: AppShellRoute,
});

function AppShellRoute() {
  return <AppLayout userMenu={<UserMenu />} />;
}
