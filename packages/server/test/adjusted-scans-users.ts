// The people of the override route tests: an administrator, a manager and a member of one
// group, and an outsider who sees none of it.
import { like } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditEvents } from '../src/db/schema/index.ts';
import type { TestApp } from './app.ts';
import { newSession, type TestSession } from './login.ts';

export interface GroupPeople {
  admin: TestSession;
  manager: TestSession;
  member: TestSession;
  outsider: TestSession;
}

export async function newGroup(t: TestApp, admin: TestSession, name: string): Promise<number> {
  const response = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: admin.headers, payload: { name } });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

/** A manager (M) and a member (GU) of the group, and an outsider. */
export async function peopleOf(t: TestApp, admin: TestSession, groupId: number): Promise<GroupPeople> {
  const [manager, member, outsider] = [await newSession(t.app, t.database), await newSession(t.app, t.database), await newSession(t.app, t.database)];
  for (const [session, role] of [[manager, 'M'], [member, 'GU']] as const) {
    const response = await t.app.inject({ method: 'POST', url: '/rest/group-memberships/', headers: admin.headers, payload: { group_id: groupId, user_id: session.userId, role } });
    expect(response.statusCode).toBe(201);
  }
  return { admin, manager, member, outsider };
}

/** The audit events whose action starts with `prefix`, oldest first, as [action, object, actor]. */
export async function auditTrail(t: TestApp, prefix: string): Promise<[string, string, number | null][]> {
  const rows = await t.database.db.select().from(auditEvents).where(like(auditEvents.action, `${prefix}%`)).orderBy(auditEvents.id);
  return rows.map((row) => [row.action, row.object, row.actorId]);
}
