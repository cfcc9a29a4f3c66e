// The ODG client's set_component_version against products holding lodash 4.17.20 (with
// CVE-2021-23337, fixed in 4.17.21): PUT /api/versionoverride/ with the SHA-1s of the
// component's extended objects, through an API key, and the /rest/ result that follows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  componentIn, fileOf, importLodashAdvisory, LODASH_FILE, listedCounts, NONE, ONE_HIGH, type ResultComponentBody, resultComponents, uploadReady,
} from '../../../test/adjusted-scans.ts';
import { auditTrail, type GroupPeople, newGroup, peopleOf } from '../../../test/adjusted-scans-users.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { fakeEngine } from '../../../test/fake-engine.ts';
import { newSession } from '../../../test/login.ts';

const MINIMIST_FILE = fileOf('node_modules/minimist/package.json', '{"name":"minimist","version":"1.2.8"}');
const FINDINGS = {
  components: [componentIn([LODASH_FILE], { name: 'lodash', version: '4.17.20' }), componentIn([MINIMIST_FILE], { name: 'minimist', version: '1.2.8' })],
  files: [LODASH_FILE, MINIMIST_FILE],
};
const DETECTED = ['4.17.20', null, ['CVE-2021-23337']];
const OVERRIDDEN = ['4.17.21', '4.17.21', []];
type Headers = Record<string, string>;

