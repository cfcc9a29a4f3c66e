import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  componentIn, type Headers, importLodashAdvisory, listedCounts, LODASH_FILE, NONE, ONE_HIGH, resultComponents, uploadReady,
} from '../../../test/adjusted-scans.ts';
import { auditTrail, type GroupPeople, newGroup, peopleOf } from '../../../test/adjusted-scans-users.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { fakeEngine } from '../../../test/fake-engine.ts';
import { newSession } from '../../../test/login.ts';

const FINDINGS = { components: [componentIn([LODASH_FILE], { name: 'lodash', version: '4.17.20' })], files: [LODASH_FILE] };

describe.each(DATABASES)('component ignores on %s', (kind) => {
  let t: TestApp;
  let people: GroupPeople;
  let groupA: number;
  /** app.tar in group A and in group B (the same application name), other.tar in group A. */
  let appA: number;
  let appB: number;
  let other: number;

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const lodashIn = async (scanId: number) => {
    const [lodash] = await resultComponents(t, people.admin.headers, scanId);
    return { ignored: lodash?.ignored_component_ids, vulns: lodash?.vulns.map((v) => v.vuln_id) };
  };
  const SHOWN = { ignored: [], vulns: ['CVE-2021-23337'] };

  // The uploads are scanned and evaluated by the workers: more than the default minute on a busy machine.
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    const admin = await newSession(t.app, t.database, ['AU']);
    groupA = await newGroup(t, admin, 'Apps A');
    const groupB = await newGroup(t, admin, 'Apps B');
    people = await peopleOf(t, admin, groupA);
    await importLodashAdvisory(t);
    appA = await uploadReady(t, admin.headers, groupA, 'app.tar', FINDINGS);
    appB = await uploadReady(t, admin.headers, groupB, 'app.tar', FINDINGS);
    other = await uploadReady(t, admin.headers, groupA, 'other.tar', FINDINGS);
  }, 180_000);
  afterAll(() => t.close());

  it('at scope FN leaves the component out of every upload of the application name, counts included; removing it restores them', async () => {
    const { admin } = people;
    const created = await send('POST', '/rest/component-ignores/', admin.headers, {
      component_name: 'lodash', component_version: '4.17.20', description: 'Bundled for tests only', scope: 'FN', result_scope: appA,
    });
    expect(created.statusCode).toBe(201);
    const ignore = created.json<{ id: number; created: string }>();
    expect(ignore).toEqual({
      id: ignore.id, url: `/rest/component-ignores/${ignore.id}/`, scan_id: appA, component_name: 'lodash', component_version: '4.17.20',
      description: 'Bundled for tests only', scope: 'FN', group_scope: null, result_scope: null, application_name: 'app.tar', triaged_obj: null,
      user: admin.userId, created: ignore.created,
    });
    const ignored = { ignored: [String(ignore.id)], vulns: [] };
    expect([await lodashIn(appA), await lodashIn(appB), await lodashIn(other)]).toEqual([ignored, ignored, SHOWN]);
    expect(await listedCounts(t, admin.headers, [appA, appB, other], [NONE, NONE, ONE_HIGH])).toEqual([NONE, NONE, ONE_HIGH]);
    const listed = await send('GET', `/rest/component-ignores/?scan=${appB}`, admin.headers);
    expect(listed.json()).toEqual({ count: 1, results: [created.json()], links: { next: null, previous: null } });
    expect((await send('GET', `/rest/component-ignores/?scan=${other}`, admin.headers)).json<{ count: number }>().count).toBe(0);

    expect((await send('DELETE', `/rest/component-ignores/${ignore.id}/`, admin.headers)).statusCode).toBe(204);
    expect([await lodashIn(appA), await lodashIn(appB)]).toEqual([SHOWN, SHOWN]);
    expect(await listedCounts(t, admin.headers, [appA, appB], [ONE_HIGH, ONE_HIGH])).toEqual([ONE_HIGH, ONE_HIGH]);
    expect(await auditTrail(t, 'component_ignore.')).toEqual([
      ['component_ignore.create', `component_ignore:${ignore.id}`, admin.userId],
      ['component_ignore.delete', `component_ignore:${ignore.id}`, admin.userId],
    ]);
  });

  it('at scope FH holds wherever the file is; at G only in the group', async () => {
    const { admin } = people;
    const byHash = await send('POST', '/rest/component-ignores/', admin.headers, { scan_id: other, component_name: 'lodash', scope: 'FH', triaged_obj: LODASH_FILE.sha1.toUpperCase() });
    expect(byHash.json()).toMatchObject({ scope: 'FH', triaged_obj: LODASH_FILE.sha1, component_version: null, scan_id: other });
    const id = byHash.json<{ id: number }>().id;
    const ignored = { ignored: [String(id)], vulns: [] };
    expect([await lodashIn(appA), await lodashIn(appB), await lodashIn(other)]).toEqual([ignored, ignored, ignored]);
    expect((await send('DELETE', `/rest/component-ignores/${id}/`, admin.headers)).statusCode).toBe(204);

    const byGroup = await send('POST', '/rest/component-ignores/', admin.headers, { scan_id: other, component_name: 'lodash', scope: 'G', group_scope: groupA });
    const groupId = byGroup.json<{ id: number }>().id;
    expect([await lodashIn(appA), await lodashIn(appB), await lodashIn(other)]).toEqual([
      { ignored: [String(groupId)], vulns: [] }, SHOWN, { ignored: [String(groupId)], vulns: [] },
    ]);
    // A group's ignore is the group's: whoever does not see the group does not see it.
    expect((await send('DELETE', `/rest/component-ignores/${groupId}/`, people.outsider.headers)).statusCode).toBe(403);
    expect((await send('DELETE', `/rest/component-ignores/${groupId}/`, admin.headers)).statusCode).toBe(204);
  });

  it('refuses a scope without what it names, a component or file the application does not have, and callers without the permission', async () => {
    const { admin, manager, outsider } = people;
    const refusals = [
      [{ scan_id: appA, component_name: 'lodash', scope: 'FN' }, { result_scope: ['Scopes R and FN need the application (result_scope).'] }],
      [{ scan_id: appA, component_name: 'lodash', scope: 'G' }, { group_scope: ['Scope G needs the group (group_scope).'] }],
      [{ scan_id: appA, component_name: 'lodash', scope: 'FH', triaged_obj: 'abc' }, { triaged_obj: ["Scope FH needs the file's SHA-1 (40 hex digits) in triaged_obj."] }],
      [{ scan_id: appA, component_name: 'lodash', scope: 'FH', triaged_obj: 'a'.repeat(40) }, { triaged_obj: ['The component has no file with this SHA-1 in this application.'] }],
      [{ scan_id: appA, component_name: 'react', scope: 'CA' }, { component_name: ['The application has no component of this name.'] }],
      [{ scan_id: appA, component_name: 'lodash', component_version: '1.0.0', scope: 'CA' }, { component_version: ['The application has no component of this name at this version.'] }],
      [{ component_name: 'lodash', scope: 'CA' }, { scan_id: ['Name the application the component is ignored in (scan_id or result_scope).'] }],
    ] as const;
    for (const [payload, answer] of refusals) {
      const response = await send('POST', '/rest/component-ignores/', admin.headers, payload);
      expect([response.statusCode, response.json()]).toEqual([400, answer]);
    }
    // Without add_vulnerabilityinvalidation (a manager of the group with no account role).
    expect((await send('POST', '/rest/component-ignores/', manager.headers, { scan_id: appA, component_name: 'lodash', scope: 'R', result_scope: appA })).statusCode).toBe(403);
    const triager = await newSession(t.app, t.database, ['SM']);
    const hidden = await send('POST', '/rest/component-ignores/', triager.headers, { scan_id: appA, component_name: 'lodash', scope: 'R', result_scope: appA });
    expect([hidden.statusCode, hidden.json()]).toEqual([400, { result_scope: ['Invalid pk - object does not exist.'] }]);
    const own = await send('POST', '/rest/component-ignores/', admin.headers, { scan_id: appA, component_name: 'lodash', scope: 'R', result_scope: appA });
    const ownId = own.json<{ id: number }>().id;
    expect((await send('DELETE', `/rest/component-ignores/${ownId}/`, triager.headers)).json()).toEqual({ detail: 'Not found.' });
    expect((await send('GET', `/rest/component-ignores/?scan=${appA}`, outsider.headers)).statusCode).toBe(404);
    expect((await send('DELETE', `/rest/component-ignores/${ownId}/`, admin.headers)).statusCode).toBe(204);
    expect((await send('GET', '/rest/component-ignores/', admin.headers)).json<{ count: number }>().count).toBe(0);
  });
});
