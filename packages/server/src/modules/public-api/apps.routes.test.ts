import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scans } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { fakeEngine } from '../../../test/fake-engine.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

interface Listing {
  meta: { code: number };
  products: { id: number; product_id: number; name: string; filename: string; sha1sum: string; status: string; custom_data: Record<string, string>; group_id: number; last_updated: string }[];
  next?: string;
}

describe.each(DATABASES)('GET /api/apps/ on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;
  let firmware: number;
  let tools: number;
  /** Product ids by file name. */
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(kind, { engine: fakeEngine() });
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
    const group = async (name: string) => (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name } })).json<{ id: number }>().id;
    firmware = await group('Firmware');
    tools = await group('Tools');
    const upload = async (name: string, groupId: number, meta: Record<string, string>) => {
      const response = await t.app.inject({ method: 'PUT', url: `/api/upload/${encodeURIComponent(name)}`, headers: { ...alice.headers, group: String(groupId), ...meta }, payload: Buffer.from(name) });
      expect(response.statusCode).toBe(201);
      ids[name] = response.json<{ results: { id: number } }>().results.id;
    };
    await upload('router-2.1.img', firmware, { 'meta-build-id': '421', 'meta-component': 'Router' });
    await upload('router-2.2.img', firmware, { 'meta-build-id': '422', 'meta-component': 'router' });
    await upload('registry_image:1.0.tar', firmware, { 'meta-component': 'Gateway' });
    await upload('cli-tool.zip', tools, { 'meta-build-id': '42' });
    await upload('50%_done.bin', tools, {});
  });
  afterAll(() => t.close());

  const list = async (url: string, session = alice): Promise<Listing> => {
    const response = await t.app.inject({ method: 'GET', url, headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Listing>();
  };
  const names = (listing: Listing) => listing.products.map((product) => product.name);

  it('lists the products the caller sees, newest first, as §3.1 entries', async () => {
    const listing = await list('/api/apps/');
    expect(names(listing)).toEqual(['50%_done.bin', 'cli-tool.zip', 'registry_image:1.0.tar', 'router-2.2.img', 'router-2.1.img']);
    expect(listing.next).toBeUndefined();
    const entry = listing.products.find((product) => product.name === 'router-2.1.img');
    expect(entry).toEqual({
      id: ids['router-2.1.img'],
      product_id: ids['router-2.1.img'],
      name: 'router-2.1.img',
      filename: 'router-2.1.img',
      sha1sum: createHash('sha1').update('router-2.1.img').digest('hex'),
      status: 'B',
      custom_data: { BUILD_ID: '421', COMPONENT: 'Router' },
      group_id: firmware,
      last_updated: entry?.last_updated,
    });
    expect((await list('/api/apps/', bob)).products).toEqual([]);
  });

  it('lists one group with /api/apps/{group_id}/, and answers 404 for a group the caller cannot see', async () => {
    expect(names(await list(`/api/apps/${tools}/`))).toEqual(['50%_done.bin', 'cli-tool.zip']);
    expect(names(await list(`/api/apps/${tools}`))).toEqual(['50%_done.bin', 'cli-tool.zip']);
    const unseen = await t.app.inject({ method: 'GET', url: `/api/apps/${tools}/`, headers: bob.headers });
    expect([unseen.statusCode, unseen.json()]).toEqual([404, { meta: { code: 404 }, detail: 'Not found.' }]);
  });

  it('matches meta:KEY=VALUE as a substring in any case, the key with - or _', async () => {
    expect(names(await list('/api/apps/?q=meta:build-id=42'))).toEqual(['cli-tool.zip', 'router-2.2.img', 'router-2.1.img']);
    expect(names(await list('/api/apps/?q=meta:BUILD_ID=422'))).toEqual(['router-2.2.img']);
    expect(names(await list('/api/apps/?q=meta:component=ROUTER'))).toEqual(['router-2.2.img', 'router-2.1.img']);
    expect(names(await list(`/api/apps/${firmware}/?q=${encodeURIComponent('meta:component=router meta:build-id=421')}`))).toEqual(['router-2.1.img']);
    expect(names(await list('/api/apps/?q=meta:component'))).toEqual(['registry_image:1.0.tar', 'router-2.2.img', 'router-2.1.img']);
    expect(names(await list('/api/apps/?q=meta:missing=1'))).toEqual([]);
  });

  it('matches file: and plain words as substrings, % and _ taken literally', async () => {
    expect(names(await list('/api/apps/?q=file:ROUTER-2'))).toEqual(['router-2.2.img', 'router-2.1.img']);
    expect(names(await list(`/api/apps/?q=${encodeURIComponent('file:50%_')}`))).toEqual(['50%_done.bin']);
    expect(names(await list(`/api/apps/?q=${encodeURIComponent('file:0%')}`))).toEqual(['50%_done.bin']);
    expect(names(await list('/api/apps/?q=tool'))).toEqual(['cli-tool.zip']);
    expect(names(await list(`/api/apps/?q=${encodeURIComponent('router 2.1')}`))).toEqual(['router-2.1.img']);
  });

  it('finds a name with a colon whether the colon came encoded once or twice (public-api.md §2.8)', async () => {
    const once = encodeURIComponent('file:registry_image:1.0');
    expect(names(await list(`/api/apps/?q=${once}`))).toEqual(['registry_image:1.0.tar']);
    expect(names(await list(`/api/apps/?q=${encodeURIComponent(once)}`))).toEqual(['registry_image:1.0.tar']);
  });

  it('pages with next until it is absent, keeping the search', async () => {
    const seen: string[] = [];
    const pages: number[] = [];
    let url: string | undefined = '/api/apps/?limit=2';
    while (url) {
      const listing: Listing = await list(url);
      seen.push(...names(listing));
      pages.push(listing.products.length);
      url = listing.next === undefined ? undefined : `${new URL(listing.next).pathname}${new URL(listing.next).search}`;
      if (listing.next) expect(listing.next).toMatch(/^http:\/\/localhost\/api\/apps\/\?after=\d+&limit=2$/);
    }
    expect(pages).toEqual([2, 2, 1]);
    expect(seen).toEqual(['50%_done.bin', 'cli-tool.zip', 'registry_image:1.0.tar', 'router-2.2.img', 'router-2.1.img']);

    const first = await list(`/api/apps/${firmware}/?q=file:router&limit=1`);
    expect(names(first)).toEqual(['router-2.2.img']);
    expect(first.next).toBe(`http://localhost/api/apps/${firmware}/?q=file%3Arouter&after=${ids['router-2.2.img']}&limit=1`);
    const second = await list(`${new URL(first.next ?? '').pathname}${new URL(first.next ?? '').search}`);
    expect([names(second), second.next]).toEqual([['router-2.1.img'], undefined]);
  });

  // Last: it moves three products out of the busy states.
  it('lists with /api/tasks/ only the products still queued or being scanned, with the same search and paging', async () => {
    expect(names(await list('/api/tasks/'))).toEqual(['50%_done.bin', 'cli-tool.zip', 'registry_image:1.0.tar', 'router-2.2.img', 'router-2.1.img']);
    const setStatus = (name: string, status: 'R' | 'F' | 'P') => t.database.db.update(scans).set({ status }).where(eq(scans.id, ids[name] ?? 0));
    await setStatus('router-2.2.img', 'R');
    await setStatus('cli-tool.zip', 'F');
    await setStatus('50%_done.bin', 'P');
    const tasks = await list('/api/tasks');
    // The public API names every busy state B (§3.1).
    expect(tasks.products.map((product) => [product.name, product.status])).toEqual([
      ['50%_done.bin', 'B'],
      ['registry_image:1.0.tar', 'B'],
      ['router-2.1.img', 'B'],
    ]);
    expect(names(await list('/api/tasks/?q=file:router'))).toEqual(['router-2.1.img']);
    const first = await list('/api/tasks/?limit=2');
    expect([names(first), first.next]).toEqual([['50%_done.bin', 'registry_image:1.0.tar'], `http://localhost/api/tasks/?after=${ids['registry_image:1.0.tar']}&limit=2`]);
    expect((await list('/api/tasks/', bob)).products).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/tasks/' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 400 for a search it cannot read', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/apps/?q=meta:a.b=1', headers: alice.headers });
    expect([response.statusCode, response.json()]).toEqual([400, { meta: { code: 400 }, q: ['"meta:a.b=1": meta: takes a key of letters, digits, - or _, e.g. meta:RELEASE=2.1.'] }]);
  });
});