describe.each(DATABASES)('public version override API on %s', (kind) => {
  let t: TestApp;
  let people: GroupPeople;
  let managerKey: Headers;
  let groupA: number;
  let scanA: number;
  let scanA2: number;
  let scanB: number;

  const put = (headers: Headers, items: object[]) => t.app.inject({ method: 'PUT', url: '/api/versionoverride/', headers, payload: items });
  // As the ODG client sends it: group_scope null beside app_scope.
  const item = (fields: object) => ({ component: 'lodash', version: '4.17.21', objects: [LODASH_FILE.sha1], scope: 1, app_scope: scanA, group_scope: null, ...fields });
  const lodashIn = async (scanId: number) => {
    const found = (await resultComponents(t, people.admin.headers, scanId)).find((c: ResultComponentBody) => c.lib === 'lodash');
    return found && [found.version, found.custom_version, found.vulns.map((v) => v.vuln_id)];
  };
  const stored = async () => (await t.app.inject({ method: 'GET', url: '/rest/version-override/', headers: people.admin.headers })).json<{ count: number; results: { id: number }[] }>();
  const removeAll = async () => {
    for (const { id } of (await stored()).results) {
      expect((await t.app.inject({ method: 'DELETE', url: `/rest/version-override/${id}/`, headers: people.admin.headers })).statusCode).toBe(204);
    }
  };

  // The uploads are scanned and evaluated by the workers: more than the default minute on a busy machine.
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    const admin = await newSession(t.app, t.database, ['AU']);
    groupA = await newGroup(t, admin, 'Apps A');
    const groupB = await newGroup(t, admin, 'Apps B');
    people = await peopleOf(t, admin, groupA);
    const key = await t.app.inject({ method: 'POST', url: '/api/key/', headers: people.manager.headers, payload: { validity: 3600 } });
    managerKey = { authorization: `Bearer ${key.json<{ results: { key: string } }>().results.key}` };
    await importLodashAdvisory(t);
    scanA = await uploadReady(t, admin.headers, groupA, 'a.tar', FINDINGS);
    scanA2 = await uploadReady(t, admin.headers, groupA, 'a2.tar', FINDINGS);
    scanB = await uploadReady(t, admin.headers, groupB, 'b.tar', FINDINGS);
  }, 180_000);
  afterAll(() => t.close());

  it('at scope 1 sets the version of the product\'s component for its objects, and the /rest/ result shows it', async () => {
    const made = await put(managerKey, [item({ objects: [LODASH_FILE.sha1.toUpperCase()] })]);
    expect(made.statusCode, made.body).toBe(200);
    const [override] = made.json<{ results: { id: number; created: string }[] }>().results;
    expect(made.json()).toEqual({
      meta: { code: 200 },
      results: [{
        id: override?.id, component: 'lodash', version: '4.17.21', objects: [LODASH_FILE.sha1], scope: 1, app_scope: scanA, group_scope: null,
        user: people.manager.userId, created: override?.created,
      }],
    });
    expect([await lodashIn(scanA), await lodashIn(scanA2), await lodashIn(scanB)]).toEqual([OVERRIDDEN, DETECTED, DETECTED]);
    expect(await listedCounts(t, people.admin.headers, [scanA, scanA2], [NONE, ONE_HIGH])).toEqual([NONE, ONE_HIGH]);
    expect(await auditTrail(t, 'version_override.create')).toEqual([['version_override.create', `version_override:${override?.id}`, people.manager.userId]]);
    await removeAll();
    expect(await lodashIn(scanA)).toEqual(DETECTED);
  });

  it('at scope 2 holds in the group\'s products, found by the objects when no product is named', async () => {
    const missing = await put(managerKey, [item({ scope: 2, app_scope: null })]);
    expect([missing.statusCode, missing.json()]).toEqual([400, { meta: { code: 400 }, group_scope: ['Scope 2 needs the group (group_scope).'] }]);
    const made = await put(managerKey, [item({ scope: 2, app_scope: null, group_scope: groupA })]);
    expect(made.json()).toMatchObject({ meta: { code: 200 }, results: [{ scope: 2, app_scope: null, group_scope: groupA }] });
    expect([await lodashIn(scanA), await lodashIn(scanA2), await lodashIn(scanB)]).toEqual([OVERRIDDEN, OVERRIDDEN, DETECTED]);
    await removeAll();
  });

  it('refuses an object that is not the component\'s in the product, naming it, and stores nothing', async () => {
    const stranger = fileOf('node_modules/other/index.js', 'other').sha1;
    const refused = await put(managerKey, [item({ objects: [LODASH_FILE.sha1, stranger] })]);
    expect([refused.statusCode, refused.json()]).toEqual([400, {
      meta: { code: 400 }, objects: [`${stranger} is not an extended object of lodash in product ${scanA}: give the SHA-1s of its extended objects.`],
    }]);
    expect((await put(managerKey, [item({ objects: [MINIMIST_FILE.sha1] })])).json<{ objects: string[] }>().objects).toEqual([
      `${MINIMIST_FILE.sha1} is not an extended object of lodash in product ${scanA}: give the SHA-1s of its extended objects.`,
    ]);
    expect((await put(managerKey, [item({ component: 'react' })])).json()).toEqual({ meta: { code: 400 }, component: ['The product has no component of this name.'] });
    expect((await put(managerKey, [item({ scope: 2, app_scope: null, group_scope: groupA, objects: [stranger] })])).json()).toEqual({
      meta: { code: 400 }, objects: ['No product holds a component of this name with these objects: name the product (app_scope).'],
    });
    expect((await put(managerKey, [item({ objects: ['not-a-sha1'] })])).statusCode).toBe(400);
    expect((await put(managerKey, [item({ app_scope: null })])).json()).toEqual({ meta: { code: 400 }, app_scope: ['Scope 1 needs the product (app_scope).'] });
    expect((await put(managerKey, [item({ app_scope: scanB })])).json()).toEqual({ meta: { code: 400 }, app_scope: ['Invalid pk - object does not exist.'] });
    expect((await stored()).count).toBe(0);
  });

  it('makes none of a list with one override the caller may not make, or one whose scope is turned off', async () => {
    const start = (await auditTrail(t, 'version_override.')).length;
    const forbidden = await put(managerKey, [item({}), item({ scope: 3, app_scope: scanA2 })]);
    expect([forbidden.statusCode, forbidden.json()]).toEqual([403, { meta: { code: 403 }, detail: 'Override 2: You do not have permission to perform this action.' }]);
    const unknown = await put(managerKey, [item({}), item({ app_scope: scanA2, objects: [MINIMIST_FILE.sha1] })]);
    expect(unknown.json()).toEqual({
      meta: { code: 400 }, objects: [`Override 2: ${MINIMIST_FILE.sha1} is not an extended object of lodash in product ${scanA2}: give the SHA-1s of its extended objects.`],
    });
    expect((await t.app.inject({ method: 'PATCH', url: '/rest/settings/company/', headers: people.admin.headers, payload: { enable_group_version_override: false } })).statusCode).toBe(200);
    // Both refused before anything was made.
    const before = (await auditTrail(t, 'version_override.')).length;
    expect(before).toBe(start);
    const off = await put(managerKey, [item({}), item({ scope: 2, app_scope: scanA2, group_scope: groupA })]);
    expect(off.json()).toEqual({
      meta: { code: 400 },
      scope: ['Override 2: Group version overrides (scope 2) are turned off for this account: an administrator can turn them on in the account settings (enable_group_version_override).'],
    });
    expect((await t.app.inject({ method: 'PATCH', url: '/rest/settings/company/', headers: people.admin.headers, payload: { enable_group_version_override: true } })).statusCode).toBe(200);
    expect((await stored()).count).toBe(0);
    expect([await lodashIn(scanA), await lodashIn(scanA2)]).toEqual([DETECTED, DETECTED]);
    // Refused by the service after the first was made: made and removed again, as the audit trail tells.
    expect((await auditTrail(t, 'version_override.')).slice(before).map(([action]) => action)).toEqual(['version_override.create', 'version_override.delete']);
  });

  it('refuses a member without change_appcheckgroup and anonymous callers', async () => {
    const member = await put(people.member.headers, [item({})]);
    expect([member.statusCode, member.json()]).toEqual([403, { meta: { code: 403 }, detail: 'You do not have permission to perform this action.' }]);
    expect((await put({}, [item({})])).json()).toEqual({ meta: { code: 401 }, detail: 'Authentication credentials were not provided.' });
    expect((await stored()).count).toBe(0);
  });
});
