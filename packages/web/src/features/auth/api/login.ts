import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../../lib/api-client.ts';
import type { User } from '../../../lib/api-schemas.ts';
import { useErrorDialogStore } from '../../../stores/error-dialog-store.ts';
import { authKeys } from '../../../lib/auth-keys.ts';

export interface LoginInput {
  email: string;
  password: string;
  /** The authenticator code, for a user with two-factor sign-in. */
  otp?: string;
}

export function login(body: LoginInput): Promise<User> {
  return unwrap(api.POST('/rest/auth/login/', { body }));
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Wrong credentials are a 400 shown in the form; a 401 here is not an expired session but
    // the server asking for the two-factor code ({otp_required: true}).
    meta: { handledStatuses: [400, 401] },
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me(), user);
      useErrorDialogStore.getState().setSessionExpired(false);
    },
  });
}

/** The login's 401 when the password was right and the user has two-factor sign-in on. */
export function isOtpRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && typeof error.body === 'object' && error.body !== null && 'otp_required' in error.body;
}
