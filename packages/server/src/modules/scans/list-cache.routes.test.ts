// The scan list and statistics keep their answers (list-cache.ts), yet every change shows in
// the very next read: a rename, a status, custom data, a membership given and taken, a group
// renamed, on both databases.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { scans } from '../../db/schema/index.ts';

describe.each(DATABASES)('cached scan lists on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;
  let group: number;
  let scanId: number;

  const get = async <T>(url: string, session: TestSession) => {
    const response = await t.app.inject({ method: 'GET', url, headers: session.headers });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };
  const names = async (query: string, session = alice) =>
    (await get<{ results: { name: string; status: string; group_name: string }[] }>(`/rest/scans/${query}`, session)).results.map((scan) => `${scan.group_name}/${scan.name} ${scan.status}`);
  const byStatus = async (session = alice) => (await get<{ by_status: Record<string, number> }>('/rest/scans/statistics/', session)).by_status;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
    group = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Routers' } })).json<{ id: number }>().id;
    const [row] = await t.database.db
      .insert(scans)
      .values({ groupId: group, filename: 'router.img', size: 10, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64), blobKey: 'seed', status: 'B' })
      .returning({ id: scans.id });
    scanId = row?.id ?? 0;
  });
  afterAll(() => t.close());

  it('shows each change in the next read, however often the same page was read before', async () => {
    const read = async () => [await names(''), await names('?q=meta:OWNER=video'), await byStatus()];
    for (let i = 0; i < 3; i += 1) expect(await read()).toEqual([['Routers/router.img B'], [], expect.objectContaining({ B: 1, R: 0 })]);

    const renamed = await t.app.inject({ method: 'PATCH', url: `/rest/scans/${scanId}/`, headers: alice.headers, payload: { name: 'router-2.img' } });
    expect(renamed.statusCode).toBe(200);
    expect(await names('')).toEqual(['Routers/router-2.img B']);

    // A worker's write, straight to the table as another process would make it.
    await t.database.db.update(scans).set({ status: 'R', componentCount: 3, vulnerabilityCounts: { critical: 0, high: 0, medium: 0, low: 0, missing: 0 } }).where(eq(scans.id, scanId));
    expect([await names(''), await byStatus()]).toEqual([['Routers/router-2.img R'], expect.objectContaining({ B: 0, R: 1 })]);

    const meta = await t.app.inject({ method: 'POST', url: '/rest/custom-data/', headers: alice.headers, payload: { product: scanId, key: 'owner', value: 'Video' } });
    expect(meta.statusCode).toBe(201);
    expect(await names('?q=meta:OWNER=video')).toEqual(['Routers/router-2.img R']);

    const groupRenamed = await t.app.inject({ method: 'PATCH', url: `/rest/groups/${group}/`, headers: alice.headers, payload: { name: 'Gateways' } });
    expect(groupRenamed.statusCode).toBe(200);
    expect(await names('')).toEqual(['Gateways/router-2.img R']);
  });

  it('follows memberships: a page another viewer reads stays theirs, and a new member sees the group at once', async () => {
    expect([await names(''), await names('', bob), (await byStatus(bob)).R]).toEqual([['Gateways/router-2.img R'], [], 0]);
    const added = await t.app.inject({ method: 'POST', url: '/rest/group-memberships/', headers: alice.headers, payload: { group_id: group, user_id: bob.userId, role: 'GU' } });
    expect(added.statusCode).toBe(201);
    expect([await names('', bob), (await byStatus(bob)).R]).toEqual([['Gateways/router-2.img R'], 1]);
    const removed = await t.app.inject({ method: 'DELETE', url: `/rest/group-memberships/${added.json<{ id: number }>().id}/`, headers: alice.headers });
    expect(removed.statusCode).toBe(204);
    expect([await names('', bob), (await byStatus(bob)).R]).toEqual([[], 0]);
  });
});
