import { createHash } from 'node:crypto';
import type { FileEntry, InfoleakFinding } from '@binlens/engine/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

const APP_CONF: FileEntry = { path: ['etc/app.conf'], size: 120, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64) };
const OTHER_CONF: FileEntry = { path: ['etc/other.conf'], size: 90, sha1: 'c'.repeat(40), sha256: 'd'.repeat(64) };
const FEED = 'https://updates.binlens-demo.org/feed';

const leak = (kind: InfoleakFinding['kind'], value: string, file: FileEntry, line: number, extra: Partial<InfoleakFinding> = {}): InfoleakFinding => ({
  kind, detector: `test/${kind}`, path: file.path, line, value, context: `setting = ${value}`, ...extra,
});

/** The findings of every upload, by id: 1 and 3 share a value in two files. */
const LEAKS: InfoleakFinding[] = [
  leak('urls', FEED, APP_CONF, 1),
  leak('emails', 'ops@binlens-demo.org', APP_CONF, 2),
  leak('urls', FEED, OTHER_CONF, 4),
  leak('urls', 'https://mirror.binlens-demo.org/', OTHER_CONF, 5),
  leak('passwords', 'Harbour-Lantern-7731', APP_CONF, 3, { masked: 'Ha****************31' }),
];

interface Triage {
  id: number;
  url: string;
  kind: string;
  scan_id: number | null;
  rationale: string;
  description: string;
  scope: string;
  group_scope: number | null;
  result_scope: number | null;
  application_name: string | null;
  file_hash: string | null;
  user: number | null;
  user_name: string | null;
  created: string;
}
interface Leak { id: number; kind: string; value: string; triages: Triage[] }
interface Page { count: number; results: Leak[] }
interface Created { triages: Triage[]; group: string; triagedIds: number[]; unTriagedIds: number[] }

