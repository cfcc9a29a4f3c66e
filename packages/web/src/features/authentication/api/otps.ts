import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { OtpDevice } from '../../../lib/api-schemas.ts';
import { authKeys } from '../../../lib/auth-keys.ts';
import { authenticationKeys } from './keys.ts';

/** The signed-in user's authenticator device, or null: GET /rest/otps/ lists at most one. */
export async function getOtpDevice(signal?: AbortSignal): Promise<OtpDevice | null> {
  const page = await unwrap(api.GET('/rest/otps/', { signal }));
  return page.results[0] ?? null;
}

export const otpDeviceQueryOptions = () =>
  queryOptions({ queryKey: authenticationKeys.otps(), queryFn: ({ signal }) => getOtpDevice(signal) });

export function useEnrolOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/rest/otps/')),
    onSuccess: (device) => queryClient.setQueryData(authenticationKeys.otps(), device),
  });
}

/** A code from the app confirms the device; the user's otp_active turns on. */
export function useConfirmOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => unwrap(api.POST('/rest/otps/confirm/', { body: { code } })),
    meta: { handledStatuses: [400] },
    onSuccess: async (device) => {
      queryClient.setQueryData(authenticationKeys.otps(), device);
      await queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}

export type OtpProof = { password: string } | { code: string };

/** Turns two-factor sign-in off, proven with the password or a current code. */
export function useDisableOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: OtpProof) => unwrap(api.DELETE('/rest/otps/', { body: proof })),
    meta: { handledStatuses: [400] },
    onSuccess: async () => {
      queryClient.setQueryData(authenticationKeys.otps(), null);
      await queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}
