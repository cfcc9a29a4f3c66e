import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Component, FileEntry } from '@binlens/engine/model';
import { importFeed } from '@binlens/vulndb';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scans } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

// GHSA-35jh-r3h4-6jhm as the GitHub Advisory Database publishes it in OSV: lodash before
// 4.17.21, reported as its one CVE alias.
const GHSA_LODASH = fileURLToPath(new URL('../../../../vulndb/fixtures/feeds/osv-ghsa-35jh-r3h4-6jhm.json', import.meta.url));
const CVE = 'CVE-2021-23337';
const BUSY = ['B', 'S', 'P', 'D'];

interface ResultVuln {
  vuln_id: string;
  triages: { id: number; rationale: string }[];
  unresolved_triages: { id: number; adjusted_severity: string | null }[];
}
interface Counts {
  critical: number;
  high: number;
  medium: number;
  low: number;
  missing: number;
}

/** lodash at `version`, found in a package.json whose content (and so SHA-1) is `content`. */
function lodash(version: string, content = `lodash ${version}`): { components: Component[]; files: FileEntry[] } {
  const path = ['upload', 'node_modules/lodash/package.json'];
  const bytes = Buffer.from(content);
  const file: FileEntry = {
    path, size: bytes.length,
    sha1: createHash('sha1').update(bytes).digest('hex'), sha256: createHash('sha256').update(bytes).digest('hex'),
  };
  return { components: [component({ name: 'lodash', version, evidence: [{ method: 'package-metadata', foundBy: 'npm', path }] })], files: [file] };
}

