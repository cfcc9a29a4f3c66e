import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { api, unwrap } from '../../../lib/api-client.ts';

export function logout(): Promise<unknown> {
  return unwrap(api.POST('/rest/auth/logout/'));
}

/** Logs out, leaves for /login and only then forgets every cached answer of the session. */
export function useLogout() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: logout,
    meta: { handledStatuses: [401] },
    // Clearing first would make the open page refetch (and fail) before it unmounts.
    onSettled: async () => {
      await router.navigate({ to: '/login' });
      queryClient.clear();
    },
  });
}
