import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  componentIn, fileOf, type Headers, importLodashAdvisory, listedCounts, LODASH_FILE, NONE, ONE_HIGH, type ResultComponentBody, resultComponents, uploadReady,
} from '../../../test/adjusted-scans.ts';
import { auditTrail, type GroupPeople, newGroup, peopleOf } from '../../../test/adjusted-scans-users.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { fakeEngine } from '../../../test/fake-engine.ts';
import { newSession } from '../../../test/login.ts';

const MINIMIST_FILE = fileOf('node_modules/minimist/package.json', '{"name":"minimist","version":"1.2.8"}');
const FINDINGS = {
  components: [componentIn([LODASH_FILE], { name: 'lodash', version: '4.17.20', licenses: ['MIT'] }), componentIn([MINIMIST_FILE], { name: 'minimist', version: '1.2.8' })],
  files: [LODASH_FILE, MINIMIST_FILE],
};

/** What the tests look at of a component: its version, as overridden, and its vulnerabilities. */
const lodashOf = (components: ResultComponentBody[]) => {
  const found = components.find((c) => c.lib === 'lodash');
  return found && { version: found.version, custom_version: found.custom_version, detected_version: found.detected_version, purl: found.purl, vulns: found.vulns.map((v) => v.vuln_id) };
};
const DETECTED = { version: '4.17.20', custom_version: null, detected_version: null, purl: 'pkg:npm/lodash@4.17.20', vulns: ['CVE-2021-23337'] };
const OVERRIDDEN = { version: '4.17.21', custom_version: '4.17.21', detected_version: '4.17.20', purl: 'pkg:npm/lodash@4.17.21', vulns: [] };

