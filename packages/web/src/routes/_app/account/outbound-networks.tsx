import { createFileRoute } from '@tanstack/react-router';
import { outboundNetworksQueryOptions } from '../../../features/outbound-networks/api/outbound-networks.ts';
import { OutboundNetworksPage } from '../../../features/outbound-networks/components/outbound-networks-page.tsx';

export const Route = createFileRoute('/_app/account/outbound-networks')({
  loader: ({ context }) => context.queryClient.ensureQueryData(outboundNetworksQueryOptions()),
  component: OutboundNetworksPage,
});
