import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { auditedChanges } from '../audit/audited.ts';
import type { AuditEvent } from '../audit/repository.ts';
import type { Viewer } from '../users/viewer.ts';
import type { GroupRecord, GroupsRepository, NewGroup } from './repository.ts';
import type { ApplicationTemplateRepository } from './application-template-repository.ts';
import { createGroupsService } from './service.ts';

const viewer: Viewer = { userId: 1, email: 'a@example.com', roles: [], permissions: [], sessionId: 1, csrfToken: 't' };

function fakeRepository(visible: GroupRecord[]) {
  const created: NewGroup[] = [];
  const repository: GroupsRepository = {
    list: async () => ({ rows: visible, count: visible.length }),
    findVisible: async (_viewer, id) => visible.find((g) => g.id === id),
    create: async (group) => {
      created.push(group);
      const id = 100 + created.length;
      visible.push({ id, name: group.name, description: group.description, parentId: group.parent?.id ?? null, searchPath: `${group.parent ? `${group.parent.searchPath}.` : ''}${id}`, depth: (group.parent?.depth ?? 0) + 1, role: 'M', favourite: false });
      return id;
    },
    lockTree: async () => undefined,
    nameTaken: async (_viewer, parentId, name) => visible.some((g) => g.parentId === parentId && g.name.toLowerCase() === name.toLowerCase()),
    deepestBelow: async (place) => Math.max(...visible.filter((g) => g.searchPath === place.searchPath || g.searchPath.startsWith(`${place.searchPath}.`)).map((g) => g.depth)),
    update: async () => undefined,
    move: async () => undefined,
    setFavourite: async (_userId, groupId, favourite) => {
      const found = visible.find((g) => g.id === groupId);
      if (!found || found.favourite === favourite) return false;
      found.favourite = favourite;
      return true;
    },
    holdsAnything: async (id) => visible.some((g) => g.parentId === id),
    remove: async (id) => {
      visible.splice(visible.findIndex((g) => g.id === id), 1);
    },
  };
  return { repository, created };
}

const group = (id: number, depth: number, role: GroupRecord['role'] = 'GU'): GroupRecord => ({ id, name: `g${id}`, description: '', parentId: null, searchPath: String(id), depth, role, favourite: false });

const noTemplates: ApplicationTemplateRepository = { ofGroups: async (ids) => new Map(ids.map((id) => [id, []])), replace: async () => undefined };

/** A service whose changes run without a transaction and record no audit events. */
const serviceOver = (repository: GroupsRepository) =>
  createGroupsService({ groups: repository, templates: noTemplates, change: auditedChanges<{ groups: GroupsRepository; templates: ApplicationTemplateRepository }>((work) => work({ groups: repository, templates: noTemplates, audit: { record: async () => undefined } })) });

describe('groups service', () => {
  it('creates under a visible parent, trims the name and audits', async () => {
    const { repository, created } = fakeRepository([group(5, 3)]);
    const audit: AuditEvent[] = [];
    const change = auditedChanges<{ groups: GroupsRepository; templates: ApplicationTemplateRepository }>((work) => work({ groups: repository, templates: noTemplates, audit: { record: async (e) => void audit.push(e) } }));
    const service = createGroupsService({ groups: repository, templates: noTemplates, change });
    const result = await service.create(viewer, { name: '  Routers ', parent: 5 });
    expect(created).toEqual([{ name: 'Routers', description: '', parent: group(5, 3), createdBy: 1 }]);
    expect(result).toEqual({ id: 101, name: 'Routers', description: '', parent: 5, search_path: '5.101', favourite: false, user_permissions: ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'], application_template: [] });
    expect(audit).toEqual([{ actorId: 1, action: 'group.create', object: 'group:101', level: 2, details: { name: 'Routers', parent: 5 } }]);
  });

  it.each([
    ['an invisible parent', 9, 'group_parent_not_found'],
    ['a parent at depth 35', 5, 'group_too_deep'],
  ])('refuses %s', async (_case, parent, code) => {
    const { repository } = fakeRepository([group(5, 35)]);
    const service = serviceOver(repository);
    await expect(service.create(viewer, { name: 'x', parent })).rejects.toSatisfy((e) => e instanceof AppError && e.code === code);
  });

  it('answers not_found for an invisible group', async () => {
    const { repository } = fakeRepository([]);
    const service = serviceOver(repository);
    await expect(service.get(viewer, 3)).rejects.toSatisfy((e) => e instanceof AppError && e.code === 'not_found');
  });

  it('marks a favourite once: a second call writes nothing and records no event', async () => {
    const { repository } = fakeRepository([group(5, 1)]);
    const audit: AuditEvent[] = [];
    const service = createGroupsService({ groups: repository, templates: noTemplates, change: auditedChanges<{ groups: GroupsRepository; templates: ApplicationTemplateRepository }>((work) => work({ groups: repository, templates: noTemplates, audit: { record: async (e) => void audit.push(e) } })) });
    expect((await service.setFavourite(viewer, 5, true)).favourite).toBe(true);
    expect((await service.setFavourite(viewer, 5, true)).favourite).toBe(true);
    expect((await service.setFavourite(viewer, 5, false)).favourite).toBe(false);
    expect((await service.setFavourite(viewer, 5, false)).favourite).toBe(false);
    expect(audit).toEqual([
      { actorId: 1, action: 'group.favourite', object: 'group:5', level: 1, details: {} },
      { actorId: 1, action: 'group.unfavourite', object: 'group:5', level: 1, details: {} },
    ]);
  });
});
