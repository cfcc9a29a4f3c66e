import { createFileRoute } from '@tanstack/react-router';
import { ssoSettingsQueryOptions } from '../../../features/sso/api/sso.ts';
import { SsoSettingsPage } from '../../../features/sso/components/sso-settings-page.tsx';

export const Route = createFileRoute('/_app/account-settings/sso')({
  loader: ({ context }) => context.queryClient.ensureQueryData(ssoSettingsQueryOptions()),
  component: SsoSettingsPage,
});
