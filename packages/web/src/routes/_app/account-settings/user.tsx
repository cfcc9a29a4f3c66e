import { createFileRoute } from '@tanstack/react-router';
import { loadSettingsTab } from '../../../features/settings/components/load-tab.ts';
import { SettingsTabPage } from '../../../features/settings/components/settings-tab-page.tsx';

export const Route = createFileRoute('/_app/account-settings/user')({
  loader: ({ context }) => loadSettingsTab(context.queryClient, 'user'),
  component: UserSettingsRoute,
});

function UserSettingsRoute() {
  return <SettingsTabPage tab="user" />;
}
