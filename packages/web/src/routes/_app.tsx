import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../components/app-layout.tsx';
import { UserMenu } from '../features/auth/components/user-menu.tsx';

export const Route = createFileRoute('/_app')({
  component: AppShellRoute,
});

function AppShellRoute() {
  return <AppLayout userMenu={<UserMenu />} />;
}