describe.each(DATABASES)('version overrides on %s', (kind) => {
  let t: TestApp;
  let people: GroupPeople;
  let groupA: number;
  let groupB: number;
  /** Two scans in group A and one in group B, each holding the same lodash file. */
  let scanA: number;
  let scanA2: number;
  let scanB: number;

  const send = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const lodashIn = async (scanId: number) => lodashOf(await resultComponents(t, people.admin.headers, scanId));
  const body = (fields: object) => ({ scan: scanA, component_name: 'lodash', hashes: [LODASH_FILE.sha1], version: '4.17.21', ...fields });

  // The uploads are scanned and evaluated by the workers: more than the default minute on a busy machine.
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    const admin = await newSession(t.app, t.database, ['AU']);
    groupA = await newGroup(t, admin, 'Apps A');
    groupB = await newGroup(t, admin, 'Apps B');
    people = await peopleOf(t, admin, groupA);
    await importLodashAdvisory(t);
    scanA = await uploadReady(t, admin.headers, groupA, 'a.tar', FINDINGS);
    scanA2 = await uploadReady(t, admin.headers, groupA, 'a2.tar', FINDINGS);
    scanB = await uploadReady(t, admin.headers, groupB, 'b.tar', FINDINGS);
  }, 180_000);
  afterAll(() => t.close());

  it('at scope 3 changes every scan\'s component and its vulnerabilities; removing it restores them', async () => {
    const { admin } = people;
    expect([await lodashIn(scanA), await lodashIn(scanB)]).toEqual([DETECTED, DETECTED]);
    expect(await listedCounts(t, admin.headers, [scanA, scanB], [ONE_HIGH, ONE_HIGH])).toEqual([ONE_HIGH, ONE_HIGH]);

    // Upper-case SHA-1s are kept lower-case.
    const created = await send('POST', '/rest/version-override/', admin.headers, body({ hashes: [LODASH_FILE.sha1.toUpperCase()], scope: 3 }));
    expect(created.statusCode).toBe(201);
    const override = created.json<{ id: number; created: string }>();
    expect(override).toEqual({
      id: override.id, url: `/rest/version-override/${override.id}/`, component_name: 'lodash', hashes: [LODASH_FILE.sha1], version: '4.17.21',
      scope: 3, group_scope: null, result_scope: null, user: admin.userId, created: override.created,
    });

    expect([await lodashIn(scanA), await lodashIn(scanA2), await lodashIn(scanB)]).toEqual([OVERRIDDEN, OVERRIDDEN, OVERRIDDEN]);
    // The other component keeps its version.
    expect((await resultComponents(t, admin.headers, scanB)).map((c) => [c.lib, c.version, c.custom_version])).toEqual([['lodash', '4.17.21', '4.17.21'], ['minimist', '1.2.8', null]]);
    expect(await listedCounts(t, admin.headers, [scanA, scanA2, scanB], [NONE, NONE, NONE])).toEqual([NONE, NONE, NONE]);
    const summary = await send('GET', `/rest/scans/${scanB}/`, admin.headers);
    expect(summary.json<{ verdict: string }>().verdict).toBe('pass');

    expect((await send('GET', `/rest/version-override/${override.id}/`, people.outsider.headers)).json()).toEqual(created.json());
    const listed = await send('GET', `/rest/version-override/?scan=${scanA}`, people.member.headers);
    expect(listed.json()).toEqual({ count: 1, results: [created.json()], links: { next: null, previous: null } });

    const removed = await send('DELETE', `/rest/version-override/${override.id}/`, admin.headers);
    expect(removed.statusCode).toBe(204);
    expect([await lodashIn(scanA), await lodashIn(scanA2), await lodashIn(scanB)]).toEqual([DETECTED, DETECTED, DETECTED]);
    expect(await listedCounts(t, admin.headers, [scanA, scanA2, scanB], [ONE_HIGH, ONE_HIGH, ONE_HIGH])).toEqual([ONE_HIGH, ONE_HIGH, ONE_HIGH]);
    expect((await send('GET', `/rest/scans/${scanB}/`, admin.headers)).json<{ verdict: string }>().verdict).toBe('vulns');
    expect((await send('GET', `/rest/version-override/${override.id}/`, admin.headers)).statusCode).toBe(404);
    expect(await auditTrail(t, 'version_override.')).toEqual([
      ['version_override.create', `version_override:${override.id}`, admin.userId],
      ['version_override.delete', `version_override:${override.id}`, admin.userId],
    ]);
  });

  it('at scope 1 touches only its scan, and only a manager of its group may remove it', async () => {
    const { manager, member, outsider } = people;
    const created = await send('POST', '/rest/version-override/', manager.headers, body({ scope: 1, result_scope: scanA }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect(created.json()).toMatchObject({ scope: 1, group_scope: null, result_scope: scanA, user: manager.userId });

    expect([await lodashIn(scanA), await lodashIn(scanA2), await lodashIn(scanB)]).toEqual([OVERRIDDEN, DETECTED, DETECTED]);
    expect(await listedCounts(t, manager.headers, [scanA, scanA2], [NONE, ONE_HIGH])).toEqual([NONE, ONE_HIGH]);
    expect((await send('GET', `/rest/version-override/?scan=${scanA2}`, manager.headers)).json<{ count: number }>().count).toBe(0);

    expect((await send('DELETE', `/rest/version-override/${id}/`, member.headers)).json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await send('GET', `/rest/version-override/${id}/`, outsider.headers)).statusCode).toBe(404);
    expect((await send('DELETE', `/rest/version-override/${id}/`, outsider.headers)).statusCode).toBe(404);
    expect((await send('DELETE', `/rest/version-override/${id}/`, manager.headers)).statusCode).toBe(204);
    expect(await lodashIn(scanA)).toEqual(DETECTED);
    expect(await listedCounts(t, manager.headers, [scanA, scanA2], [ONE_HIGH, ONE_HIGH])).toEqual([ONE_HIGH, ONE_HIGH]);
  });

  it('at scope 2 holds in the group\'s scans only; a group the user does not see is refused', async () => {
    const { manager } = people;
    const hidden = await send('POST', '/rest/version-override/', manager.headers, body({ scope: 2, group_scope: groupB }));
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json()).toEqual({ group_scope: ['Invalid pk - object does not exist.'] });
    expect((await send('POST', '/rest/version-override/', manager.headers, body({ scope: 2 }))).json()).toEqual({ group_scope: ['Scope 2 needs the group (group_scope).'] });
    expect((await send('POST', '/rest/version-override/', manager.headers, body({ scope: 3 }))).statusCode).toBe(403);

    const created = await send('POST', '/rest/version-override/', manager.headers, body({ scope: 2, group_scope: groupA }));
    expect(created.statusCode).toBe(201);
    expect([await lodashIn(scanA), await lodashIn(scanA2), await lodashIn(scanB)]).toEqual([OVERRIDDEN, OVERRIDDEN, DETECTED]);
    expect(await listedCounts(t, manager.headers, [scanA, scanA2], [NONE, NONE])).toEqual([NONE, NONE]);
    expect((await send('DELETE', `/rest/version-override/${created.json<{ id: number }>().id}/`, manager.headers)).statusCode).toBe(204);
    expect(await lodashIn(scanA2)).toEqual(DETECTED);
  });

  it('refuses a scope whose company switch is off, and stores nothing', async () => {
    const { admin } = people;
    const cases = [
      [3, { scope: 3 }, 'enable_global_version_override', 'Global version overrides (scope 3) are turned off for this account: an administrator can turn them on in the account settings (enable_global_version_override).'],
      [2, { scope: 2, group_scope: groupA }, 'enable_group_version_override', 'Group version overrides (scope 2) are turned off for this account: an administrator can turn them on in the account settings (enable_group_version_override).'],
      [1, { scope: 1, result_scope: scanA }, 'enable_product_version_override', 'Result version overrides (scope 1) are turned off for this account: an administrator can turn them on in the account settings (enable_product_version_override).'],
    ] as const;
    for (const [, fields, setting, message] of cases) {
      expect((await send('PATCH', '/rest/settings/company/', admin.headers, { [setting]: false })).statusCode).toBe(200);
      const refused = await send('POST', '/rest/version-override/', admin.headers, body(fields));
      expect([refused.statusCode, refused.json()]).toEqual([400, { scope: [message] }]);
      expect((await send('PATCH', '/rest/settings/company/', admin.headers, { [setting]: true })).statusCode).toBe(200);
    }
    expect((await send('GET', '/rest/version-override/', admin.headers)).json<{ count: number }>().count).toBe(0);
    expect(await lodashIn(scanA)).toEqual(DETECTED);
  });

  it('refuses files that are not the component\'s, an unknown component, a missing result, and callers without the permission', async () => {
    const { admin, member, outsider } = people;
    const stranger = fileOf('node_modules/other/index.js', 'other').sha1;
    const refusals = [
      [body({ scope: 3, hashes: [stranger] }), { hashes: [`${stranger} is not a file of lodash in this application: give the SHA-1s of its files (its objects).`] }],
      [body({ scope: 3, hashes: [LODASH_FILE.sha1, MINIMIST_FILE.sha1] }), { hashes: [`${MINIMIST_FILE.sha1} is not a file of lodash in this application: give the SHA-1s of its files (its objects).`] }],
      [body({ scope: 3, component_name: 'react' }), { component_name: ['The application has no component of this name.'] }],
      [body({ scope: 3, version: '  ' }), { version: ['This field may not be blank.'] }],
      [body({ scope: 1 }), { result_scope: ['Scope 1 needs the application (result_scope).'] }],
      [body({ scope: 1, result_scope: 999_999 }), { result_scope: ['Invalid pk - object does not exist.'] }],
    ] as const;
    for (const [payload, answer] of refusals) {
      const response = await send('POST', '/rest/version-override/', admin.headers, payload);
      expect([response.statusCode, response.json()]).toEqual([400, answer]);
    }
    expect((await send('POST', '/rest/version-override/', admin.headers, body({ scope: 3, hashes: [] }))).statusCode).toBe(400);
    expect((await send('POST', '/rest/version-override/', admin.headers, body({ scope: 3, hashes: ['not-a-sha1'] }))).statusCode).toBe(400);
    expect((await send('POST', '/rest/version-override/', member.headers, body({ scope: 1, result_scope: scanA }))).statusCode).toBe(403);
    expect((await send('POST', '/rest/version-override/', outsider.headers, body({ scope: 1, result_scope: scanA }))).json()).toEqual({ detail: 'Not found.' });
    expect((await send('POST', '/rest/version-override/', {}, body({ scope: 3 }))).statusCode).toBe(401);
    expect((await send('GET', `/rest/version-override/?scan=${scanA}`, outsider.headers)).statusCode).toBe(404);
    expect((await send('GET', '/rest/version-override/', admin.headers)).json<{ count: number }>().count).toBe(0);
  });
});
