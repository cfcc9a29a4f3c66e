import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { OutboundNetwork, Paged } from '../../../lib/api-schemas.ts';

export const outboundNetworkKeys = {
  all: ['outbound-networks'] as const,
  list: () => [...outboundNetworkKeys.all, 'list'] as const,
};

/** Spec §9: a list read whole is read 500 at a time; an account has a handful of networks. */
export function listOutboundNetworks(signal?: AbortSignal): Promise<Paged<OutboundNetwork>> {
  return unwrap(api.GET('/rest/outbound-networks/', { params: { query: { limit: 500 } }, signal }));
}

export const outboundNetworksQueryOptions = () =>
  queryOptions({ queryKey: outboundNetworkKeys.list(), queryFn: ({ signal }) => listOutboundNetworks(signal), placeholderData: keepPreviousData });

export function useAddOutboundNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (network: string) => unwrap(api.POST('/rest/outbound-networks/', { body: { network } })),
    // 400 is shown under the field.
    meta: { handledStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboundNetworkKeys.all }),
  });
}

export function useRemoveOutboundNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/rest/outbound-networks/{id}/', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboundNetworkKeys.all }),
  });
}
