import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { fakeEngine } from '../../../test/fake-engine.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

interface Pattern {
  id: number;
  name: string;
  created: string;
  modified: string;
}

describe.each(DATABASES)('custom patterns on %s', (kind) => {
  let t: TestApp;
  let manager: TestSession;
  let admin: TestSession;
  let user: TestSession;

  beforeAll(async () => {
    t = await startTestApp(kind, { engine: fakeEngine() });
    manager = await newSession(t.app, t.database, ['CP']);
    admin = await newSession(t.app, t.database, ['AU']);
    user = await newSession(t.app, t.database, ['U']);
  });
  afterAll(() => t.close());

  const call = (session: TestSession | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(session ? { headers: session.headers } : {}), ...(payload ? { payload } : {}) });
  const create = async (name: string, pattern: string) => (await call(manager, 'POST', '/rest/regular-expressions/', { name, pattern })).json<Pattern>();
  const events = async () =>
    (await call(admin, 'GET', '/rest/audit-events/?limit=500'))
      .json<{ results: { action: string; object: string; level: number; actor: { email: string } | null; details: unknown }[] }>()
      .results.filter((event) => event.action.startsWith('custom_pattern.'))
      .map(({ action, object, level, actor, details }) => ({ action, object, level, actor: actor?.email, details }));

  it('adds, reads, turns off, changes and removes a pattern, each change audited', async () => {
    const added = await call(manager, 'POST', '/rest/regular-expressions/', { name: '  Build token ', pattern: 'ACME-TOKEN-[0-9a-f]{8}', description: ' CI tokens ' });
    expect(added.statusCode).toBe(201);
    const { id, created, modified } = added.json<Pattern>();
    const author = { id: manager.userId, email: manager.email };
    const stored = { id, name: 'Build token', pattern: 'ACME-TOKEN-[0-9a-f]{8}', description: 'CI tokens', enabled: true, created_by: author, created, modified };
    expect(added.json()).toEqual(stored);
    expect(modified).toBe(created);
    expect((await call(manager, 'GET', `/rest/regular-expressions/${id}/`)).json()).toEqual(stored);
    expect((await call(manager, 'GET', '/rest/regular-expressions/')).json()).toEqual({ count: 1, links: { next: null, previous: null }, results: [stored] });

    const off = await call(manager, 'PATCH', `/rest/regular-expressions/${id}/`, { enabled: false });
    expect(off.statusCode).toBe(200);
    const offModified = off.json<Pattern>().modified;
    expect(off.json()).toEqual({ ...stored, enabled: false, modified: offModified });
    expect(Date.parse(offModified)).toBeGreaterThanOrEqual(Date.parse(created));
    // The same values again change nothing and record nothing.
    expect((await call(manager, 'PATCH', `/rest/regular-expressions/${id}/`, { enabled: false, name: 'Build token' })).json()).toEqual({ ...stored, enabled: false, modified: offModified });
    const renamed = await call(manager, 'PATCH', `/rest/regular-expressions/${id}/`, { name: 'Deploy token', pattern: 'ACME-DEPLOY-[0-9]{4}' });
    expect(renamed.json()).toEqual({ ...stored, name: 'Deploy token', pattern: 'ACME-DEPLOY-[0-9]{4}', enabled: false, modified: renamed.json<Pattern>().modified });

    expect((await call(manager, 'DELETE', `/rest/regular-expressions/${id}/`)).statusCode).toBe(204);
    expect((await call(manager, 'GET', `/rest/regular-expressions/${id}/`)).json()).toEqual({ detail: 'Not found.' });
    expect((await call(manager, 'DELETE', `/rest/regular-expressions/${id}/`)).statusCode).toBe(404);
    expect((await events()).reverse()).toEqual([
      { action: 'custom_pattern.create', object: `custom_pattern:${id}`, level: 2, actor: manager.email, details: { name: 'Build token', pattern: 'ACME-TOKEN-[0-9a-f]{8}', description: 'CI tokens', enabled: true } },
      { action: 'custom_pattern.update', object: `custom_pattern:${id}`, level: 2, actor: manager.email, details: { enabled: [true, false] } },
      {
        action: 'custom_pattern.update',
        object: `custom_pattern:${id}`,
        level: 2, actor: manager.email,
        details: { name: ['Build token', 'Deploy token'], pattern: ['ACME-TOKEN-[0-9a-f]{8}', 'ACME-DEPLOY-[0-9]{4}'] },
      },
      { action: 'custom_pattern.delete', object: `custom_pattern:${id}`, level: 2, actor: manager.email, details: { name: 'Deploy token', pattern: 'ACME-DEPLOY-[0-9]{4}' } },
    ]);
  });

  it('refuses a pattern RE2 does not take, with where its error is, and one that matches the empty string', async () => {
    const cases: [string, string][] = [
      ['(a)\\1', 'Invalid RE2 pattern at position 3: invalid escape sequence: \\1'],
      ['key=(?=[A-Z])', 'Invalid RE2 pattern at position 4: invalid perl operator: (?='],
      ['token[0-9', 'Invalid RE2 pattern at position 5: missing ]: [0-9'],
      ['x*', 'The pattern matches the empty string, so it would match everywhere.'],
      ['\\b', 'The pattern matches the empty string, so it would match everywhere.'],
    ];
    for (const [pattern, message] of cases) {
      const response = await call(manager, 'POST', '/rest/regular-expressions/', { name: `Bad ${pattern}`, pattern });
      expect([response.statusCode, response.json()]).toEqual([400, { pattern: [message] }]);
    }
    const { id } = await create('Good', 'good-[0-9]+');
    const bad = await call(manager, 'PATCH', `/rest/regular-expressions/${id}/`, { pattern: '(a)\\1' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { pattern: ['Invalid RE2 pattern at position 3: invalid escape sequence: \\1'] }]);
    expect((await call(manager, 'GET', `/rest/regular-expressions/${id}/`)).json<{ pattern: string }>().pattern).toBe('good-[0-9]+');
    await call(manager, 'DELETE', `/rest/regular-expressions/${id}/`);
  });

  it('keeps names unique whatever their case, and not blank', async () => {
    const first = await create('Serial number', 'SN-[0-9]{8}');
    const second = await create('Part number', 'PN-[0-9]{8}');
    const taken = { name: ['A custom pattern with this name already exists.'] };
    const again = await call(manager, 'POST', '/rest/regular-expressions/', { name: 'SERIAL NUMBER', pattern: 'x+' });
    expect([again.statusCode, again.json()]).toEqual([400, taken]);
    const rename = await call(manager, 'PATCH', `/rest/regular-expressions/${second.id}/`, { name: 'serial Number' });
    expect([rename.statusCode, rename.json()]).toEqual([400, taken]);
    // A pattern keeps its own name in another case.
    expect((await call(manager, 'PATCH', `/rest/regular-expressions/${first.id}/`, { name: 'SERIAL number' })).json<Pattern>().name).toBe('SERIAL number');
    const blank = await call(manager, 'POST', '/rest/regular-expressions/', { name: '   ', pattern: 'x+' });
    expect([blank.statusCode, blank.json()]).toEqual([400, { name: ['This field may not be blank.'] }]);
    for (const { id } of [first, second]) await call(manager, 'DELETE', `/rest/regular-expressions/${id}/`);
  });

  it('lists some ids (at most 100), in the order asked, a page at a time', async () => {
    const [a, b, c] = [await create('beta', 'b+c'), await create('Alpha', 'a+c'), await create('gamma', 'g+c')];
    if (!a || !b || !c) throw new Error('three patterns expected');
    const names = async (query: string) => (await call(manager, 'GET', `/rest/regular-expressions/${query}`)).json<{ count: number; results: Pattern[] }>();
    expect((await names(`?id__in=${a.id},${c.id},999999`)).results.map((p) => p.name)).toEqual(['beta', 'gamma']);
    expect((await names('?ordering=name')).results.map((p) => p.name)).toEqual(['Alpha', 'beta', 'gamma']);
    expect((await names('?ordering=-name')).results.map((p) => p.name)).toEqual(['gamma', 'beta', 'Alpha']);
    expect((await names('?ordering=-id')).results.map((p) => p.id)).toEqual([c.id, b.id, a.id]);
    const page = await call(manager, 'GET', '/rest/regular-expressions/?ordering=name&limit=2');
    expect(page.json()).toEqual({ count: 3, links: { next: '/rest/regular-expressions/?ordering=name&limit=2&offset=2', previous: null }, results: [expect.objectContaining({ name: 'Alpha' }), expect.objectContaining({ name: 'beta' })] });
    const bad = await call(manager, 'GET', '/rest/regular-expressions/?id__in=1,x');
    expect([bad.statusCode, bad.json()]).toEqual([400, { id__in: ['Give comma-separated ids.'] }]);
    const many = await call(manager, 'GET', `/rest/regular-expressions/?id__in=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`);
    expect([many.statusCode, many.json()]).toEqual([400, { id__in: ['At most 100 ids per request.'] }]);
    for (const { id } of [a, b, c]) await call(manager, 'DELETE', `/rest/regular-expressions/${id}/`);
  });

  it('is for users who may manage custom patterns: administrators and CP, not other users', async () => {
    const forbidden = { detail: 'You do not have permission to perform this action.' };
    const { id } = await create('Admins too', 'adm-[0-9]+');
    for (const [method, url, payload] of [
      ['GET', '/rest/regular-expressions/', undefined],
      ['POST', '/rest/regular-expressions/', { name: 'Mine', pattern: 'm+' }],
      ['GET', `/rest/regular-expressions/${id}/`, undefined],
      ['PATCH', `/rest/regular-expressions/${id}/`, { enabled: false }],
      ['DELETE', `/rest/regular-expressions/${id}/`, undefined],
    ] as const) {
      const response = await call(user, method, url, payload);
      expect([method, url, response.statusCode, response.json()]).toEqual([method, url, 403, forbidden]);
    }
    expect((await call(null, 'GET', '/rest/regular-expressions/')).statusCode).toBe(401);
    expect((await call(admin, 'PATCH', `/rest/regular-expressions/${id}/`, { enabled: false })).json<{ enabled: boolean }>().enabled).toBe(false);
    expect((await call(admin, 'DELETE', `/rest/regular-expressions/${id}/`)).statusCode).toBe(204);
  });
});
