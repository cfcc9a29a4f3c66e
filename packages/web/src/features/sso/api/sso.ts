import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { SsoSettings, SsoSettingsUpdate, SsoStatus } from '../../../lib/api-schemas.ts';
import { ssoKeys } from './keys.ts';

export function getSsoSettings(signal?: AbortSignal): Promise<SsoSettings> {
  return unwrap(api.GET('/rest/settings/sso/', { signal }));
}

export const ssoSettingsQueryOptions = () => queryOptions({ queryKey: ssoKeys.settings(), queryFn: ({ signal }) => getSsoSettings(signal) });

/** Public: whether the login page offers single sign-on, and the button's label. */
export function getSsoStatus(signal?: AbortSignal): Promise<SsoStatus> {
  return unwrap(api.GET('/rest/sso/', { signal }));
}

export const ssoStatusQueryOptions = () => queryOptions({ queryKey: ssoKeys.status(), queryFn: ({ signal }) => getSsoStatus(signal) });

export function useUpdateSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsUpdate) => unwrap(api.PATCH('/rest/settings/sso/', { body })),
    meta: { handledStatuses: [400] },
    onSuccess: (settings) => {
      queryClient.setQueryData(ssoKeys.settings(), settings);
      return queryClient.invalidateQueries({ queryKey: ssoKeys.status() });
    },
  });
}

/** Where the login page's button sends the browser: the server answers with a redirect to the IdP. */
export function ssoLoginHref(redirectTo: string | undefined): string {
  return redirectTo ? `/rest/sso/login/?redirect=${encodeURIComponent(redirectTo)}` : '/rest/sso/login/';
}
