// PWN's catalogue queries: GET /api/licenses, /api/components and /api/tags, with and without the slash.
import spdxIds from 'spdx-license-ids/index.json' with { type: 'json' };
import deprecatedSpdxIds from 'spdx-license-ids/deprecated.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

interface ApiLicense {
  name: string;
  type: string;
  url: string;
}

describe.each(DATABASES)('public catalogue API on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let user: TestSession;

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const licenses = async (url = '/api/licenses') => {
    const response = await get(url, user.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ meta: unknown; results: ApiLicense[] }>();
    expect(body.meta).toEqual({ code: 200 });
    return body.results;
  };
  const named = (list: ApiLicense[], ...names: string[]) => list.filter((l) => names.includes(l.name));

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await newSession(t.app, t.database, ['AU']);
    user = await newSession(t.app, t.database);
  });
  afterAll(() => t.close());

  it('lists every SPDX licence id by name with its policy class and SPDX page', async () => {
    const list = await licenses();
    expect(list).toHaveLength(new Set([...spdxIds, ...deprecatedSpdxIds]).size);
    expect(list.map((l) => l.name)).toEqual(list.map((l) => l.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(named(list, 'MIT', 'GPL-3.0-only', 'GPL-2.0', 'Glide')).toEqual([
      { name: 'GPL-2.0', type: 'restrictive', url: 'https://spdx.org/licenses/GPL-2.0.html' },
      { name: 'GPL-3.0-only', type: 'restrictive', url: 'https://spdx.org/licenses/GPL-3.0-only.html' },
      { name: 'Glide', type: 'unknown', url: 'https://spdx.org/licenses/Glide.html' },
      { name: 'MIT', type: 'permissive', url: 'https://spdx.org/licenses/MIT.html' },
    ]);
    expect(await licenses('/api/licenses/')).toEqual(list);
  });

  it('follows the account\'s policy overrides and lists its own LicenseRefs', async () => {
    for (const [license_name, policy] of [['MIT', 'RE'], ['LicenseRef-acme-eula', 'PE']]) {
      const made = await t.app.inject({ method: 'POST', url: '/rest/settings/company/licenses/', headers: admin.headers, payload: { license_name, policy } });
      expect(made.statusCode).toBe(201);
    }
    expect(named(await licenses(), 'MIT', 'LicenseRef-acme-eula')).toEqual([
      { name: 'LicenseRef-acme-eula', type: 'permissive', url: '' },
      { name: 'MIT', type: 'restrictive', url: 'https://spdx.org/licenses/MIT.html' },
    ]);
  });

  it('lists the component catalogue a page at a time, as /rest/components/ does', async () => {
    const rest = (await get('/rest/components/?limit=2&offset=0&ordering=name', user.headers)).json<{ count: number; results: unknown[] }>();
    expect(rest.count).toBeGreaterThan(2);
    const first = await get('/api/components?limit=2&ordering=name', user.headers);
    expect([first.statusCode, first.json()]).toEqual([200, { meta: { code: 200 }, count: rest.count, results: rest.results, next: '/api/components/?ordering=name&limit=2&offset=2' }]);
    const last = await get(`/api/components/?limit=2&offset=${rest.count - 1}`, user.headers);
    expect(last.json()).toMatchObject({ meta: { code: 200 }, count: rest.count, next: null });
    expect(last.json<{ results: unknown[] }>().results).toHaveLength(1);
  });

  it('lists the catalogue\'s tags with their counts, as /rest/components/tags/ does', async () => {
    const rest = (await get('/rest/components/tags/', user.headers)).json<{ count: number; results: unknown[] }>();
    expect(rest.count).toBeGreaterThan(5);
    for (const url of ['/api/tags', '/api/tags/']) {
      const tags = await get(url, user.headers);
      expect([tags.statusCode, tags.json()]).toEqual([200, { meta: { code: 200 }, count: rest.count, results: rest.results }]);
    }
  });

  it('answers 401 in the envelope without a login', async () => {
    for (const url of ['/api/licenses', '/api/components/', '/api/tags']) {
      expect((await get(url, {})).json()).toEqual({ meta: { code: 401 }, detail: 'Authentication credentials were not provided.' });
    }
  });
});
