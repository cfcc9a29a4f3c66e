import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

describe.each(DATABASES)('licence usage on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let admin: TestSession;
  let groupId: number;
  let otherGroupId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    alice = await newSession(t.app, t.database);
    admin = await newSession(t.app, t.database, ['AU']);
    groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Apps' } })).json<{ id: number }>().id;
    otherGroupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Tools' } })).json<{ id: number }>().id;
    const upload = async (name: string, components: ReturnType<typeof component>[], group = groupId) => {
      const body = multipart('file', name, findingsFile({ components }));
      const id = (await t.app.inject({ method: 'POST', url: `/rest/groups/${group}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload })).json<{ id: number }>().id;
      const deadline = Date.now() + 45_000;
      while (['B', 'S', 'P', 'D'].includes((await t.app.inject({ method: 'GET', url: `/rest/scans/${id}/`, headers: alice.headers })).json<{ status: string }>().status) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await upload('web.tar', [
      component({ name: 'lodash', version: '4.17.21', licenses: ['MIT'] }),
      component({ name: 'left-pad', version: '1.3.0', licenses: ['WTFPL', 'MIT'] }),
      component({ name: 'mystery', version: '1.0.0' }),
    ]);
    await upload('api.tar', [
      component({ name: 'express', version: '4.19.2', licenses: ['MIT'] }),
      component({ name: 'busybox', version: '1.36.1', licenses: ['GPL-2.0-only'] }),
    ]);
    await upload('cli.tar', [component({ name: 'zlib', version: '1.3.1', licenses: ['Zlib'] })], otherGroupId);
    const override = await t.app.inject({ method: 'POST', url: '/rest/settings/company/licenses/', headers: admin.headers, payload: { license_name: 'WTFPL', policy: 'RE' } });
    expect(override.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it("counts each licence's scans and components over the account's ready scans", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/license-usage/', headers: admin.headers });
    expect([response.statusCode, response.json()]).toEqual([200, {
      scans: 3,
      licenses: [
        { license: 'MIT', scans: 2, components: 3, policy: 'PE' },
        { license: 'GPL-2.0-only', scans: 1, components: 1, policy: 'RE' },
        { license: 'WTFPL', scans: 1, components: 1, policy: 'RE' },
        { license: 'Zlib', scans: 1, components: 1, policy: 'PE' },
      ],
    }]);
  });

  it("counts one group's scans with the group filter, and answers 404 for a group that does not exist", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/rest/license-usage/?group=${otherGroupId}`, headers: admin.headers });
    expect([response.statusCode, response.json()]).toEqual([200, { scans: 1, licenses: [{ license: 'Zlib', scans: 1, components: 1, policy: 'PE' }] }]);
    const missing = await t.app.inject({ method: 'GET', url: '/rest/license-usage/?group=999999', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/rest/license-usage/', headers: alice.headers });
    const anonymous = await t.app.inject({ method: 'GET', url: '/rest/license-usage/' });
    expect([refused.statusCode, refused.json(), anonymous.statusCode]).toEqual([403, { detail: 'You do not have permission to perform this action.' }, 401]);
  });
});
