// The ODG client's triage calls (get_triages, add_triage_raw) against a product holding lodash
// 4.17.20 with CVE-2021-23337 (GHSA-35jh-r3h4-6jhm from the knowledge base), through an API key
// (Bearer) and HTTP Basic, answers parsed as the client parses them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { componentIn, fileOf, importLodashAdvisory, LODASH_FILE, listedCounts, NONE, ONE_HIGH, resultComponents, uploadReady } from '../../../test/adjusted-scans.ts';
import { newGroup } from '../../../test/adjusted-scans-users.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { fakeEngine } from '../../../test/fake-engine.ts';
import { createUser, login, newSession, type TestSession } from '../../../test/login.ts';

const CVE = 'CVE-2021-23337';
const MINIMIST_FILE = fileOf('node_modules/minimist/package.json', '{"name":"minimist","version":"1.2.8"}');
const FINDINGS = {
  components: [componentIn([LODASH_FILE], { name: 'lodash', version: '4.17.20' }), componentIn([MINIMIST_FILE], { name: 'minimist', version: '1.2.8' })],
  files: [LODASH_FILE, MINIMIST_FILE],
};

interface ApiTriage {
  id: number;
  modified: string;
  scope: string;
}
type Headers = Record<string, string>;

describe.each(DATABASES)('public triage API on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let ci: { id: number; email: string; password: string; username: string };
  let bearer: Headers;
  let basic: Headers;
  let group: number;
  let product: number;
  let other: number;

  const call = (method: 'GET' | 'PUT', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const put = (headers: Headers, fields: object) =>
    call('PUT', '/api/triage/vulnerability/', headers, { component: 'lodash', version: '4.17.20', vulns: [CVE], scope: 'R', reason: 'OT', description: 'Not reachable from CI.', ...fields });
  const triagesOf = async (scanId: number) =>
    (await resultComponents(t, admin.headers, scanId)).flatMap((c) => (c as unknown as { vulns: { vuln_id: string; triages: { rationale: string; scope: string }[] }[] }).vulns)
      .map((v) => [v.vuln_id, v.triages.map((x) => `${x.scope}:${x.rationale}`)]);
  const restCount = async () => (await call('GET', '/rest/triages/', admin.headers)).json<{ count: number }>().count;
  const removeAll = async () => {
    const ids = (await call('GET', '/rest/triages/?limit=500', admin.headers)).json<{ results: { id: number }[] }>().results.map((r) => r.id);
    if (ids.length > 0) expect((await t.app.inject({ method: 'DELETE', url: `/rest/triages/delete_list/?id__in=${ids.join(',')}`, headers: admin.headers })).statusCode).toBe(204);
  };

  // The uploads are scanned and evaluated by the workers: more than the default minute on a busy machine.
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    admin = await newSession(t.app, t.database, ['AU']);
    const made = await createUser(t.database, { roles: ['AU'] });
    const [row] = await t.database.db.select({ username: users.username }).from(users).where(eq(users.id, made.id));
    ci = { ...made, username: row?.username ?? '' };
    const session = await login(t.app, ci.email, ci.password);
    const key = await t.app.inject({ method: 'POST', url: '/api/key/', headers: session.headers, payload: { validity: 3600 } });
    bearer = { authorization: `Bearer ${key.json<{ results: { key: string } }>().results.key}` };
    basic = { authorization: `Basic ${Buffer.from(`${ci.email}:${ci.password}`).toString('base64')}` };
    group = await newGroup(t, admin, 'CI');
    await importLodashAdvisory(t);
    product = await uploadReady(t, admin.headers, group, 'router.tar', FINDINGS);
    other = await uploadReady(t, admin.headers, group, 'switch.tar', FINDINGS);
  }, 180_000);
  afterAll(() => t.close());

  it('triages a product (scope R) with a key, reads it back with HTTP Basic, and the product shows it triaged', async () => {
    const made = await put(bearer, { product_id: product });
    expect(made.statusCode, made.body).toBe(200);
    const [triage] = made.json<{ triages: ApiTriage[] }>().triages;
    const user = { id: ci.id, email: ci.email, firstname: '', lastname: '', username: ci.username };
    const record = {
      id: triage?.id, vuln_id: CVE, component: 'lodash', vendor: null, codetype: null, version: '4.17.20', modified: triage?.modified,
      scope: 'R', reason: 'OT', description: 'Not reachable from CI.', user,
    };
    expect(made.json()).toEqual({ meta: { code: 200 }, triages: [record] });
    expect(Number.isNaN(Date.parse(triage?.modified ?? ''))).toBe(false);

    const query = `component=LODASH&version=4.17.20&vuln_id=${CVE}&scope=R&description=${encodeURIComponent('Not reachable from CI.')}`;
    const read = await call('GET', `/api/triage/vulnerability/?${query}`, basic);
    expect([read.statusCode, read.json()]).toEqual([200, { meta: { code: 200 }, triages: [record] }]);
    for (const miss of ['version=4.17.21', 'scope=CA', 'vuln_id=CVE-2020-8203', 'description=Other', 'component=minimist']) {
      expect((await call('GET', `/api/triage/vulnerability/?${miss}`, bearer)).json()).toEqual({ meta: { code: 200 }, triages: [] });
    }

    expect(await triagesOf(product)).toEqual([[CVE, ['R:OT']]]);
    expect(await triagesOf(other)).toEqual([[CVE, []]]);
    expect(await listedCounts(t, admin.headers, [product, other], [NONE, ONE_HIGH])).toEqual([NONE, ONE_HIGH]);
    await removeAll();
    expect(await triagesOf(product)).toEqual([[CVE, []]]);
  });

  it('needs the group for scope G, the product for R, FN and FH, and derives the file name and hashes from the product', async () => {
    const noGroup = await put(basic, { scope: 'G' });
    expect([noGroup.statusCode, noGroup.json()]).toEqual([400, { meta: { code: 400 }, group_id: ['Scope G needs the group (group_id).'] }]);
    for (const scope of ['R', 'FN', 'FH']) {
      expect((await put(basic, { scope })).json()).toEqual({ meta: { code: 400 }, product_id: ['Scopes R, FN and FH need the product (product_id).'] });
    }
    expect(await restCount()).toBe(0);

    // G without a product: made on the newest product of the group holding lodash 4.17.20.
    const grouped = await put(basic, { scope: 'G', group_id: group, reason: 'VP' });
    expect(grouped.json<{ triages: ApiTriage[] }>().triages.map((x) => x.scope)).toEqual(['G']);
    expect([await triagesOf(product), await triagesOf(other)]).toEqual([[[CVE, ['G:VP']]], [[CVE, ['G:VP']]]]);
    await removeAll();

    expect((await put(basic, { scope: 'FN', product_id: product })).statusCode).toBe(200);
    expect((await put(basic, { scope: 'FH', product_id: other, vulns: [CVE, CVE] })).statusCode).toBe(200);
    const stored = (await call('GET', '/rest/triages/?ordering=id', admin.headers)).json<{ results: { scope: string; application_name: string | null; triaged_obj: string | null }[] }>();
    expect(stored.results.map((r) => [r.scope, r.application_name, r.triaged_obj])).toEqual([['FN', 'router.tar', null], ['FH', null, LODASH_FILE.sha1]]);
    await removeAll();
  });

  it('makes none of a request with one bad vulnerability, refuses unknown reasons and components, and refuses while triage is off', async () => {
    const mixed = await put(bearer, { product_id: product, vulns: [CVE, 'CVE-2020-8203'] });
    expect([mixed.statusCode, mixed.json()]).toEqual([400, { meta: { code: 400 }, vulns: ['CVE-2020-8203: The component has no such vulnerability in this application.'] }]);
    expect((await put(bearer, { product_id: product, reason: 'XX' })).statusCode).toBe(400);
    expect((await put(bearer, { product_id: product, version: '4.17.19' })).json())
      .toEqual({ meta: { code: 400 }, component: ['The application has no component of this name and version.'] });
    expect((await put(bearer, { scope: 'CA', component: 'react' })).json())
      .toEqual({ meta: { code: 400 }, component: ['No product holds a component of this name and version: name one that does (product_id).'] });
    expect((await put(bearer, { product_id: 999_999 })).json()).toEqual({ meta: { code: 400 }, product_id: ['Invalid pk - object does not exist.'] });
    expect(await restCount()).toBe(0);

    expect((await t.app.inject({ method: 'PATCH', url: '/rest/settings/company/', headers: admin.headers, payload: { triage_enabled: false } })).statusCode).toBe(200);
    const off = await put(bearer, { product_id: product });
    expect([off.statusCode, off.json()]).toEqual([403, {
      meta: { code: 403 }, detail: 'Triage is turned off for this account: an administrator can turn it on in the account settings (triage_enabled).',
    }]);
    expect((await t.app.inject({ method: 'PATCH', url: '/rest/settings/company/', headers: admin.headers, payload: { triage_enabled: true } })).statusCode).toBe(200);
    expect(await restCount()).toBe(0);
  });

  it('shows a product\'s triage only to who sees the product, and refuses callers without the permission or a login', async () => {
    expect((await put(bearer, { product_id: product })).statusCode).toBe(200);
    const outsider = await createUser(t.database, { roles: ['U'] });
    const outsiderBasic = { authorization: `Basic ${Buffer.from(`${outsider.email}:${outsider.password}`).toString('base64')}` };
    expect((await call('GET', '/api/triage/vulnerability/', outsiderBasic)).json()).toEqual({ meta: { code: 200 }, triages: [] });
    expect((await call('GET', '/api/triage/vulnerability/', basic)).json<{ triages: unknown[] }>().triages).toHaveLength(1);
    const refused = await put(outsiderBasic, { product_id: product });
    expect([refused.statusCode, refused.json()]).toEqual([403, { meta: { code: 403 }, detail: 'You do not have permission to perform this action.' }]);
    expect((await call('GET', '/api/triage/vulnerability/', {})).json()).toEqual({ meta: { code: 401 }, detail: 'Authentication credentials were not provided.' });
    await removeAll();
  });
});
