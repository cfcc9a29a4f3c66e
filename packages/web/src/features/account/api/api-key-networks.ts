import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { ApiKeyNetwork, Paged } from '../../../lib/api-schemas.ts';

export const apiKeyNetworkKeys = {
  all: ['api-key-networks'] as const,
  list: () => [...apiKeyNetworkKeys.all, 'list'] as const,
};

/** Spec §9: a list read whole is read 500 at a time; an account has a handful of networks. */
export function listApiKeyNetworks(signal?: AbortSignal): Promise<Paged<ApiKeyNetwork>> {
  return unwrap(api.GET('/rest/api-key-networks/', { params: { query: { limit: 500 } }, signal }));
}

export const apiKeyNetworksQueryOptions = () =>
  queryOptions({ queryKey: apiKeyNetworkKeys.list(), queryFn: ({ signal }) => listApiKeyNetworks(signal), placeholderData: keepPreviousData });

export function useAddApiKeyNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (network: string) => unwrap(api.POST('/rest/api-key-networks/', { body: { network } })),
    // 400 is shown under the field.
    meta: { handledStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyNetworkKeys.all }),
  });
}

export function useRemoveApiKeyNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/rest/api-key-networks/{id}/', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyNetworkKeys.all }),
  });
}
