import type { GroupPermission } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { seesAllGroups, type Viewer } from '../users/viewer.ts';
import type { GroupRecord, GroupsRepository } from './repository.ts';
import { type Group, type GroupCreateBody, type GroupListQuery, MAX_GROUP_DEPTH } from './schemas.ts';

export interface GroupsService {
  list(viewer: Viewer, query: GroupListQuery, page: PageRequest, path: string): Promise<Page<Group>>;
  get(viewer: Viewer, id: number): Promise<Group>;
  create(viewer: Viewer, body: GroupCreateBody): Promise<Group>;
}

export interface GroupsServiceDeps {
  groups: GroupsRepository;
  /** Writes a group with its audit event (modules/audit/audited.ts). */
  change: AuditedChange<{ groups: GroupsRepository }>;
}

export function createGroupsService(deps: GroupsServiceDeps): GroupsService {
  return {
    async list(viewer, query, page, path) {
      const { rows, count } = await deps.groups.list(viewer, { q: query.q, ordering: query.ordering ?? 'name' }, page);
      return pageOf(rows.map((row) => toGroup(row, viewer)), count, page, path, query);
    },

    async get(viewer, id) {
      const row = await deps.groups.findVisible(viewer, id);
      if (!row) throw new AppError('not_found');
      return toGroup(row, viewer);
    },

    async create(viewer, body) {
      const name = body.name.trim();
      if (!name) throw new AppError('group_name_blank');
      const parent = body.parent ? await deps.groups.findVisible(viewer, body.parent) : null;
      if (body.parent && !parent) throw new AppError('group_parent_not_found');
      if (parent && parent.depth >= MAX_GROUP_DEPTH) throw new AppError('group_too_deep');
      const id = await deps.change(
        (tx) => tx.groups.create({ name, description: body.description ?? '', parent: parent ?? null, createdBy: viewer.userId }),
        (created) => ({ actorId: viewer.userId, action: 'group.create', object: `group:${created}`, level: 2, details: { name, parent: body.parent ?? null } }),
      );
      return this.get(viewer, id);
    },
  };
}

/** Spec §6 group permissions the web app reads to show or hide actions. */
export function groupPermissions(role: GroupRecord['role'], viewer: Viewer): GroupPermission[] {
  if (seesAllGroups(viewer) || role === 'M') return ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'];
  if (role === 'GU') return ['view_appcheckgroup', 'upload_application'];
  return [];
}

function toGroup(row: GroupRecord, viewer: Viewer): Group {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    parent: row.parentId,
    search_path: row.searchPath,
    favourite: false,
    user_permissions: groupPermissions(row.role, viewer),
  };
}
