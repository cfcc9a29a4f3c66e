import { createFileRoute } from '@tanstack/react-router';
import { AccountSettingsLayout } from '../../features/settings/components/account-settings-layout.tsx';

// Spec §2: account settings are for holders of change_companyaccount (lib/route-permissions.ts).
export const Route = createFileRoute('/_app/account-settings')({
  staticData: { permissions: ['change_companyaccount'] },
  component: AccountSettingsLayout,
});