describe.each(DATABASES)('triages on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let apps: number;
  let sub: number;
  let other: number;

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: alice.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const newGroup = async (name: string, parent?: number) => (await api('POST', '/rest/groups/', { name, ...(parent ? { parent } : {}) })).json<{ id: number }>().id;
  const upload = async (groupId: number, fileName: string, findings: ReturnType<typeof lodash>) => {
    const body = multipart('file', fileName, findingsFile(findings));
    const created = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    const id = created.json<{ id: number }>().id;
    const deadline = Date.now() + 30_000;
    while (BUSY.includes((await api('GET', `/rest/scans/${id}/`)).json<{ status: string }>().status) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return id;
  };
  /** The scan's lodash vulnerability entries as its result shows them now. */
  const vulns = async (scanId: number): Promise<ResultVuln[]> =>
    (await api('GET', `/rest/scans/${scanId}/result/`)).json<{ components: { vulns: ResultVuln[] }[] }>().components.flatMap((c) => c.vulns);
  const triagedIn = async (scanId: number) => (await vulns(scanId)).map((v) => [v.vuln_id, v.triages.map((x) => x.rationale)]);
  /** The stored counts once the re-evaluation job has caught up with every change (10 s at most). */
  const countsOf = async (scanId: number, expected: Counts): Promise<Counts> => {
    const deadline = Date.now() + 10_000;
    let counts = (await api('GET', `/rest/scans/${scanId}/`)).json<{ vulnerability_counts: Counts }>().vulnerability_counts;
    while (JSON.stringify(counts) !== JSON.stringify(expected) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      counts = (await api('GET', `/rest/scans/${scanId}/`)).json<{ vulnerability_counts: Counts }>().vulnerability_counts;
    }
    return counts;
  };
  const triage = async (body: Record<string, unknown>) => {
    const response = await api('POST', '/rest/triages/', [{ component_name: 'lodash', vuln_id: CVE, rationale: 'NA', description: 'Not reachable.', ...body }]);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }[]>()[0]?.id ?? 0;
  };
  const removeAll = async () => {
    const ids = (await api('GET', '/rest/triages/?limit=500')).json<{ results: { id: number }[] }>().results.map((r) => r.id);
    if (ids.length > 0) expect((await api('DELETE', `/rest/triages/delete_list/?id__in=${ids.join(',')}`)).statusCode).toBe(204);
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    alice = await newSession(t.app, t.database, ['AU']);
    await importFeed(t.database.db, { path: GHSA_LODASH });
    apps = await newGroup('Apps');
    sub = await newGroup('Sub', apps);
    other = await newGroup('Other');
  });
  afterAll(() => t.close());

  const HIGH: Counts = { critical: 0, high: 1, medium: 0, low: 0, missing: 0 };
  const NONE: Counts = { critical: 0, high: 0, medium: 0, low: 0, missing: 0 };

  it('at scope FN holds on a new upload with the same application name, and on no other', async () => {
    const first = await upload(apps, 'router.bin', lodash('4.17.20'));
    const elsewhere = await upload(other, 'switch.bin', lodash('4.17.20'));
    const id = await triage({ component_version: '4.17.20', scope: 'FN', result_scope: first });
    expect((await api('GET', `/rest/triages/${id}/`)).json()).toMatchObject({
      id, scope: 'FN', application_name: 'router.bin', result_scope: null, scan_id: first, component_version: '4.17.20', version_range: null, rationale: 'NA',
    });
    const again = await upload(other, 'router.bin', lodash('4.17.20'));
    expect(await triagedIn(first)).toEqual([[CVE, ['NA']]]);
    expect(await triagedIn(again)).toEqual([[CVE, ['NA']]]);
    expect(await triagedIn(elsewhere)).toEqual([[CVE, []]]);
    expect(await countsOf(again, NONE)).toEqual(NONE);
    expect(await countsOf(elsewhere, HIGH)).toEqual(HIGH);
    // The list's scan filter: the triages that hold there.
    expect((await api('GET', `/rest/triages/?scan=${again}`)).json<{ results: { id: number }[] }>().results.map((r) => r.id)).toEqual([id]);
    expect((await api('GET', `/rest/triages/?scan=${elsewhere}`)).json<{ count: number }>().count).toBe(0);
    await removeAll();
    expect(await triagedIn(again)).toEqual([[CVE, []]]);
    expect(await countsOf(again, HIGH)).toEqual(HIGH);
  });

  it('at scope G holds in the group and, inheriting, its subgroups, and in no other group', async () => {
    const inGroup = await upload(apps, 'a.bin', lodash('4.17.20'));
    const inSub = await upload(sub, 'b.bin', lodash('4.17.20'));
    const outside = await upload(other, 'c.bin', lodash('4.17.20'));
    await triage({ component_version: '4.17.20', scope: 'G', group_scope: apps, scan_id: inGroup });
    expect(await triagedIn(inGroup)).toEqual([[CVE, ['NA']]]);
    expect(await triagedIn(inSub)).toEqual([[CVE, ['NA']]]);
    expect(await triagedIn(outside)).toEqual([[CVE, []]]);
    expect(await countsOf(inSub, NONE)).toEqual(NONE);
    expect(await countsOf(outside, HIGH)).toEqual(HIGH);

    expect((await api('PATCH', '/rest/settings/company/', { membership_inheritance_enabled: false })).statusCode).toBe(200);
    expect(await triagedIn(inGroup)).toEqual([[CVE, ['NA']]]);
    expect(await triagedIn(inSub)).toEqual([[CVE, []]]);
    expect((await api('PATCH', '/rest/settings/company/', { membership_inheritance_enabled: true })).statusCode).toBe(200);
    await removeAll();
  });

  it('at scope FH holds in every scan holding a file with that hash', async () => {
    const same = lodash('4.17.20', 'the same package.json');
    const first = await upload(apps, 'd.bin', same);
    const second = await upload(other, 'e.bin', same);
    const different = await upload(other, 'f.bin', lodash('4.17.20', 'another package.json'));
    const hash = same.files[0]?.sha1 ?? '';
    await triage({ component_version: '4.17.20', scope: 'FH', triaged_obj: hash.toUpperCase(), result_scope: first });
    expect(await triagedIn(first)).toEqual([[CVE, ['NA']]]);
    expect(await triagedIn(second)).toEqual([[CVE, ['NA']]]);
    expect(await triagedIn(different)).toEqual([[CVE, []]]);
    expect(await countsOf(second, NONE)).toEqual(NONE);
    await removeAll();
  });

  it('with a version range holds across an upgrade inside it and not outside it', async () => {
    const before = await upload(apps, 'g.bin', lodash('4.17.19'));
    await triage({ version_range: '>=4.17.0 <4.17.21', scope: 'CA', scan_id: before });
    const upgraded = await upload(apps, 'h.bin', lodash('4.17.20'));
    const older = await upload(apps, 'i.bin', lodash('4.16.6'));
    expect(await triagedIn(before)).toEqual([[CVE, ['NA']]]);
    expect(await triagedIn(upgraded)).toEqual([[CVE, ['NA']]]);
    expect(await triagedIn(older)).toEqual([[CVE, []]]);
    await removeAll();
  });

  it('re-scores instead of resolving: the vulnerability counts at its adjusted severity', async () => {
    const scan = await upload(apps, 'j.bin', lodash('4.17.20'));
    const id = await triage({ component_version: '4.17.20', scope: 'R', result_scope: scan, rationale: 'MI', environmental_vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H/MAV:L/CR:L/IR:L/AR:L' });
    expect((await api('GET', `/rest/triages/${id}/`)).json()).toMatchObject({ adjusted_score: 4.9, adjusted_severity: 'medium', result_scope: scan });
    expect((await vulns(scan)).map((v) => [v.triages.length, v.unresolved_triages.map((u) => u.adjusted_severity)])).toEqual([[0, ['medium']]]);
    const MEDIUM: Counts = { critical: 0, high: 0, medium: 1, low: 0, missing: 0 };
    expect(await countsOf(scan, MEDIUM)).toEqual(MEDIUM);
    // Only the fields sent change.
    const patched = await api('PATCH', `/rest/triages/${id}/`, { adjusted_severity: 'low', environmental_vector: null });
    expect(patched.json()).toMatchObject({ adjusted_severity: 'low', environmental_vector: null, adjusted_score: null, rationale: 'MI', description: 'Not reachable.' });
    const LOW: Counts = { critical: 0, high: 0, medium: 0, low: 1, missing: 0 };
    expect(await countsOf(scan, LOW)).toEqual(LOW);
    // A new description changes no counts: the scan's stored ones stay evaluated.
    const evaluatedAt = async () => (await t.database.db.select({ at: scans.evaluatedAt }).from(scans).where(eq(scans.id, scan)))[0]?.at;
    const before = await evaluatedAt();
    expect(before).toBeInstanceOf(Date);
    expect((await api('PATCH', `/rest/triages/${id}/`, { description: 'Only reachable from the console.' })).json()).toMatchObject({ description: 'Only reachable from the console.', adjusted_severity: 'low' });
    expect(await evaluatedAt()).toEqual(before);
    await removeAll();
  });

  it('refuses what it cannot apply, and makes none of a batch with one bad triage', async () => {
    const scan = await upload(apps, 'k.bin', lodash('4.17.20'));
    const post = (items: Record<string, unknown>[]) => api('POST', '/rest/triages/', items.map((item) => ({ component_name: 'lodash', vuln_id: CVE, rationale: 'NA', component_version: '4.17.20', ...item })));
    const good = { scope: 'R', result_scope: scan };
    expect((await post([good, { ...good, vuln_id: 'CVE-2020-8203' }])).json()).toEqual({ vuln_id: ['Triage 2: The component has no such vulnerability in this application.'] });
    expect((await post([{ scope: 'G', scan_id: scan }])).json()).toEqual({ group_scope: ['Scope G needs the group (group_scope).'] });
    expect((await post([{ scope: 'FN' }])).json()).toEqual({ result_scope: ['Scopes R and FN need the application (result_scope).'] });
    expect((await post([{ scope: 'FH', result_scope: scan, triaged_obj: 'abc' }])).json()).toEqual({ triaged_obj: ["Scope FH needs the file's SHA-1 (40 hex digits) in triaged_obj."] });
    expect((await post([{ ...good, component_version: '4.17.19' }])).json()).toEqual({ component_name: ['The application has no component of this name and version.'] });
    expect((await post([{ ...good, component_version: null, version_range: '4.17' }])).json()).toEqual({ version_range: ['Write the range as comparators separated by spaces, e.g. >=1.2.0 <1.3.0.'] });
    expect((await post([{ ...good, rationale: 'XX' }])).statusCode).toBe(400);
    expect((await api('GET', '/rest/triages/')).json<{ count: number }>().count).toBe(0);

    expect((await api('PATCH', '/rest/settings/company/', { triage_description_mandatory: true })).statusCode).toBe(200);
    expect((await post([{ ...good, description: ' ' }])).json()).toEqual({ description: ['The account asks for a description with every triage.'] });
    expect((await api('PATCH', '/rest/settings/company/', { triage_description_mandatory: false, triage_enabled: false })).statusCode).toBe(200);
    expect((await post([good])).json()).toEqual({ detail: 'Triage is turned off for this account: an administrator can turn it on in the account settings (triage_enabled).' });
    expect((await api('PATCH', '/rest/settings/company/', { triage_enabled: true })).statusCode).toBe(200);
  });

  it('shows a group\'s or a result\'s triage only to who sees them (404 otherwise), and refuses users without the permission', async () => {
    const scan = await upload(apps, 'l.bin', lodash('4.17.20'));
    const id = await triage({ component_version: '4.17.20', scope: 'R', result_scope: scan });
    const bob = await newSession(t.app, t.database, ['PU']);
    expect((await t.app.inject({ method: 'GET', url: `/rest/triages/${id}/`, headers: bob.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/rest/triages/${id}/`, headers: bob.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/rest/triages/', headers: bob.headers })).json<{ count: number }>().count).toBe(0);
    const carol = await newSession(t.app, t.database, []);
    expect((await t.app.inject({ method: 'POST', url: '/rest/triages/', headers: carol.headers, payload: [] })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/rest/triages/' })).statusCode).toBe(401);
    await removeAll();
  });
});
