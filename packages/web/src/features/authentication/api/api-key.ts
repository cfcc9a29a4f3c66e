import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../../lib/api-client.ts';
import type { ApiKeyInfo, NewApiKey } from '../../../lib/api-schemas.ts';
import { authenticationKeys } from './keys.ts';

/** The signed-in user's API key's metadata, or null when they have none (the server's 404). */
export async function getApiKey(signal?: AbortSignal): Promise<ApiKeyInfo | null> {
  try {
    return (await unwrap(api.GET('/api/key', { signal }))).results;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const apiKeyQueryOptions = () =>
  queryOptions({ queryKey: authenticationKeys.apiKey(), queryFn: ({ signal }) => getApiKey(signal), meta: { handledStatuses: [404] } });

/** A new key valid for `validity` seconds, replacing the current one; its token is in this answer only. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (validity: number): Promise<NewApiKey> => (await unwrap(api.POST('/api/key', { body: { validity } }))).results,
    meta: { handledStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authenticationKeys.apiKey() }),
  });
}

export function useInvalidateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/rest/api-keys/invalidate/')),
    onSuccess: () => queryClient.setQueryData(authenticationKeys.apiKey(), null),
  });
}
