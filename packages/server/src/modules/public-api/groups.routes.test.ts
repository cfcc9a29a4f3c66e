import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

const DAY = 86_400;

describe.each(DATABASES)('/api/groups/ on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
  });
  afterAll(() => t.close());

  const create = (headers: Record<string, string>, session = alice) => t.app.inject({ method: 'POST', url: '/api/groups/', headers: { ...session.headers, ...headers } });

  it('creates a group from headers, with its settings and custom data, and reads it back', async () => {
    const parent = (await create({ name: 'Products' })).json<{ results: { id: number } }>().results.id;
    const response = await create({
      name: ' Routers ',
      description: 'Edge routers',
      parent: String(parent),
      delete_binary_after_scan: 'C',
      binary_cleanup_age: '2592000',
      product_cleanup_age: '90000',
      file_download_enabled: 'true',
      low_risk_tolerance: 'true',
      include_historical_vulnerabilities: 'false',
      cvss3_fallback: 'true',
      assume_unknown_version_as_latest: 'false',
      custom_data: '{"product_line": "edge", "OWNER": "net-team"}',
      scan_infoleak: 'false',
      code_analysis: 'true',
      scan_code_similarity: 'false',
    });
    expect(response.statusCode).toBe(201);
    const id = response.json<{ results: { id: number } }>().results.id;
    const expected = {
      id,
      name: 'Routers',
      description: 'Edge routers',
      parent,
      user_permissions: ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'],
      custom_data: { OWNER: 'net-team', PRODUCT_LINE: 'edge' },
      low_risk_tolerance: true,
      include_historical_vulnerabilities: false,
      cvss3_fallback: true,
      assume_unknown_version_as_latest: false,
      binary_cleanup_age: 30 * DAY,
      // 90,000 s is a day and an hour: kept two whole days.
      product_cleanup_age: 2 * DAY,
    };
    expect(response.json()).toEqual({ meta: { code: 201 }, results: expected });
    for (const url of [`/api/groups/${id}`, `/api/groups/${id}/`]) {
      const read = await t.app.inject({ method: 'GET', url, headers: alice.headers });
      expect([read.statusCode, read.json()]).toEqual([200, { meta: { code: 200 }, results: expected }]);
    }
    const settings = await t.app.inject({ method: 'GET', url: `/rest/groups/${id}/settings/scan/`, headers: alice.headers });
    expect(settings.json<{ historical: { override: boolean } }>().historical.override).toBe(false);
  });

  it('lists the groups the caller sees', async () => {
    const own = (await create({ name: 'Bob only' }, bob)).json<{ results: { id: number } }>().results.id;
    const listed = await t.app.inject({ method: 'GET', url: '/api/groups/', headers: bob.headers });
    expect([listed.statusCode, listed.json()]).toEqual([
      200,
      { meta: { code: 200 }, groups: [{ id: own, name: 'Bob only', description: '', parent: null, user_permissions: ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'] }] },
    ]);
    const alices = (await t.app.inject({ method: 'GET', url: '/api/groups/', headers: alice.headers })).json<{ groups: { name: string }[] }>().groups.map((g) => g.name);
    expect(alices).toEqual(expect.arrayContaining(['Products', 'Routers']));
    expect(alices).not.toContain('Bob only');
  });

  it('refuses bad headers with 400 and creates nothing', async () => {
    const count = async () => ((await t.database.db.execute('select count(*)::int as n from groups')) as unknown as { rows: { n: number }[] }).rows[0]?.n;
    const before = await count();
    const cases: [Record<string, string>, string][] = [
      [{}, "The name header is required: the new group's name."],
      [{ name: 'X', delete_binary_after_scan: 'maybe' }, 'The delete_binary_after_scan header takes C, Y or N.'],
      [{ name: 'X', binary_cleanup_age: '-5' }, 'The binary_cleanup_age header takes a number of seconds of at least 1.'],
      [{ name: 'X', cvss3_fallback: 'sure' }, 'The cvss3_fallback header takes true or false.'],
      [{ name: 'X', parent: 'top' }, 'The parent header takes a group id.'],
      [{ name: 'X', custom_data: '["not", "an object"]' }, 'The custom_data header takes a JSON object of keys (letters, digits and _) and text values, e.g. {"PRODUCT_LINE": "routers"}.'],
    ];
    for (const [headers, detail] of cases) {
      const response = await create(headers);
      expect([response.statusCode, response.json()]).toEqual([400, { meta: { code: 400 }, detail }]);
    }
    expect(await count()).toBe(before);
  });

  it('counts the products of a group and their vulnerabilities', async () => {
    const id = (await create({ name: 'Stats' })).json<{ results: { id: number } }>().results.id;
    const file = findingsFile({ components: [component({ name: 'left-pad', version: '1.3.0' })] });
    const uploaded = await t.app.inject({ method: 'PUT', url: '/api/upload/app.tar', headers: { ...alice.headers, group: String(id) }, payload: file });
    const scanId = uploaded.json<{ results: { id: number } }>().results.id;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const status = (await t.app.inject({ method: 'GET', url: `/rest/scans/${scanId}/`, headers: alice.headers })).json<{ status: string }>().status;
      if (status === 'R') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const response = await t.app.inject({ method: 'GET', url: `/api/groups/${id}/statistics`, headers: alice.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      meta: { code: 200 },
      results: {
        count: 1,
        by_status: { R: 1, B: 0, S: 0, P: 0, D: 0, F: 0 },
        by_verdict: { na: 0, verify: 0, pass: 1, vulns: 0 },
        by_highest_severity: { critical: 0, high: 0, medium: 0, low: 0, missing: 0, none: 1, unknown: 0 },
        vulnerabilities: { critical: 0, high: 0, medium: 0, low: 0, missing: 0 },
      },
    });
    const unseen = await t.app.inject({ method: 'GET', url: `/api/groups/${id}/statistics`, headers: bob.headers });
    expect([unseen.statusCode, unseen.json()]).toEqual([404, { meta: { code: 404 }, detail: 'Not found.' }]);
  });

  it('removes an empty group, refuses one holding a product or subgroup, and answers 404 to others', async () => {
    const id = (await create({ name: 'Doomed' })).json<{ results: { id: number } }>().results.id;
    const child = (await create({ name: 'Child', parent: String(id) })).json<{ results: { id: number } }>().results.id;
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/groups/${id}`, headers: alice.headers });
    expect([refused.statusCode, refused.json()]).toEqual([409, { meta: { code: 409 }, detail: 'The group still holds products or subgroups: remove them first.' }]);
    const outsider = await t.app.inject({ method: 'DELETE', url: `/api/groups/${child}/`, headers: bob.headers });
    expect(outsider.statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/groups/${child}/`, headers: alice.headers });
    expect([removed.statusCode, removed.json()]).toEqual([200, { meta: { code: 200 }, message: `Group ${child} was removed.` }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/groups/${child}`, headers: alice.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/groups/${id}`, headers: alice.headers })).statusCode).toBe(200);
    const audit = (await t.database.db.execute(`select action, object from audit_events where object = 'group:${id}' order by id`)) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((row) => row.action)).toEqual(['group.create', 'group.delete']);
  });
});
