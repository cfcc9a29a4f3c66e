import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  componentIn, fileOf, type Headers, importLodashAdvisory, listedCounts, LODASH_FILE, NONE, ONE_HIGH, resultComponents, uploadReady,
} from '../../../test/adjusted-scans.ts';
import { auditTrail, type GroupPeople, newGroup, peopleOf } from '../../../test/adjusted-scans-users.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { fakeEngine } from '../../../test/fake-engine.ts';
import { newSession } from '../../../test/login.ts';

// lodash found in two files; the vendor's SDK that really holds one of them.
const LODASH_CORE = fileOf('vendor/sdk/lodash.core.js', '/* lodash core 4.17.20 */');
const SDK_FILE = fileOf('vendor/sdk/package.json', '{"name":"vendor-sdk","version":"2.0.0"}');
const FINDINGS = {
  components: [componentIn([LODASH_FILE, LODASH_CORE], { name: 'lodash', version: '4.17.20' }), componentIn([SDK_FILE], { name: 'vendor-sdk', version: '2.0.0' })],
  files: [LODASH_FILE, LODASH_CORE, SDK_FILE],
};
const LODASH = 'JS:lodash@4.17.20';
const SDK = 'JS:vendor-sdk@2.0.0';

describe.each(DATABASES)('moving files between components on %s', (kind) => {
  let t: TestApp;
  let people: GroupPeople;
  let scanId: number;

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const moves = () => `/rest/scans/${scanId}/component-adjustments/`;
  /** Each component with the SHA-1s of its files. */
  const componentsNow = async () =>
    (await resultComponents(t, people.admin.headers, scanId)).map((c) => [c.uid, c.objects.map((o) => o.sha1).sort(), c.vulns.map((v) => v.vuln_id)]);

  // The uploads are scanned and evaluated by the workers: more than the default minute on a busy machine.
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    const admin = await newSession(t.app, t.database, ['AU']);
    const group = await newGroup(t, admin, 'Apps');
    people = await peopleOf(t, admin, group);
    await importLodashAdvisory(t);
    scanId = await uploadReady(t, admin.headers, group, 'app.tar', FINDINGS);
  }, 180_000);
  afterAll(() => t.close());

  it('moves some files and keeps the source; moving the rest empties the source, which disappears; undoing restores it', async () => {
    const { manager, member } = people;
    const detected = [
      [LODASH, [LODASH_FILE.sha1, LODASH_CORE.sha1].sort(), ['CVE-2021-23337']],
      [SDK, [SDK_FILE.sha1], []],
    ];
    expect(await componentsNow()).toEqual(detected);

    const first = await send('POST', moves(), manager.headers, { from_uid: LODASH, to_uid: SDK, hashes: [LODASH_CORE.sha1] });
    expect(first.statusCode).toBe(201);
    const move = first.json<{ id: number; created: string }>();
    expect(move).toEqual({
      id: move.id, url: `/rest/scans/${scanId}/component-adjustments/${move.id}/`, scan: scanId, from_uid: LODASH, to_uid: SDK,
      hashes: [LODASH_CORE.sha1], user: manager.userId, created: move.created,
    });
    expect(await componentsNow()).toEqual([
      [LODASH, [LODASH_FILE.sha1], ['CVE-2021-23337']],
      [SDK, [LODASH_CORE.sha1, SDK_FILE.sha1].sort(), []],
    ]);
    // The moved file's evidence went with it.
    const evidence = await send('GET', `/rest/scans/${scanId}/evidence/?uid=${encodeURIComponent(SDK)}`, member.headers);
    expect(evidence.json<{ evidence: { path: string[] }[] }>().evidence.map((e) => e.path)).toEqual([SDK_FILE.path, LODASH_CORE.path]);

    const rest = await send('POST', moves(), manager.headers, { from_uid: LODASH, to_uid: SDK, hashes: [LODASH_FILE.sha1] });
    expect(rest.statusCode).toBe(201);
    expect(await componentsNow()).toEqual([[SDK, [LODASH_FILE.sha1, LODASH_CORE.sha1, SDK_FILE.sha1].sort(), []]]);
    expect(await listedCounts(t, manager.headers, [scanId], [NONE])).toEqual([NONE]);
    const listed = await send('GET', moves(), member.headers);
    expect(listed.json<{ count: number; results: { id: number }[] }>().results.map((m) => m.id)).toEqual([move.id, rest.json<{ id: number }>().id]);

    // The emptied component is gone: nothing more can be moved from it.
    const gone = await send('POST', moves(), manager.headers, { from_uid: LODASH, to_uid: SDK, hashes: [LODASH_FILE.sha1] });
    expect([gone.statusCode, gone.json()]).toEqual([400, { from_uid: ['The application has no component with this uid.'] }]);

    expect((await send('DELETE', `${moves()}${rest.json<{ id: number }>().id}/`, member.headers)).statusCode).toBe(403);
    expect((await send('DELETE', `${moves()}${rest.json<{ id: number }>().id}/`, manager.headers)).statusCode).toBe(204);
    expect((await send('DELETE', `${moves()}${move.id}/`, manager.headers)).statusCode).toBe(204);
    expect(await componentsNow()).toEqual(detected);
    expect(await listedCounts(t, manager.headers, [scanId], [ONE_HIGH])).toEqual([ONE_HIGH]);
    expect((await send('DELETE', `${moves()}${move.id}/`, manager.headers)).statusCode).toBe(404);
    expect((await auditTrail(t, 'component_move.')).map(([action]) => action)).toEqual([
      'component_move.create', 'component_move.create', 'component_move.delete', 'component_move.delete',
    ]);
  });

  it('refuses unknown components, files of another component, a move onto itself, and callers without the permission', async () => {
    const { manager, member, outsider } = people;
    const refusals = [
      [{ from_uid: 'JS:react@18.0.0', to_uid: SDK, hashes: [LODASH_FILE.sha1] }, { from_uid: ['The application has no component with this uid.'] }],
      [{ from_uid: LODASH, to_uid: 'JS:react@18.0.0', hashes: [LODASH_FILE.sha1] }, { to_uid: ['The application has no component with this uid.'] }],
      [{ from_uid: LODASH, to_uid: LODASH, hashes: [LODASH_FILE.sha1] }, { to_uid: ['Choose another component than the one the files are moved from.'] }],
      [{ from_uid: LODASH, to_uid: SDK, hashes: [SDK_FILE.sha1] }, { hashes: [`${SDK_FILE.sha1} is not a file of the component the files are moved from.`] }],
    ] as const;
    for (const [payload, answer] of refusals) {
      const response = await send('POST', moves(), manager.headers, payload);
      expect([response.statusCode, response.json()]).toEqual([400, answer]);
    }
    const payload = { from_uid: LODASH, to_uid: SDK, hashes: [LODASH_FILE.sha1] };
    expect((await send('POST', moves(), member.headers, payload)).statusCode).toBe(403);
    expect((await send('POST', moves(), outsider.headers, payload)).statusCode).toBe(404);
    expect((await send('GET', moves(), outsider.headers)).statusCode).toBe(404);
    expect((await send('GET', moves(), member.headers)).json()).toEqual({ count: 0, results: [], links: { next: null, previous: null } });
  });
});
