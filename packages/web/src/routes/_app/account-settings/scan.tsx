import { createFileRoute } from '@tanstack/react-router';
import { loadSettingsTab } from '../../../features/settings/components/load-tab.ts';
import { SettingsTabPage } from '../../../features/settings/components/settings-tab-page.tsx';

export const Route = createFileRoute('/_app/account-settings/scan')({
  loader: ({ context }) => loadSettingsTab(context.queryClient, 'scan'),
  component: ScanSettingsRoute,
});

function ScanSettingsRoute() {
  return <SettingsTabPage tab="scan" />;
}
