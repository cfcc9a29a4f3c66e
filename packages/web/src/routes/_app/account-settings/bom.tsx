import { createFileRoute } from '@tanstack/react-router';
import { loadSettingsTab } from '../../../features/settings/components/load-tab.ts';
import { SettingsTabPage } from '../../../features/settings/components/settings-tab-page.tsx';

export const Route = createFileRoute('/_app/account-settings/bom')({
  loader: ({ context }) => loadSettingsTab(context.queryClient, 'bom'),
  component: BomSettingsRoute,
});

function BomSettingsRoute() {
  return <SettingsTabPage tab="bom" />;
}
