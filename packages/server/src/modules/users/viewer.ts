import type { Viewer } from '../../lib/viewer.ts';

export type { Viewer };

/** Spec §6: change_companyaccount sees every group. */
export function seesAllGroups(viewer: Viewer): boolean {
  return viewer.permissions.includes('change_companyaccount');
}
