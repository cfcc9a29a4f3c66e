import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

describe.each(DATABASES)('groups report on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;
  let ids: { devices: number; routers: number; formula: number; hidden: number };

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
    const create = async (session: TestSession, name: string, parent?: number) =>
      (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: session.headers, payload: { name, ...(parent ? { parent } : {}) } })).json<{ id: number }>().id;
    const devices = await create(alice, 'Devices');
    const routers = await create(alice, 'Routers, "home"', devices);
    const formula = await create(alice, '=HYPERLINK("x")', devices);
    const hidden = await create(bob, 'Bob routers');
    ids = { devices, routers, formula, hidden };
    // Two evaluated scans in Routers and one not yet evaluated (vulnerability_counts null).
    await t.database.db.execute(`insert into scans (group_id, filename, size, sha1, sha256, blob_key, status, created_by, vulnerability_counts) values
      (${routers}, 'a.bin', 1, 'a', 'a', 'a', 'R', ${alice.userId}, '{"critical":1,"high":2,"medium":0,"low":3,"missing":0}'),
      (${routers}, 'b.bin', 1, 'b', 'b', 'b', 'R', ${alice.userId}, '{"critical":0,"high":1,"medium":4,"low":0,"missing":1}'),
      (${routers}, 'c.bin', 1, 'c', 'c', 'c', 'B', ${alice.userId}, null)`);
  });
  afterAll(() => t.close());

  const report = (session: TestSession | null, query = '') =>
    t.app.inject({ method: 'POST', url: `/rest/groups/report/${query}`, ...(session ? { headers: session.headers } : {}) });

  it('answers a CSV attachment of the groups the caller sees, with their scans and vulnerabilities', async () => {
    const response = await report(alice);
    expect([response.statusCode, response.headers['content-type'], response.headers['content-disposition']]).toEqual([
      200, 'text/csv; charset=utf-8', 'attachment; filename="groups-report.csv"',
    ]);
    // Siblings in search_path order, which compares ids as text.
    const siblings = ([[ids.routers, '"Devices / Routers, ""home""","Routers, ""home""",3,1,3,4,3,1'], [ids.formula, '"Devices / =HYPERLINK(""x"")","\'=HYPERLINK(""x"")",0,0,0,0,0,0']] as const)
      .toSorted(([a], [b]) => String(a).localeCompare(String(b)))
      .map(([, text]) => text);
    expect(response.body).toBe(['path,name,scans,critical,high,medium,low,missing', 'Devices,Devices,0,0,0,0,0,0', ...siblings, ''].join('\r\n'));
  });

  it('keeps to the groups whose name matches q, and names an ancestor the caller cannot see "…"', async () => {
    await t.database.db.execute(`insert into group_memberships (group_id, user_id, role) values (${ids.routers}, ${bob.userId}, 'GU')`);
    const response = await report(bob, '?q=router');
    expect(response.body).toBe(['path,name,scans,critical,high,medium,low,missing', '"… / Routers, ""home""","Routers, ""home""",3,1,3,4,3,1', 'Bob routers,Bob routers,0,0,0,0,0,0', ''].join('\r\n'));
  });

  it('answers 401 without a session', async () => {
    expect((await report(null)).statusCode).toBe(401);
  });
});
