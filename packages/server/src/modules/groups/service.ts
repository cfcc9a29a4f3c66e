import type { GroupPermission } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { seesAllGroups, type Viewer } from '../users/viewer.ts';
import type { ApplicationTemplateRepository, TemplateEntry } from './application-template-repository.ts';
import { normaliseTemplate, sameTemplate } from './application-template.ts';
import type { GroupRecord, GroupsRepository } from './repository.ts';
import { type Group, type GroupCreateBody, type GroupListQuery, type GroupUpdateBody, MAX_GROUP_DEPTH } from './schemas.ts';

export interface GroupsService {
  list(viewer: Viewer, query: GroupListQuery, page: PageRequest, path: string): Promise<Page<Group>>;
  get(viewer: Viewer, id: number): Promise<Group>;
  create(viewer: Viewer, body: GroupCreateBody): Promise<Group>;
  /** Changes what differs from the group as stored; nothing differing, nothing is written. */
  update(viewer: Viewer, id: number, body: GroupUpdateBody): Promise<Group>;
  /** Marks (true) or unmarks the group as one of the viewer's favourites; already so, nothing is written. */
  setFavourite(viewer: Viewer, id: number, favourite: boolean): Promise<Group>;
  /** Removes an empty group (no subgroup, no scan: group_not_empty otherwise), the route guard having checked change_appcheckgroup. */
  remove(viewer: Viewer, id: number): Promise<void>;
}

export interface GroupsServiceDeps {
  groups: GroupsRepository;
  templates: ApplicationTemplateRepository;
  /** Writes a group with its audit event (modules/audit/audited.ts). */
  change: AuditedChange<{ groups: GroupsRepository; templates: ApplicationTemplateRepository }>;
}

export function createGroupsService(deps: GroupsServiceDeps): GroupsService {
  const templateOf = async (id: number): Promise<TemplateEntry[]> => (await deps.templates.ofGroups([id])).get(id) ?? [];
  return {
    async list(viewer, query, page, path) {
      const { rows, count } = await deps.groups.list(viewer, { q: query.q, parent: query.parent, favourite: query.favourite, ordering: query.ordering ?? 'name' }, page);
      const templates = await deps.templates.ofGroups(rows.map((row) => row.id));
      return pageOf(rows.map((row) => toGroup(row, viewer, templates.get(row.id) ?? [])), count, page, path, query);
    },

    async get(viewer, id) {
      const row = await deps.groups.findVisible(viewer, id);
      if (!row) throw new AppError('not_found');
      return toGroup(row, viewer, await templateOf(row.id));
    },

    async create(viewer, body) {
      const name = body.name.trim();
      if (!name) throw new AppError('group_name_blank');
      const parent = body.parent ? await deps.groups.findVisible(viewer, body.parent) : null;
      if (body.parent && !parent) throw new AppError('group_parent_not_found');
      if (parent && parent.depth >= MAX_GROUP_DEPTH) throw new AppError('group_too_deep');
      const id = await deps.change(
        async (tx) => {
          await tx.groups.lockTree();
          if (await tx.groups.nameTaken(viewer, parent?.id ?? null, name)) throw new AppError('group_name_taken');
          return tx.groups.create({ name, description: body.description ?? '', parent: parent ?? null, createdBy: viewer.userId });
        },
        (created) => ({ actorId: viewer.userId, action: 'group.create', object: `group:${created}`, level: 2, details: { name, parent: body.parent ?? null } }),
      );
      return this.get(viewer, id);
    },

    async update(viewer, id, body) {
      const current = await deps.groups.findVisible(viewer, id);
      if (!current) throw new AppError('not_found');
      const changes = changesOf(current, body);
      const storedTemplate = await templateOf(id);
      const template = body.application_template === undefined ? undefined : normaliseTemplate(body.application_template);
      const templateChanged = template !== undefined && !sameTemplate(storedTemplate, template);
      if (Object.keys(changes).length === 0 && !templateChanged) return toGroup(current, viewer, storedTemplate);
      await deps.change(
        async (tx) => {
          // Read again under the lock: another request may have moved or named a group meanwhile.
          await tx.groups.lockTree();
          const group = await tx.groups.findVisible(viewer, id);
          if (!group) throw new AppError('not_found');
          let parentId = group.parentId;
          if (changes.parent !== undefined) {
            const parent = changes.parent === null ? null : await tx.groups.findVisible(viewer, changes.parent);
            if (changes.parent !== null && !parent) throw new AppError('group_parent_not_found');
            await assertCanMove(tx.groups, group, parent ?? null);
            await tx.groups.move(group, parent ?? null);
            parentId = parent?.id ?? null;
          }
          if (await tx.groups.nameTaken(viewer, parentId, changes.name ?? group.name, id)) throw new AppError('group_name_taken');
          const { parent: _parent, ...fields } = changes;
          if (Object.keys(fields).length > 0) await tx.groups.update(id, fields);
          if (templateChanged) await tx.templates.replace(id, template);
        },
        () => ({
          actorId: viewer.userId,
          action: 'group.update',
          object: `group:${id}`,
          level: 2,
          details: { ...changeDetails(current, changes), ...(templateChanged ? { application_template: [storedTemplate, template] } : {}) },
        }),
      );
      return this.get(viewer, id);
    },
    async remove(viewer, id) {
      const current = await deps.groups.findVisible(viewer, id);
      if (!current) throw new AppError('not_found');
      await deps.change(
        async (tx) => {
          // Under the tree lock: a subgroup made meanwhile is seen, and none is made under a group going away.
          await tx.groups.lockTree();
          if (await tx.groups.holdsAnything(id)) throw new AppError('group_not_empty');
          await tx.groups.remove(id);
        },
        () => ({ actorId: viewer.userId, action: 'group.delete', object: `group:${id}`, level: 3, details: { name: current.name, parent: current.parentId } }),
      );
    },
    async setFavourite(viewer, id, favourite) {
      const current = await deps.groups.findVisible(viewer, id);
      if (!current) throw new AppError('not_found');
      if (current.favourite === favourite) return toGroup(current, viewer, await templateOf(id));
      // The insert or delete is idempotent: a concurrent call that got there first leaves the group as asked all the same.
      await deps.change(
        (tx) => tx.groups.setFavourite(viewer.userId, id, favourite),
        () => ({ actorId: viewer.userId, action: favourite ? 'group.favourite' : 'group.unfavourite', object: `group:${id}`, level: 1, details: {} }),
      );
      return toGroup({ ...current, favourite }, viewer, await templateOf(id));
    },
  };
}

