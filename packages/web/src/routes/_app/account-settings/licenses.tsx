import { createFileRoute } from '@tanstack/react-router';
import { licensePoliciesQueryOptions, licensePolicyListSearch, licensePolicyParams } from '../../../features/settings/api/license-policies.ts';
import { LicensePoliciesPage } from '../../../features/settings/components/license-policies-page.tsx';

export const Route = createFileRoute('/_app/account-settings/licenses')({
  validateSearch: licensePolicyListSearch.schema,
  search: { middlewares: licensePolicyListSearch.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(licensePoliciesQueryOptions(licensePolicyParams(deps))),
  component: LicensePoliciesPage,
});
