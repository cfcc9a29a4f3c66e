import type { Permission } from './permissions.ts';

/** The authenticated caller of a request, as every service sees it. */
export interface Viewer {
  userId: number;
  email: string;
  roles: string[];
  permissions: Permission[];
  sessionId: number;
  csrfToken: string;
}

/** Spec §6: change_companyaccount sees every group. */
export function seesAllGroups(viewer: Viewer): boolean {
  return viewer.permissions.includes('change_companyaccount');
}