interface GroupChanges {
  name?: string;
  description?: string;
  /** The new parent's id (null: the top level); absent when the group stays where it is. */
  parent?: number | null;
}

/** What `body` changes of `current`: a field sent with its current value is no change. */
function changesOf(current: GroupRecord, body: GroupUpdateBody): GroupChanges {
  const changes: GroupChanges = {};
  if (body.name !== undefined) {
    const name = body.name.trim();
    if (!name) throw new AppError('group_name_blank');
    if (name !== current.name) changes.name = name;
  }
  if (body.description !== undefined && body.description !== current.description) changes.description = body.description;
  if (body.parent !== undefined && body.parent !== current.parentId) changes.parent = body.parent;
  return changes;
}

/** A group moves neither into its own subtree nor so that its subtree would nest deeper than 35. */
async function assertCanMove(groups: GroupsRepository, group: GroupRecord, parent: GroupRecord | null): Promise<void> {
  if (parent && (parent.id === group.id || parent.searchPath.startsWith(`${group.searchPath}.`))) throw new AppError('group_parent_cycle');
  const below = (await groups.deepestBelow(group)) - group.depth;
  if ((parent?.depth ?? 0) + 1 + below > MAX_GROUP_DEPTH) throw new AppError('group_too_deep');
}

/** The audit event's details: each changed field as [before, after]. */
function changeDetails(current: GroupRecord, changes: GroupChanges): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).map(([field, after]) => {
    const before = field === 'parent' ? current.parentId : current[field as 'name' | 'description'];
    return [field, [before, after]];
  }));
}

/** Spec §6 group permissions the web app reads to show or hide actions. */
export function groupPermissions(role: GroupRecord['role'], viewer: Viewer): GroupPermission[] {
  if (role === null && !seesAllGroups(viewer)) return [];
  // RU (read-only user) views what their roles let them see and changes nothing there (docs/roles.md).
  if (viewer.roles.includes('RU')) return ['view_appcheckgroup'];
  if (seesAllGroups(viewer) || role === 'M') return ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'];
  if (role === 'GU') return ['view_appcheckgroup', 'upload_application'];
  return [];
}

function toGroup(row: GroupRecord, viewer: Viewer, template: TemplateEntry[]): Group {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    parent: row.parentId,
    search_path: row.searchPath,
    favourite: row.favourite,
    user_permissions: groupPermissions(row.role, viewer),
    application_template: template,
  };
}
