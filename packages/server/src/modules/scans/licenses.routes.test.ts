import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { uploadReady } from '../../../test/scanned.ts';

const COMPONENTS = [
  component({ name: 'busybox', version: '1.36.1', codetype: 'NA', licenses: ['GPL-2.0-only'] }),
  component({ name: 'zlib', version: '1.2.13', codetype: 'NA', licenses: ['Zlib'] }),
  component({ name: 'mpl-lib', version: '2.0.0', licenses: ['MPL-2.0'] }),
];

describe.each(DATABASES)('scan licences on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let admin: TestSession;
  let scanId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    alice = await newSession(t.app, t.database);
    admin = await newSession(t.app, t.database, ['AU']);
    ({ scanId } = await uploadReady(t.app, alice, 'Firmware', 'fw.bin', findingsFile({ components: COMPONENTS })));
  });
  afterAll(() => t.close());

  const get = (url: string, headers: object = alice.headers) => t.app.inject({ method: 'GET', url, headers: { ...headers } });
  const classes = async () => (await get(`/rest/scans/${scanId}/licenses/`)).json<{ name: string; policy: string | null; components: { lib: string }[] }[]>()
    .map((l) => [l.name, l.policy, l.components.map((c) => c.lib)]);

  it('lists each licence with its class and the components declaring it, the company overrides applied at once', async () => {
    expect(await classes()).toEqual([
      ['GPL-2.0-only', 'RE', ['busybox']],
      ['MPL-2.0', 'RE', ['mpl-lib']],
      ['Zlib', 'PE', ['zlib']],
    ]);
    const override = await t.app.inject({ method: 'POST', url: '/rest/settings/company/licenses/', headers: admin.headers, payload: { license_name: 'MPL-2.0', policy: 'PE' } });
    expect(override.statusCode).toBe(201);
    expect((await classes())[1]).toEqual(['MPL-2.0', 'PE', ['mpl-lib']]);
  });

  it('answers 404 for a scan the user cannot see and 401 without a session', async () => {
    const bob = await newSession(t.app, t.database);
    expect((await get(`/rest/scans/${scanId}/licenses/`, bob.headers)).statusCode).toBe(404);
    expect((await get(`/rest/scans/${scanId}/licenses/`, {})).statusCode).toBe(401);
  });
});
