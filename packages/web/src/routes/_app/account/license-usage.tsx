import { createFileRoute } from '@tanstack/react-router';
import { licenseUsageQueryOptions } from '../../../features/account/api/license-usage.ts';
import { LicenseUsagePage } from '../../../features/account/components/license-usage-page.tsx';

export const Route = createFileRoute('/_app/account/license-usage')({
  loader: ({ context }) => context.queryClient.ensureQueryData(licenseUsageQueryOptions()),
  component: LicenseUsagePage,
});
