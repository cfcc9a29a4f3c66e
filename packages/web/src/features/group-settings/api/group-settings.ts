import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type {
  GroupBomSettings,
  GroupBomSettingsUpdate,
  GroupRetentionSettings,
  GroupRetentionSettingsUpdate,
  GroupScanSettings,
  GroupScanSettingsUpdate,
  LicenseUsageReport,
} from '../../../lib/api-schemas.ts';

/** The group settings pages that override the company's settings. */
export interface GroupSettingsPages {
  scan: { read: GroupScanSettings; update: GroupScanSettingsUpdate };
  'data-retention': { read: GroupRetentionSettings; update: GroupRetentionSettingsUpdate };
  bom: { read: GroupBomSettings; update: GroupBomSettingsUpdate };
}
export type GroupSettingsPage = keyof GroupSettingsPages;

export const groupSettingsKeys = {
  all: ['group-settings'] as const,
  page: (groupId: number, page: GroupSettingsPage) => [...groupSettingsKeys.all, groupId, page] as const,
  group: (groupId: number) => [...groupSettingsKeys.all, groupId, 'group'] as const,
  licenses: (groupId: number) => [...groupSettingsKeys.all, groupId, 'licenses'] as const,
};

type Read<P extends GroupSettingsPage> = GroupSettingsPages[P]['read'];
type Update<P extends GroupSettingsPage> = GroupSettingsPages[P]['update'];

function getPage<P extends GroupSettingsPage>(groupId: number, page: P, signal?: AbortSignal): Promise<Read<P>> {
  const params = { path: { id: groupId } };
  switch (page) {
    case 'scan':
      return unwrap(api.GET('/rest/groups/{id}/settings/scan/', { params, signal })) as Promise<Read<P>>;
    case 'data-retention':
      return unwrap(api.GET('/rest/groups/{id}/settings/data-retention/', { params, signal })) as Promise<Read<P>>;
    default:
      return unwrap(api.GET('/rest/groups/{id}/settings/bom/', { params, signal })) as Promise<Read<P>>;
  }
}

function patchPage<P extends GroupSettingsPage>(groupId: number, page: P, body: Update<P>): Promise<Read<P>> {
  const params = { path: { id: groupId } };
  switch (page) {
    case 'scan':
      return unwrap(api.PATCH('/rest/groups/{id}/settings/scan/', { params, body: body as GroupScanSettingsUpdate })) as Promise<Read<P>>;
    case 'data-retention':
      return unwrap(api.PATCH('/rest/groups/{id}/settings/data-retention/', { params, body: body as GroupRetentionSettingsUpdate })) as Promise<Read<P>>;
    default:
      return unwrap(api.PATCH('/rest/groups/{id}/settings/bom/', { params, body: body as GroupBomSettingsUpdate })) as Promise<Read<P>>;
  }
}

export const groupSettingsQueryOptions = <P extends GroupSettingsPage>(groupId: number, page: P) =>
  queryOptions({ queryKey: groupSettingsKeys.page(groupId, page), queryFn: ({ signal }) => getPage(groupId, page, signal) });

/** Whether the caller may change the group (its user_permissions). */
export const groupChangeQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: groupSettingsKeys.group(groupId),
    queryFn: async ({ signal }) => (await unwrap(api.GET('/rest/groups/{id}/', { params: { path: { id: groupId } }, signal }))).user_permissions.includes('change_appcheckgroup'),
  });

/** The licences of the group's ready scans, with their policy class. */
export const groupLicensesQueryOptions = (groupId: number) =>
  queryOptions<LicenseUsageReport>({
    queryKey: groupSettingsKeys.licenses(groupId),
    queryFn: ({ signal }) => unwrap(api.GET('/rest/groups/{id}/settings/licenses/', { params: { path: { id: groupId } }, signal })),
  });

/** PATCH with the changed fields only; null clears an override. */
export function useUpdateGroupSettings<P extends GroupSettingsPage>(groupId: number, page: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Update<P>) => patchPage(groupId, page, body),
    // 400 field errors are shown at their fields by the form.
    meta: { handledStatuses: [400] },
    onSuccess: (settings) => queryClient.setQueryData(groupSettingsKeys.page(groupId, page), settings),
  });
}
