import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

const inherited = (company: unknown) => ({ override: null, effective: company, source: 'company', company });
const own = (value: unknown, company: unknown) => ({ override: value, effective: value, source: 'group', company });

describe.each(DATABASES)('group settings on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let viewer: TestSession;
  let outsider: TestSession;
  let groupId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await newSession(t.app, t.database, ['AU']);
    const user = await newSession(t.app, t.database);
    viewer = user;
    outsider = await newSession(t.app, t.database);
    groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: admin.headers, payload: { name: 'Firmware' } })).json<{ id: number }>().id;
    const joined = await t.app.inject({ method: 'POST', url: '/rest/group-memberships/', headers: admin.headers, payload: { group_id: groupId, user_id: user.userId, role: 'GU' } });
    expect(joined.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const call = (session: TestSession, method: 'GET' | 'PATCH', page: string, payload?: object, id = groupId) =>
    t.app.inject({ method, url: `/rest/groups/${id}/settings/${page}/`, headers: session.headers, ...(payload ? { payload } : {}) });
  const events = async () =>
    ((await t.database.db.execute(`select actor_id, action, object, level, details from audit_events where action = 'group.settings.update' order by id`)) as unknown as { rows: unknown[] }).rows;

  it("answers the company's values as inherited until the group overrides them", async () => {
    await t.app.inject({ method: 'PATCH', url: '/rest/settings/company/data-retention/', headers: admin.headers, payload: { delete_binaries_after_days: 90 } });
    const retention = await call(viewer, 'GET', 'data-retention');
    expect([retention.statusCode, retention.json()]).toEqual([200, { delete_binaries_after_days: inherited(90), delete_results_after_days: inherited(null) }]);
    const bom = await call(viewer, 'GET', 'bom');
    expect(bom.json()).toEqual({ sbom_format: inherited('cyclonedx'), include_vulnerabilities: inherited(false) });
    const scan = await call(viewer, 'GET', 'scan');
    expect(scan.json()).toEqual({
      reuse_existing_scan: inherited(false),
      low_risk_tolerance: inherited(false),
      historical: inherited(false),
      cvss3_fallback: inherited(true),
      assume_unknown_version_latest: inherited(false),
      include_bdsa_vulnerabilities: inherited(false),
      prioritise_nvd: inherited(false),
    });
  });

  it('overrides only the fields sent, clears an override with null, audits each change and writes nothing when nothing changes', async () => {
    const before = (await events()).length;
    const set = await call(admin, 'PATCH', 'data-retention', { delete_binaries_after_days: 7 });
    expect([set.statusCode, set.json()]).toEqual([200, { delete_binaries_after_days: own(7, 90), delete_results_after_days: inherited(null) }]);
    const bom = await call(admin, 'PATCH', 'bom', { sbom_format: 'spdx', include_vulnerabilities: false });
    expect(bom.json()).toEqual({ sbom_format: own('spdx', 'cyclonedx'), include_vulnerabilities: own(false, false) });
    const same = await call(admin, 'PATCH', 'bom', { sbom_format: 'spdx' });
    expect([same.statusCode, same.json()]).toEqual([200, { sbom_format: own('spdx', 'cyclonedx'), include_vulnerabilities: own(false, false) }]);
    const cleared = await call(admin, 'PATCH', 'bom', { include_vulnerabilities: null });
    expect(cleared.json()).toEqual({ sbom_format: own('spdx', 'cyclonedx'), include_vulnerabilities: inherited(false) });
    expect((await events()).slice(before)).toEqual([
      { actor_id: admin.userId, action: 'group.settings.update', object: `group:${groupId}`, level: 2, details: { page: 'data-retention', changes: { delete_binaries_after_days: [null, 7] } } },
      { actor_id: admin.userId, action: 'group.settings.update', object: `group:${groupId}`, level: 2, details: { page: 'bom', changes: { sbom_format: [null, 'spdx'], include_vulnerabilities: [null, false] } } },
      { actor_id: admin.userId, action: 'group.settings.update', object: `group:${groupId}`, level: 2, details: { page: 'bom', changes: { include_vulnerabilities: [false, null] } } },
    ]);
  });

  it('answers 400 with field errors for invalid values', async () => {
    const zero = await call(admin, 'PATCH', 'data-retention', { delete_results_after_days: 0 });
    expect([zero.statusCode, Object.keys(zero.json<object>())]).toEqual([400, ['delete_results_after_days']]);
    const format = await call(admin, 'PATCH', 'bom', { sbom_format: 'xml' });
    expect([format.statusCode, Object.keys(format.json<object>())]).toEqual([400, ['sbom_format']]);
  });

  it('lets members read but not change, and answers 404 to a caller who cannot see the group', async () => {
    expect((await call(viewer, 'PATCH', 'scan', { historical: true })).statusCode).toBe(403);
    expect((await call(outsider, 'GET', 'scan')).statusCode).toBe(404);
    expect((await call(admin, 'GET', 'scan', undefined, 999_999)).statusCode).toBe(404);
  });

  it("answers the group's licences to its members, 404 to others", async () => {
    const licenses = await call(viewer, 'GET', 'licenses');
    expect([licenses.statusCode, licenses.json()]).toEqual([200, { scans: 0, licenses: [] }]);
    expect((await call(outsider, 'GET', 'licenses')).statusCode).toBe(404);
  });

  it("reuses an earlier scan of the same bytes by the group's reuse_existing_scan, else the company's", async () => {
    const upload = async (name: string) => {
      const body = multipart('file', name, Buffer.from('the same bytes'));
      const response = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...admin.headers, ...body.headers }, payload: body.payload });
      return [response.statusCode, response.json<{ reused?: boolean }>().reused];
    };
    await t.app.inject({ method: 'PATCH', url: '/rest/settings/company/scan/', headers: admin.headers, payload: { reuse_existing_scan: true } });
    expect(await upload('first.bin')).toEqual([201, undefined]);
    expect(await upload('inherited.bin')).toEqual([200, true]);
    expect((await call(admin, 'PATCH', 'scan', { reuse_existing_scan: false })).json<{ reuse_existing_scan: unknown }>().reuse_existing_scan).toEqual(own(false, true));
    expect(await upload('overridden.bin')).toEqual([201, undefined]);
    await t.app.inject({ method: 'PATCH', url: '/rest/settings/company/scan/', headers: admin.headers, payload: { reuse_existing_scan: false } });
  });
});
