import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { auditedChanges } from '../audit/audited.ts';
import type { AuditEvent } from '../audit/repository.ts';
import type { Viewer } from '../users/viewer.ts';
import type { GroupMembershipRecord, GroupMembershipsRepository } from './repository.ts';
import { createGroupMembershipsService } from './service.ts';

const viewer: Viewer = { userId: 1, email: 'a@example.com', roles: [], permissions: [], sessionId: 1, csrfToken: 't' };
/** Group 10 is top-level, group 11 its subgroup. */
const PARENTS = new Map<number, number | null>([[10, null], [11, 10]]);

function fakeService(rows: GroupMembershipRecord[]) {
  const writes: string[] = [];
  const repository: GroupMembershipsRepository = {
    list: async () => ({ rows, count: rows.length }),
    findVisible: async (_viewer, id) => rows.find((r) => r.id === id),
    userExists: async (userId) => userId < 100,
    lockGroup: async (groupId) => (PARENTS.has(groupId) ? { parentId: PARENTS.get(groupId) ?? null } : undefined),
    otherManagers: async (groupId, exceptId) => rows.filter((r) => r.groupId === groupId && r.role === 'M' && r.id !== exceptId).length,
    create: async (membership) => {
      writes.push('create');
      if (rows.some((r) => r.groupId === membership.groupId && r.userId === membership.userId)) return undefined;
      const row = { id: rows.length + 1, ...membership };
      rows.push(row);
      return row;
    },
    updateRole: async (id, role) => {
      writes.push(`update ${id}`);
      const row = rows.find((r) => r.id === id);
      if (row) row.role = role;
    },
    remove: async (id) => {
      writes.push(`remove ${id}`);
      rows.splice(rows.findIndex((r) => r.id === id), 1);
    },
  };
  const audit: AuditEvent[] = [];
  const service = createGroupMembershipsService({
    memberships: repository,
    change: auditedChanges<{ memberships: GroupMembershipsRepository }>((work) => work({ memberships: repository, audit: { record: async (e) => void audit.push(e) } })),
  });
  return { service, writes, audit };
}

const failsWith = (code: string) => (e: unknown) => e instanceof AppError && e.code === code;

describe('group memberships service', () => {
  it('refuses to remove or demote the only manager of a top-level group, and writes nothing', async () => {
    const { service, writes, audit } = fakeService([{ id: 1, groupId: 10, userId: 1, role: 'M' }, { id: 2, groupId: 10, userId: 2, role: 'GU' }]);
    await expect(service.remove(viewer, 1)).rejects.toSatisfy(failsWith('membership_last_manager'));
    await expect(service.update(viewer, 1, { role: 'GU' })).rejects.toSatisfy(failsWith('membership_last_manager_role'));
    expect([writes, audit]).toEqual([[], []]);
    // A member leaves freely.
    await service.remove(viewer, 2);
    expect(writes).toEqual(['remove 2']);
  });

  it('lets the only manager of a subgroup go: the managers above still manage it', async () => {
    const { service, audit } = fakeService([{ id: 1, groupId: 11, userId: 1, role: 'M' }]);
    await service.remove(viewer, 1);
    expect(audit).toEqual([{ actorId: 1, action: 'group_membership.delete', object: 'group:11', level: 3, details: { membership: 1, user_id: 1, role: 'M' } }]);
  });

  it('writes nothing for the same role or an empty body', async () => {
    const { service, writes } = fakeService([{ id: 1, groupId: 10, userId: 1, role: 'M' }]);
    expect(await service.update(viewer, 1, { role: 'M' })).toEqual({ id: 1, group_id: 10, user_id: 1, role: 'M' });
    expect(await service.update(viewer, 1, {})).toEqual({ id: 1, group_id: 10, user_id: 1, role: 'M' });
    expect(writes).toEqual([]);
  });

  it('refuses an unknown user before writing, and a second role in one group', async () => {
    const { service, writes, audit } = fakeService([{ id: 1, groupId: 10, userId: 1, role: 'M' }]);
    await expect(service.create(viewer, { group_id: 10, user_id: 500, role: 'GU' })).rejects.toSatisfy(failsWith('membership_user_not_found'));
    expect(writes).toEqual([]);
    await expect(service.create(viewer, { group_id: 10, user_id: 1, role: 'GU' })).rejects.toSatisfy(failsWith('membership_taken'));
    expect(audit).toEqual([]);
  });
});
