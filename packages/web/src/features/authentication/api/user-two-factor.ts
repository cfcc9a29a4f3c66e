import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import { authenticationKeys } from './keys.ts';

/** Whether another user has two-factor sign-in on: what an administrator sees on their tab. */
export const userTwoFactorQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: authenticationKeys.user(userId),
    queryFn: async ({ signal }) => {
      const user = await unwrap(api.GET('/rest/users/{id}/', { params: { path: { id: userId } }, signal }));
      return { email: user.email, otpActive: user.otp_active };
    },
  });
