import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentIn, type Headers, LODASH_FILE, resultComponents, uploadReady } from '../../../test/adjusted-scans.ts';
import { auditTrail, newGroup } from '../../../test/adjusted-scans-users.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { fakeEngine } from '../../../test/fake-engine.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

// zlib as the binary signature finds it (the catalogue entry `zlib`), and lodash from npm metadata.
const FINDINGS = {
  components: [
    componentIn([LODASH_FILE], { name: 'lodash', version: '4.17.20' }),
    {
      id: 'NA:zlib@1.2.11', name: 'zlib', version: '1.2.11', codetype: 'NA' as const, vendor: 'zlib', purl: 'pkg:generic/zlib@1.2.11', cpes: [], licenses: [],
      evidence: [{ method: 'signature' as const, foundBy: 'signatures/zlib', path: ['upload', 'lib/libz.so.1'] }],
    },
  ],
  files: [LODASH_FILE],
};

describe.each(DATABASES)('component name overrides on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let user: TestSession;
  let scanId: number;

  const send = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const names = async () => (await resultComponents(t, admin.headers, scanId)).map((c) => [c.lib, c.name_override]);

  // The uploads are scanned and evaluated by the workers: more than the default minute on a busy machine.
  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    admin = await newSession(t.app, t.database, ['AU']);
    user = await newSession(t.app, t.database, ['SM']);
    scanId = await uploadReady(t, admin.headers, await newGroup(t, admin, 'Apps'), 'app.tar', FINDINGS);
  }, 180_000);
  afterAll(() => t.close());

  it('shows a display name for what the engine calls a component, or for a catalogue entry; changes and removes it', async () => {
    const byName = await send('POST', '/rest/component-name-overrides/', admin.headers, { display_name: 'Lo-Dash', mimir_name: 'LODASH', mimir_codetype: 'JS' });
    expect(byName.statusCode).toBe(201);
    const lodash = byName.json<{ id: number; created: string }>();
    expect(lodash).toEqual({
      id: lodash.id, url: `/rest/component-name-overrides/${lodash.id}/`, display_name: 'Lo-Dash', component_id: null,
      mimir_name: 'LODASH', mimir_codetype: 'JS', mimir_vendor: null, mimir_variant: null, user: admin.userId, created: lodash.created,
    });
    const byId = await send('POST', '/rest/component-name-overrides/', admin.headers, { display_name: 'zlib (compression)', component_id: 'zlib' });
    const zlib = byId.json<{ id: number }>();
    expect(await names()).toEqual([['lodash', { id: lodash.id, name: 'Lo-Dash' }], ['zlib', { id: zlib.id, name: 'zlib (compression)' }]]);

    const renamed = await send('PATCH', `/rest/component-name-overrides/${lodash.id}/`, admin.headers, { display_name: 'Lodash utilities' });
    expect(renamed.json()).toEqual({ ...lodash, display_name: 'Lodash utilities' });
    // Another code type: no longer this component.
    expect((await send('PATCH', `/rest/component-name-overrides/${zlib.id}/`, admin.headers, { mimir_name: 'zlib', mimir_codetype: 'GO' })).statusCode).toBe(200);
    expect(await names()).toEqual([['lodash', { id: lodash.id, name: 'Lodash utilities' }], ['zlib', null]]);
    const list = await send('GET', '/rest/component-name-overrides/?mimir_name=lodash', user.headers);
    expect(list.json<{ results: { id: number }[] }>().results.map((o) => o.id)).toEqual([lodash.id]);

    for (const id of [lodash.id, zlib.id]) expect((await send('DELETE', `/rest/component-name-overrides/${id}/`, admin.headers)).statusCode).toBe(204);
    expect(await names()).toEqual([['lodash', null], ['zlib', null]]);
    expect((await auditTrail(t, 'component_name_override.')).map(([action]) => action)).toEqual([
      'component_name_override.create', 'component_name_override.create', 'component_name_override.update', 'component_name_override.update',
      'component_name_override.delete', 'component_name_override.delete',
    ]);
  });

  it('refuses a second name for the same component, an unknown catalogue entry, two ways of naming it, and callers other than administrators', async () => {
    const made = await send('POST', '/rest/component-name-overrides/', admin.headers, { display_name: 'Lo-Dash', mimir_name: 'lodash' });
    const refusals = [
      [{ display_name: 'Again', mimir_name: 'Lodash' }, { detail: 'This component already has a display name: change that one instead.' }],
      [{ display_name: 'Unknown', component_id: 'no-such-entry' }, { component_id: ['Invalid pk - object does not exist.'] }],
      [{ display_name: 'Both', component_id: 'zlib', mimir_name: 'zlib' }, { detail: 'Name the component by component_id, or by mimir_name (with mimir_codetype, mimir_vendor, mimir_variant), not both.' }],
      [{ display_name: 'Neither' }, { detail: 'Name the component by component_id, or by mimir_name (with mimir_codetype, mimir_vendor, mimir_variant), not both.' }],
      [{ display_name: ' ', mimir_name: 'zlib' }, { display_name: ['This field may not be blank.'] }],
      [{ display_name: 'Bad type', mimir_name: 'zlib', mimir_codetype: 'XX' }, { mimir_codetype: ['Give one of the code types GO, NA, MA, JA, MS, DP, RB, PY, JS, CP.'] }],
    ] as const;
    for (const [payload, answer] of refusals) {
      const response = await send('POST', '/rest/component-name-overrides/', admin.headers, payload);
      expect([response.statusCode, response.json()]).toEqual([400, answer]);
    }
    expect((await send('POST', '/rest/component-name-overrides/', user.headers, { display_name: 'Mine', mimir_name: 'zlib' })).statusCode).toBe(403);
    expect((await send('DELETE', `/rest/component-name-overrides/${made.json<{ id: number }>().id}/`, user.headers)).statusCode).toBe(403);
    expect((await send('PATCH', '/rest/component-name-overrides/999999/', admin.headers, { display_name: 'Gone' })).statusCode).toBe(404);
    expect((await send('DELETE', `/rest/component-name-overrides/${made.json<{ id: number }>().id}/`, admin.headers)).statusCode).toBe(204);
  });
});
