import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentIn, type Headers, LODASH_FILE, resultComponents, uploadReady } from '../../../test/adjusted-scans.ts';
import { auditTrail, type GroupPeople, newGroup, peopleOf } from '../../../test/adjusted-scans-users.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { fakeEngine } from '../../../test/fake-engine.ts';
import { newSession } from '../../../test/login.ts';

const FINDINGS = { components: [componentIn([LODASH_FILE], { name: 'lodash', version: '4.17.20', licenses: ['ISC'] })], files: [LODASH_FILE] };

describe.each(DATABASES)('licence overrides on %s', (kind) => {
  let t: TestApp;
  let people: GroupPeople;
  let groupA: number;
  let scanA: number;
  let scanB: number;

  const send = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  /** The licence shown and the overrides that hold, in order. */
  const licenceIn = async (scanId: number) => {
    const [lodash] = await resultComponents(t, people.admin.headers, scanId);
    return { license: lodash?.license, overrides: lodash?.license_overrides.map((o) => o.license_name) };
  };
  const create = async (headers: Headers, fields: object) => {
    const response = await send('POST', '/rest/license-override/', headers, { scan: scanA, component_name: 'lodash', ...fields });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number; created: string }>();
  };

  // The uploads are scanned and evaluated by the workers: more than the default minute on a busy machine.
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    const admin = await newSession(t.app, t.database, ['AU']);
    groupA = await newGroup(t, admin, 'Apps A');
    const groupB = await newGroup(t, admin, 'Apps B');
    people = await peopleOf(t, admin, groupA);
    scanA = await uploadReady(t, admin.headers, groupA, 'a.tar', FINDINGS);
    scanB = await uploadReady(t, admin.headers, groupB, 'b.tar', FINDINGS);
  }, 180_000);
  afterAll(() => t.close());

  it('shows the newest override that holds; removing it falls back to the older one, then to the detected licence', async () => {
    const { manager } = people;
    expect(await licenceIn(scanA)).toEqual({ license: ['ISC'], overrides: [] });
    const older = await create(manager.headers, { license_name: 'MIT', scope: 1, result_scope: scanA });
    expect(older).toEqual({
      id: older.id, url: `/rest/license-override/${older.id}/`, scan: scanA, component_name: 'lodash', component_version: null,
      scope: 1, group_scope: null, result_scope: scanA, license_name: 'MIT', user: manager.userId, created: older.created,
    });
    const newer = await create(manager.headers, { license_name: 'Apache-2.0 OR MIT', component_version: '4.17.20', scope: 1, result_scope: scanA });
    // A group's override is wider than the result's own: it comes after them, however new.
    const group = await create(manager.headers, { license_name: 'BSD-3-Clause', scope: 2, group_scope: groupA });
    expect(await licenceIn(scanA)).toEqual({ license: ['Apache-2.0 OR MIT'], overrides: ['Apache-2.0 OR MIT', 'MIT', 'BSD-3-Clause'] });
    expect(await licenceIn(scanB)).toEqual({ license: ['ISC'], overrides: [] });
    // The licences tab classes the licence shown.
    const licences = await send('GET', `/rest/scans/${scanA}/licenses/`, manager.headers);
    expect(licences.json<{ expression: string; policy: string }[]>().map((l) => [l.expression, l.policy])).toEqual([['Apache-2.0 OR MIT', 'PE']]);

    const listed = await send('GET', `/rest/license-override/?scan=${scanA}&component_name=LODASH&component_version=4.17.20`, manager.headers);
    expect(listed.json<{ results: { id: number }[] }>().results.map((o) => o.id)).toEqual([newer.id]);

    expect((await send('DELETE', `/rest/license-override/${newer.id}/`, manager.headers)).statusCode).toBe(204);
    expect(await licenceIn(scanA)).toEqual({ license: ['MIT'], overrides: ['MIT', 'BSD-3-Clause'] });
    const changed = await send('PATCH', `/rest/license-override/${older.id}/`, manager.headers, { license_name: 'MIT-0' });
    expect(changed.json()).toEqual({ ...older, license_name: 'MIT-0' });
    expect(await licenceIn(scanA)).toEqual({ license: ['MIT-0'], overrides: ['MIT-0', 'BSD-3-Clause'] });
    expect((await send('DELETE', `/rest/license-override/${older.id}/`, manager.headers)).statusCode).toBe(204);
    expect(await licenceIn(scanA)).toEqual({ license: ['BSD-3-Clause'], overrides: ['BSD-3-Clause'] });
    expect((await send('DELETE', `/rest/license-override/${group.id}/`, manager.headers)).statusCode).toBe(204);
    expect(await licenceIn(scanA)).toEqual({ license: ['ISC'], overrides: [] });
    expect(await auditTrail(t, 'license_override.')).toEqual([
      ['license_override.create', `license_override:${older.id}`, manager.userId],
      ['license_override.create', `license_override:${newer.id}`, manager.userId],
      ['license_override.create', `license_override:${group.id}`, manager.userId],
      ['license_override.delete', `license_override:${newer.id}`, manager.userId],
      ['license_override.update', `license_override:${older.id}`, manager.userId],
      ['license_override.delete', `license_override:${older.id}`, manager.userId],
      ['license_override.delete', `license_override:${group.id}`, manager.userId],
    ]);
  });

  it('at scope 3 holds in every scan; only an administrator changes it', async () => {
    const { admin, manager, outsider } = people;
    const global = await create(admin.headers, { license_name: 'LicenseRef-vendor-eula', scope: 3 });
    expect([await licenceIn(scanA), await licenceIn(scanB)]).toEqual([
      { license: ['LicenseRef-vendor-eula'], overrides: ['LicenseRef-vendor-eula'] },
      { license: ['LicenseRef-vendor-eula'], overrides: ['LicenseRef-vendor-eula'] },
    ]);
    expect((await send('PATCH', `/rest/license-override/${global.id}/`, manager.headers, { license_name: 'MIT' })).statusCode).toBe(403);
    expect((await send('DELETE', `/rest/license-override/${global.id}/`, outsider.headers)).statusCode).toBe(403);
    // Nothing changed: a PATCH with the stored value writes nothing.
    expect((await send('PATCH', `/rest/license-override/${global.id}/`, admin.headers, { license_name: 'LicenseRef-vendor-eula' })).statusCode).toBe(200);
    expect((await auditTrail(t, 'license_override.update')).length).toBe(1);
    expect((await send('DELETE', `/rest/license-override/${global.id}/`, admin.headers)).statusCode).toBe(204);
    expect(await licenceIn(scanB)).toEqual({ license: ['ISC'], overrides: [] });
  });

  it('refuses a licence that is not SPDX, a version the application does not have, and callers without the permission', async () => {
    const { admin, member, outsider } = people;
    const refusals = [
      [{ license_name: 'Some licence', scope: 3 }, { license_name: ['Enter an SPDX licence id or expression, or a LicenseRef, e.g. MIT, GPL-2.0-only OR MIT, LicenseRef-vendor-eula.'] }],
      [{ license_name: 'MIT OR', scope: 3 }, { license_name: ['Enter an SPDX licence id or expression, or a LicenseRef, e.g. MIT, GPL-2.0-only OR MIT, LicenseRef-vendor-eula.'] }],
      [{ license_name: 'MIT', component_version: '3.0.0', scope: 3 }, { component_version: ['The application has no component of this name at this version.'] }],
      [{ license_name: 'MIT', component_name: 'react', scope: 3 }, { component_name: ['The application has no component of this name.'] }],
      [{ license_name: 'MIT', scope: 2 }, { group_scope: ['Scope 2 needs the group (group_scope).'] }],
    ] as const;
    for (const [fields, answer] of refusals) {
      const response = await send('POST', '/rest/license-override/', admin.headers, { scan: scanA, component_name: 'lodash', ...fields });
      expect([response.statusCode, response.json()]).toEqual([400, answer]);
    }
    expect((await send('POST', '/rest/license-override/', member.headers, { scan: scanA, component_name: 'lodash', license_name: 'MIT', scope: 1, result_scope: scanA })).statusCode).toBe(403);
    expect((await send('POST', '/rest/license-override/', outsider.headers, { scan: scanA, component_name: 'lodash', license_name: 'MIT', scope: 1, result_scope: scanA })).statusCode).toBe(404);
    const own = await create(admin.headers, { license_name: 'MIT', scope: 1, result_scope: scanA });
    expect((await send('PATCH', `/rest/license-override/${own.id}/`, outsider.headers, { license_name: 'ISC' })).statusCode).toBe(404);
    expect((await send('PATCH', `/rest/license-override/${own.id}/`, member.headers, { license_name: 'ISC' })).statusCode).toBe(403);
    expect((await send('PATCH', `/rest/license-override/${own.id}/`, admin.headers, { component_version: '1.0.0' })).json()).toEqual({
      component_version: ['The application has no component of this name at this version.'],
    });
    expect((await send('DELETE', `/rest/license-override/${own.id}/`, admin.headers)).statusCode).toBe(204);
    expect((await send('GET', '/rest/license-override/', admin.headers)).json<{ count: number }>().count).toBe(0);
  });
});