describe.each(DATABASES)('infoleak triage routes on %s', (kind) => {
  let t: TestApp;
  /** Security reviewer (add_vulnerabilityinvalidation), manager of her groups. */
  let alice: TestSession;
  let aliceName: string;
  /** A member of alice's group without the permission. */
  let bob: TestSession;
  /** A security reviewer who does not see alice's groups. */
  let carol: TestSession;
  let admin: TestSession;
  let groupA: number;
  let uploads = 0;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    [alice, bob, carol, admin] = [
      await newSession(t.app, t.database, ['SR']), await newSession(t.app, t.database), await newSession(t.app, t.database, ['SR']), await newSession(t.app, t.database, ['AU']),
    ];
    aliceName = (await call(alice, 'GET', '/rest/users/me/')).json<{ username: string }>().username;
    groupA = await group(alice, 'Routers');
    await call(alice, 'POST', '/rest/group-memberships/', { group_id: groupA, user_id: bob.userId, role: 'GU' });
  }, 60_000);
  afterAll(() => t.close());

  const call = (session: TestSession, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

  const group = async (session: TestSession, name: string, parent?: number) =>
    (await call(session, 'POST', '/rest/groups/', { name, ...(parent ? { parent } : {}) })).json<{ id: number }>().id;

  /** A ready scan of `leaks` (and one finding of its own after them) in the group; `files` replaces the files' entries. */
  const upload = async (session: TestSession, groupId: number, name: string, files: FileEntry[] = [APP_CONF, OTHER_CONF], leaks = LEAKS) => {
    uploads += 1;
    const body = multipart('file', name, findingsFile({ files, infoleaks: [...leaks, leak('ips', `10.0.0.${uploads}`, APP_CONF, 9)] }));
    const created = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...session.headers, ...body.headers }, payload: body.payload });
    const scanId = created.json<{ id: number }>().id;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
      if ((await call(session, 'GET', `/rest/scans/${scanId}/`)).json<{ status: string }>().status === 'R') return scanId;
    }
    throw new Error(`scan ${scanId} is not ready`);
  };

  const list = async (session: TestSession, scanId: number, query = '') => {
    const response = await call(session, 'GET', `/rest/scans/${scanId}/infoleak/?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<Page>();
  };
  const ids = async (session: TestSession, scanId: number, query = '') => (await list(session, scanId, query)).results.map((item) => item.id);

  const triage = (session: TestSession, kindPath: string, body: object) => call(session, 'POST', `/rest/infoleak/${kindPath}/triage/`, body);
  const made = async (session: TestSession, kindPath: string, body: object) => {
    const response = await triage(session, kindPath, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Created>();
  };
  const stored = async () =>
    ((await t.database.db.execute('select count(*)::int as n from infoleak_triages')) as unknown as { rows: { n: number }[] }).rows[0]?.n;

  it('triages at R: the findings of that value leave the matched list of that scan only and are listed as triaged with their triage', async () => {
    const scan = await upload(alice, groupA, 'firmware.bin');
    const sibling = await upload(alice, groupA, 'firmware.bin');
    const created = await made(alice, 'urls', { scan, triaged_obj: [1], scope: 'R', result_scope: scan, rationale: 'U', description: ' Our own update server. ' });
    const [triaged] = created.triages;
    const expected: Triage = {
      id: triaged?.id ?? 0,
      url: `/rest/infoleak/urls/triage/${triaged?.id}/`,
      kind: 'urls',
      scan_id: scan,
      rationale: 'U',
      description: 'Our own update server.',
      scope: 'R',
      group_scope: null,
      result_scope: scan,
      application_name: null,
      file_hash: null,
      user: alice.userId,
      user_name: aliceName,
      created: triaged?.created ?? '',
    };
    expect(created).toEqual({ triages: [expected], group: 'urls', triagedIds: [1, 3], unTriagedIds: [] });

    const matched = await list(alice, scan);
    expect([matched.count, matched.results.map((item) => [item.id, item.triages])]).toEqual([4, [[2, []], [4, []], [5, []], [6, []]]]);
    const triagedList = await list(alice, scan, 'triaged=true');
    expect([triagedList.count, triagedList.results.map((item) => [item.id, item.triages])]).toEqual([2, [[1, [expected]], [3, [expected]]]]);
    expect(await ids(alice, scan, 'kind=urls&triaged=false')).toEqual([4]);
    expect(await ids(alice, scan, 'search=binlens-demo&triaged=true')).toEqual([1, 3]);
    // The per-kind list, and a finding asked for by id whatever its state.
    const perKind = (query: string) => call(alice, 'GET', `/rest/infoleak/urls/?scan=${scan}&${query}`).then((r) => r.json<Page>().results.map((item) => item.id));
    expect([await perKind(''), await perKind('triaged=true'), await perKind('id__in=1,4'), await perKind('id__in=1,4&triaged=false')]).toEqual([[4], [1, 3], [1, 4], [4]]);

    expect(await ids(alice, sibling)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await ids(alice, sibling, 'triaged=true')).toEqual([]);

    // The summary and metadata count the matched findings.
    const summary = (await call(alice, 'GET', `/rest/scans/${scan}/scan_summary/`)).json<{ infoleaks: unknown }>().infoleaks;
    expect(summary).toEqual([{ kind: 'emails', count: 1 }, { kind: 'ips', count: 1 }, { kind: 'passwords', count: 1 }, { kind: 'urls', count: 1 }]);
    expect((await call(alice, 'GET', `/rest/scans/${scan}/metadata/`)).json<{ counts: { infoleaks: number } }>().counts.infoleaks).toBe(4);
    expect((await call(alice, 'GET', `/rest/scans/${sibling}/scan_summary/`)).json<{ infoleaks: unknown }>().infoleaks).toEqual([
      { kind: 'urls', count: 3 }, { kind: 'emails', count: 1 }, { kind: 'ips', count: 1 }, { kind: 'passwords', count: 1 },
    ]);

    // Stored as a digest of kind and value; audited without the value.
    const rows = (await t.database.db.execute(`select kind, value_key, scan_id, application_name, file_hash from infoleak_triages where id = ${expected.id}`)) as unknown as { rows: unknown[] };
    const valueKey = createHash('sha256').update(`urls:${JSON.stringify(FEED)}`).digest('hex');
    expect(rows.rows).toEqual([{ kind: 'urls', value_key: valueKey, scan_id: scan, application_name: null, file_hash: null }]);
    const audit = (await t.database.db.execute(`select actor_id, object, level, details from audit_events where action = 'infoleak_triage.create' order by id desc limit 1`)) as unknown as { rows: unknown[] };
    expect(audit.rows).toEqual([{ actor_id: alice.userId, object: `scan:${scan}`, level: 2, details: { kind: 'urls', triages: [expected.id], findings: [1], scope: 'R', rationale: 'U' } }]);
  });

  it('triages at FN: a new upload of the same file name is triaged when it is ready, another name is not', async () => {
    const scan = await upload(alice, groupA, 'camera.img');
    const created = await made(alice, 'emails', { scan, triaged_obj: [2], scope: 'FN', result_scope: scan, rationale: 'FP' });
    expect([created.triages.map((row) => [row.scope, row.application_name, row.result_scope]), created.triagedIds]).toEqual([[['FN', 'camera.img', scan]], [2]]);
    const elsewhere = await group(alice, 'Cameras');
    const again = await upload(alice, elsewhere, 'camera.img');
    const other = await upload(alice, elsewhere, 'camera-v2.img');
    expect([await ids(alice, again, 'kind=emails'), await ids(alice, again, 'kind=emails&triaged=true')]).toEqual([[], [2]]);
    expect([await ids(alice, other, 'kind=emails'), await ids(alice, other, 'kind=emails&triaged=true')]).toEqual([[2], []]);
  });

  it('triages at CA: every scan of the account, in every group, lists the finding as triaged', async () => {
    const scan = await upload(alice, groupA, 'gateway.bin');
    const carolsGroup = await group(carol, 'Carol');
    const carols = await upload(carol, carolsGroup, 'nas.bin');
    const created = await made(alice, 'passwords', { scan, triaged_obj: [5], scope: 'CA', rationale: 'WF', description: 'Factory default, changed on install.' });
    expect(created.triagedIds).toEqual([5]);
    const seen = await list(carol, carols, 'triaged=true');
    expect(seen.results.map((item) => [item.id, item.value, item.triages.map((row) => [row.id, row.scope, row.rationale])])).toEqual([
      // carol manages her group: she reads the secret in full.
      [5, 'Harbour-Lantern-7731', [[created.triages[0]?.id, 'CA', 'WF']]],
    ]);
    expect(await ids(carol, carols, 'kind=passwords')).toEqual([]);
    // A member who may not reveal secrets gets the value masked, triage or not.
    expect((await list(bob, scan, 'triaged=true')).results.map((item) => [item.id, item.value])).toEqual([[5, 'Ha****************31']]);
  });

  it('triages at G: scans of the group and its subgroups, not of another group', async () => {
    const scan = await upload(alice, groupA, 'switch.bin');
    const sub = await group(alice, 'Switches', groupA);
    const inSub = await upload(alice, sub, 'switch-pro.bin');
    const outside = await upload(alice, await group(alice, 'Elsewhere'), 'switch.bin');
    await made(alice, 'urls', { scan, triaged_obj: [4], scope: 'G', group_scope: groupA, rationale: 'NA' });
    expect([await ids(alice, scan, 'kind=urls&triaged=true'), await ids(alice, inSub, 'kind=urls&triaged=true'), await ids(alice, outside, 'kind=urls&triaged=true')]).toEqual([[4], [4], []]);
  });

  it("triages at FH: the finding in a file with that hash, not the same value in another file", async () => {
    const elsewhere = await group(alice, 'Hashes');
    const scan = await upload(alice, elsewhere, 'hash-a.bin');
    const created = await made(alice, 'urls', { scan, triaged_obj: [3], scope: 'FH', rationale: 'IG' });
    expect([created.triages.map((row) => [row.scope, row.file_hash, row.group_scope, row.result_scope]), created.triagedIds]).toEqual([[['FH', 'c'.repeat(40), null, null]], [3]]);
    const changed = await upload(alice, elsewhere, 'hash-b.bin', [APP_CONF, { ...OTHER_CONF, sha1: 'e'.repeat(40) }]);
    const same = await upload(alice, elsewhere, 'hash-c.bin');
    expect([await ids(alice, scan, 'kind=urls&triaged=true'), await ids(alice, same, 'kind=urls&triaged=true'), await ids(alice, changed, 'kind=urls&triaged=true')]).toEqual([[3], [3], []]);
    expect((await list(alice, same, 'kind=urls&triaged=true')).results[0]?.triages.map((row) => row.id)).toEqual([created.triages[0]?.id]);
  });

  it('removes a triage: its findings return to the matched list unless another triage holds for them', async () => {
    const elsewhere = await group(alice, 'Removals');
    // Another file of that name: the file-hash triage of the test before holds for no finding here.
    const scan = await upload(alice, elsewhere, 'removal.bin', [APP_CONF, { ...OTHER_CONF, sha1: 'f'.repeat(40) }]);
    const byResult = (await made(alice, 'urls', { scan, triaged_obj: [1], scope: 'R', result_scope: scan, rationale: 'OT' })).triages[0]?.id;
    const byGroup = (await made(alice, 'urls', { scan, triaged_obj: [3], scope: 'G', group_scope: elsewhere, rationale: 'OT' })).triages[0]?.id;
    expect(await ids(alice, scan, 'kind=urls')).toEqual([4]);

    const first = await call(alice, 'DELETE', `/rest/infoleak/urls/triage/${byResult}/?scan=${scan}`);
    expect([first.statusCode, first.json()]).toEqual([200, { group: 'urls', triagedIds: [1, 3], unTriagedIds: [] }]);
    expect((await list(alice, scan, 'kind=urls&triaged=true')).results.map((item) => [item.id, item.triages.map((row) => row.id)])).toEqual([[1, [byGroup]], [3, [byGroup]]]);
    // Not a triage of this kind, or one that does not reach the scan named, or one removed: 404.
    const other = await upload(alice, groupA, 'unrelated.bin');
    expect((await call(alice, 'DELETE', `/rest/infoleak/emails/triage/${byGroup}/?scan=${scan}`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/rest/infoleak/urls/triage/${byGroup}/?scan=${other}`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/rest/infoleak/urls/triage/${byResult}/?scan=${scan}`)).statusCode).toBe(404);

    const last = await call(alice, 'DELETE', `/rest/infoleak/urls/triage/${byGroup}/?scan=${scan}`);
    expect([last.statusCode, last.json()]).toEqual([200, { group: 'urls', triagedIds: [], unTriagedIds: [1, 3] }]);
    expect([await ids(alice, scan, 'kind=urls'), await ids(alice, scan, 'kind=urls&triaged=true')]).toEqual([[1, 3, 4], []]);
    const audit = (await t.database.db.execute(`select details from audit_events where action = 'infoleak_triage.delete' order by id desc limit 1`)) as unknown as { rows: unknown[] };
    expect(audit.rows).toEqual([{ details: { kind: 'urls', triage: byGroup, scope: 'G', rationale: 'OT' } }]);
  });

  it('finds every finding of a value however its text is written: NUL, quotes, lone surrogates, key-like text', async () => {
    const odd: FileEntry = { path: ['opt/"value":x/","masked":y.txt'], size: 10, sha1: '1'.repeat(40), sha256: '2'.repeat(64) };
    const values = ['nul\u0000inside', 'quote " and backslash \\', 'key-like ","masked":"x"', 'lone \ud800 surrogate', 'é 😀', ''];
    const leaks = values.flatMap((value, i) => [
      leak('custom', value, odd, i + 1, { detector: 'custom/"value":"decoy"' }),
      leak('custom', `${value}!`, odd, i + 1),
    ]);
    const scan = await upload(alice, await group(alice, 'Odd values'), 'odd.bin', [odd], leaks);
    const everyOther = values.map((_, i) => 2 * i + 1);
    const created = await made(alice, 'custom', { scan, triaged_obj: everyOther, scope: 'R', result_scope: scan, rationale: 'U' });
    expect([created.triages.length, created.triagedIds]).toEqual([values.length, everyOther]);
    const triaged = await list(alice, scan, 'kind=custom&triaged=true&limit=100');
    expect(triaged.results.map((item) => [item.id, item.value, item.triages.length])).toEqual(values.map((value, i) => [2 * i + 1, value, 1]));
    expect(await ids(alice, scan, 'kind=custom&limit=100')).toEqual(values.map((_, i) => 2 * i + 2));
  });

  it('refuses an unknown finding, a scope without what it names, and a group the caller does not see, storing nothing', async () => {
    const scan = await upload(alice, groupA, 'refusals.bin');
    const before = await stored();
    const refused = async (kindPath: string, body: object) => {
      const response = await triage(alice, kindPath, { scan, rationale: 'FP', ...body });
      return [response.statusCode, response.json()];
    };
    expect(await refused('urls', { triaged_obj: [1, 99], scope: 'CA' })).toEqual([400, { triaged_obj: ['The scan has no urls finding with the id 99.'] }]);
    // Finding 2 is an e-mail address, not a URL.
    expect(await refused('urls', { triaged_obj: [1, 2], scope: 'CA' })).toEqual([400, { triaged_obj: ['The scan has no urls finding with the id 2.'] }]);
    expect(await refused('urls', { triaged_obj: [1], scope: 'G' })).toEqual([400, { group_scope: ['Scope G needs the group (group_scope).'] }]);
    expect(await refused('urls', { triaged_obj: [1], scope: 'R', result_scope: null })).toEqual([400, { result_scope: ['Scopes R and FN need the application (result_scope).'] }]);
    const hidden = await group(carol, 'Hidden');
    expect(await refused('urls', { triaged_obj: [1], scope: 'G', group_scope: hidden })).toEqual([400, { group_scope: ['Invalid pk - object does not exist.'] }]);
    expect(await refused('urls', { triaged_obj: [1], scope: 'R', result_scope: await upload(carol, hidden, 'hidden.bin') })).toEqual([
      400, { result_scope: ['Invalid pk - object does not exist.'] },
    ]);
    expect(await refused('urls', { triaged_obj: [], scope: 'CA' })).toEqual([400, { triaged_obj: ['must NOT have fewer than 1 items'] }]);
    expect((await refused('urls', { triaged_obj: [1], scope: 'CA', rationale: 'XX' }))[0]).toBe(400);
    expect((await refused('hashes', { triaged_obj: [1], scope: 'CA' }))[0]).toBe(404);
    expect(await stored()).toBe(before);
  });

  it('answers 403 without the permission or with triage turned off, and 404 for a scan the caller does not see', async () => {
    const scan = await upload(alice, groupA, 'access.bin');
    const body = { scan, triaged_obj: [1], scope: 'CA', rationale: 'FP' };
    const forbidden = { detail: 'You do not have permission to perform this action.' };
    const denied = await triage(bob, 'urls', body);
    expect([denied.statusCode, denied.json()]).toEqual([403, forbidden]);
    const hidden = await triage(carol, 'urls', body);
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { detail: 'Not found.' }]);
    const id = (await made(alice, 'urls', body)).triages[0]?.id;
    const removal = await call(bob, 'DELETE', `/rest/infoleak/urls/triage/${id}/?scan=${scan}`);
    expect([removal.statusCode, removal.json()]).toEqual([403, forbidden]);
    expect((await call(carol, 'DELETE', `/rest/infoleak/urls/triage/${id}/?scan=${scan}`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/rest/infoleak/urls/triage/${id}/?scan=${scan}`)).statusCode).toBe(200);

    await call(admin, 'PATCH', '/rest/settings/company/', { triage_enabled: false });
    try {
      const off = await triage(alice, 'urls', body);
      expect([off.statusCode, off.json()]).toEqual([403, { detail: 'Triage is turned off for this account: an administrator can turn it on in the account settings (triage_enabled).' }]);
    } finally {
      await call(admin, 'PATCH', '/rest/settings/company/', { triage_enabled: true });
    }
  });

  it("asks for a description when the account's triage_description_mandatory is set", async () => {
    const scan = await upload(alice, groupA, 'described.bin');
    await call(admin, 'PATCH', '/rest/settings/company/', { triage_description_mandatory: true });
    try {
      const before = await stored();
      for (const description of [undefined, '   ']) {
        const response = await triage(alice, 'emails', { scan, triaged_obj: [2], scope: 'R', result_scope: scan, rationale: 'CO', ...(description === undefined ? {} : { description }) });
        expect([response.statusCode, response.json()]).toEqual([400, { description: ['The account asks for a description with every triage.'] }]);
      }
      expect(await stored()).toBe(before);
      const created = await made(alice, 'emails', { scan, triaged_obj: [2], scope: 'R', result_scope: scan, rationale: 'CO', description: 'Support address, public.' });
      expect(created.triages.map((row) => row.description)).toEqual(['Support address, public.']);
    } finally {
      await call(admin, 'PATCH', '/rest/settings/company/', { triage_description_mandatory: false });
    }
  });
});
