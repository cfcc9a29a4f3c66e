import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { User } from '../../../lib/api-schemas.ts';
import { useErrorDialogStore } from '../../../stores/error-dialog-store.ts';
import { authKeys } from '../../../lib/auth-keys.ts';

export interface LoginInput {
  email: string;
  password: string;
}

export function login(body: LoginInput): Promise<User> {
  return unwrap(api.POST('/rest/auth/login/', { body }));
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Wrong credentials are a 400 shown in the form; a 401 here is not an expired session.
    meta: { handledStatuses: [400, 401] },
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me(), user);
      useErrorDialogStore.getState().setSessionExpired(false);
    },
  });
}
