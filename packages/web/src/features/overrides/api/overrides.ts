// Version, licence and name overrides, component ignores and file moves of one scan's
// components (spec §3, §7, §9). Each change alters what the scan's evaluation shows (and,
// beyond scope 1, other scans'): it refreshes every scan's detail and the lists, whose
// counts the server's re-evaluation job updates shortly after.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type {
  ComponentIgnore, ComponentIgnoreCreate, ComponentMove, ComponentMoveCreate, LicenseOverrideCreate, VersionOverride, VersionOverrideCreate,
} from '../../../lib/api-schemas.ts';
import { scanKeyRoot } from '../../../lib/scan-keys.ts';
import { overrideKeys } from './keys.ts';

/** Spec §9: lists are read 500 at a time. */
const PAGE = 500;
/** When the re-evaluation job has most likely brought the reached scans' stored counts up to date. */
const STORED_COUNTS_DELAY_MS = 5000;

/** The version overrides of this name that reach the scan (the panel keeps those keyed by the component's files). */
export const versionOverridesQueryOptions = (scanId: number, componentName: string) =>
  queryOptions({
    queryKey: overrideKeys.versions(scanId, componentName),
    queryFn: async ({ signal }): Promise<VersionOverride[]> =>
      (await unwrap(api.GET('/rest/version-override/', { params: { query: { scan: scanId, component_name: componentName, limit: PAGE } }, signal }))).results,
  });

/** The ignores that reach the scan. */
export const componentIgnoresQueryOptions = (scanId: number) =>
  queryOptions({
    queryKey: overrideKeys.ignores(scanId),
    queryFn: async ({ signal }): Promise<ComponentIgnore[]> =>
      (await unwrap(api.GET('/rest/component-ignores/', { params: { query: { scan: scanId, limit: PAGE } }, signal }))).results,
  });

/** The files moved between the scan's components, in the order they apply. */
export const componentMovesQueryOptions = (scanId: number) =>
  queryOptions({
    queryKey: overrideKeys.moves(scanId),
    queryFn: async ({ signal }): Promise<ComponentMove[]> =>
      (await unwrap(api.GET('/rest/scans/{id}/component-adjustments/', { params: { path: { id: scanId }, query: { limit: PAGE } }, signal }))).results,
  });

/** What the user may do in the scan's group (its user_permissions). */
export const groupPermissionsQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: overrideKeys.group(groupId),
    queryFn: async ({ signal }): Promise<string[]> => (await unwrap(api.GET('/rest/groups/{id}/', { params: { path: { id: groupId } }, signal }))).user_permissions,
    staleTime: 60_000,
  });

/** A change to the scan's adjustments: 400 answers are the dialog's to show. */
function useAdjustment<V, R>(request: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    meta: { handledStatuses: [400, 403, 404, 409] },
    onSuccess: async () => {
      // The stored counts (the lists, the header's verdict) follow once the server's re-evaluation
      // job has run, which polls every 2 s: read the scans once more after it.
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: scanKeyRoot }), STORED_COUNTS_DELAY_MS);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: overrideKeys.all }),
        // Every scan the change reaches shows it in its result at once.
        queryClient.invalidateQueries({ queryKey: scanKeyRoot }),
      ]);
    },
  });
}

export const useCreateVersionOverride = () => useAdjustment((body: VersionOverrideCreate) => unwrap(api.POST('/rest/version-override/', { body })));
export const useRemoveVersionOverride = () =>
  useAdjustment((id: number) => unwrap(api.DELETE('/rest/version-override/{id}/', { params: { path: { id } } })));

export const useCreateLicenseOverride = () => useAdjustment((body: LicenseOverrideCreate) => unwrap(api.POST('/rest/license-override/', { body })));
export const useRemoveLicenseOverride = () =>
  useAdjustment((id: number) => unwrap(api.DELETE('/rest/license-override/{id}/', { params: { path: { id } } })));

/** A new display name, or a changed one when the component already has one (`id`). */
export const useRename = () =>
  useAdjustment(({ id, displayName, component }: { id: number | null; displayName: string; component: RenameTarget }) =>
    id === null
      ? unwrap(api.POST('/rest/component-name-overrides/', { body: { display_name: displayName, ...component } }))
      : unwrap(api.PATCH('/rest/component-name-overrides/{id}/', { params: { path: { id } }, body: { display_name: displayName } })));
export const useRemoveName = () =>
  useAdjustment((id: number) => unwrap(api.DELETE('/rest/component-name-overrides/{id}/', { params: { path: { id } } })));

export interface RenameTarget {
  mimir_name: string;
  mimir_codetype: string;
}

export const useIgnoreComponent = () => useAdjustment((body: ComponentIgnoreCreate) => unwrap(api.POST('/rest/component-ignores/', { body })));
export const useRemoveIgnore = () =>
  useAdjustment((id: number) => unwrap(api.DELETE('/rest/component-ignores/{id}/', { params: { path: { id } } })));

export const useMoveFiles = (scanId: number) =>
  useAdjustment((body: ComponentMoveCreate) => unwrap(api.POST('/rest/scans/{id}/component-adjustments/', { params: { path: { id: scanId } }, body })));
export const useUndoMove = (scanId: number) =>
  useAdjustment((moveId: number) => unwrap(api.DELETE('/rest/scans/{id}/component-adjustments/{moveId}/', { params: { path: { id: scanId, moveId } } })));
