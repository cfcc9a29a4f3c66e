import { createFileRoute } from '@tanstack/react-router';
import { apiKeyNetworksQueryOptions } from '../../../features/account/api/api-key-networks.ts';
import { ApiKeyNetworksPage } from '../../../features/account/components/api-key-networks-page.tsx';

export const Route = createFileRoute('/_app/account/api-key-network-table')({
  loader: ({ context }) => context.queryClient.ensureQueryData(apiKeyNetworksQueryOptions()),
  component: ApiKeyNetworksPage,
});
