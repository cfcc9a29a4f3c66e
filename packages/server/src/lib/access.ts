// What a route declares about who may call it, and what the guard (plugins/guard.ts) needs
// to decide it. Here rather than in modules/ so that plugins need no module.
import type { Permission, Viewer } from './viewer.ts';

/** Spec §6 group permissions: what a role on a group (or change_companyaccount) grants on it. */
export const GROUP_PERMISSIONS = ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'] as const;
export type GroupPermission = (typeof GROUP_PERMISSIONS)[number];

/**
 * Who may call a route: anyone (`public`), any signed-in user (`authenticated`), a user
 * holding an account permission, or one holding a group permission on the group the route
 * is scoped to.
 */
export type RoutePermission = 'public' | 'authenticated' | Permission | GroupPermission;

/**
 * Where the route's object id is read from: `params.id` is `/rest/groups/:id/`'s id, `query.scan` is `?scan=12`,
 * `body.group_id` a field of the validated JSON body.
 */
export type ScopePath = `params.${string}` | `query.${string}` | `body.${string}`;

/** The object a route acts on: a group, or a scan or group membership (whose group then counts). */
export type RouteScope = { group: ScopePath } | { scan: ScopePath } | { groupMembership: ScopePath } | { comment: ScopePath };

/** A route's scope with its id read from the request. */
export type ScopeTarget = { group: number } | { scan: number } | { groupMembership: number } | { comment: number };

/** A scoped object resolved for a viewer: its group and what the viewer may do there. */
export interface GroupAccess {
  groupId: number;
  permissions: GroupPermission[];
}

/** What the guard needs of the groups module (modules/groups/access-service.ts), which the composition root passes in. */
export interface ScopeResolver {
  /** The group of the object and the viewer's permissions on it; null when the viewer cannot see it. */
  resolve(viewer: Viewer, target: ScopeTarget): Promise<GroupAccess | null>;
}

export function isGroupPermission(permission: RoutePermission): permission is GroupPermission {
  return (GROUP_PERMISSIONS as readonly string[]).includes(permission);
}
