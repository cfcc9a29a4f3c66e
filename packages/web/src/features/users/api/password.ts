import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';

/** Public: sets the password of a mailed link's user. */
export function useSetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => unwrap(api.POST('/rest/auth/set-password/', { body })),
    meta: { handledStatuses: [400] },
  });
}

/** Public: "forgot password"; the answer is the same whether or not the email has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => unwrap(api.POST('/rest/auth/password-reset/', { body: { email } })),
    meta: { handledStatuses: [400, 409, 429] },
  });
}
