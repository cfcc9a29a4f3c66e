import type { ScopeResolver } from '../../lib/access.ts';
import type { AccessRepository } from './access-repository.ts';
import { groupPermissions } from './service.ts';

/** The route guard's view of groups (plugins/guard.ts): a scoped object's group and the viewer's group permissions there. */
export function createAccessService(deps: { access: AccessRepository }): ScopeResolver {
  return {
    async resolve(viewer, target) {
      const found =
        'group' in target ? await deps.access.group(viewer, target.group)
        : 'scan' in target ? await deps.access.groupOfScan(viewer, target.scan)
        : 'comment' in target ? await deps.access.groupOfComment(viewer, target.comment)
        : await deps.access.groupOfMembership(viewer, target.groupMembership);
      return found ? { groupId: found.groupId, permissions: groupPermissions(found.role, viewer) } : null;
    },
  };
}
