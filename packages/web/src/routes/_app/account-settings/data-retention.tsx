import { createFileRoute } from '@tanstack/react-router';
import { loadSettingsTab } from '../../../features/settings/components/load-tab.ts';
import { SettingsTabPage } from '../../../features/settings/components/settings-tab-page.tsx';

export const Route = createFileRoute('/_app/account-settings/data-retention')({
  loader: ({ context }) => loadSettingsTab(context.queryClient, 'data-retention'),
  component: DataRetentionSettingsRoute,
});

function DataRetentionSettingsRoute() {
  return <SettingsTabPage tab="data-retention" />;
}
