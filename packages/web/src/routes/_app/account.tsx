import { createFileRoute } from '@tanstack/react-router';
import { AccountLayout } from '../../features/account/components/account-layout.tsx';

// Spec §2: the account area needs change_companyaccount (lib/route-permissions.ts), for every tab.
export const Route = createFileRoute('/_app/account')({
  staticData: { permissions: ['change_companyaccount'] },
  component: AccountLayout,
});
