// The API flow of issue 14: an empty knowledge base says so (and so does every scan result),
// an uploaded bundle fills it in the background, and a scan stored before then lists its
// CVEs without a rescan. A file that is not a bundle answers 400 and changes nothing.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exportBundle, importFeed, openKnowledgeBase } from '@binlens/vulndb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import type { KnowledgeBaseStatus } from './schemas.ts';

// GHSA-35jh-r3h4-6jhm as the GitHub Advisory Database publishes it in OSV (trimmed).
const GHSA_LODASH = {
  schema_version: '1.3.0',
  id: 'GHSA-35jh-r3h4-6jhm',
  modified: '2022-02-08T21:35:09Z',
  published: '2021-05-06T16:05:51Z',
  aliases: ['CVE-2021-23337'],
  summary: 'Command Injection in lodash',
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H' }],
  affected: [{ package: { ecosystem: 'npm', name: 'lodash' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '4.17.21' }] }] }],
};

const EMPTY_SOURCE = { state: 'empty', records: 0, last_success: null, feed_date: null, last_error: null, next_attempt: null, progress: null };
const SOURCE_NAMES = ['alpine', 'debian', 'epss', 'kev', 'nvd', 'osv', 'ubuntu'];

/** A bundle of a knowledge base holding only the lodash advisory, made as `binlens db export-bundle` makes it. */
async function lodashBundle(file: string): Promise<string> {
  const kb = await openKnowledgeBase(null);
  try {
    await importFeed(kb.db, { name: 'GHSA-35jh-r3h4-6jhm.json', bytes: Buffer.from(JSON.stringify(GHSA_LODASH)) });
    return (await exportBundle(kb.db, file)).createdAt;
  } finally {
    await kb.close();
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(DATABASES)('knowledge base API on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let alice: TestSession;
  let dir: string;
  let bundle: Buffer;
  let bundleCreated: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'binlens-kb-routes-'));
    bundleCreated = await lodashBundle(path.join(dir, 'kb.tar'));
    bundle = await readFile(path.join(dir, 'kb.tar'));
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    admin = await newSession(t.app, t.database, ['AU']);
    alice = await newSession(t.app, t.database);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const status = async (session: TestSession = alice) =>
    (await t.app.inject({ method: 'GET', url: '/rest/knowledge-base/', headers: session.headers })).json<KnowledgeBaseStatus>();
  const upload = (session: TestSession, name: string, bytes: Buffer) => {
    const body = multipart('file', name, bytes);
    return t.app.inject({ method: 'POST', url: '/rest/knowledge-base/bundles/', headers: { ...session.headers, ...body.headers }, payload: body.payload });
  };

  it('goes from empty to ready with a bundle; a scan stored before lists its CVE; a non-bundle answers 400 and changes nothing', async () => {
    expect(await status()).toEqual({
      state: 'empty', updated: null, automatic_sync: false,
      sources: SOURCE_NAMES.map((name) => ({ name, ...EMPTY_SOURCE })),
      bundle: { state: 'none', last_success: null, feed_date: null, last_error: null },
    });

    const group = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Apps' } });
    const scanFile = multipart('file', 'app.tar', findingsFile({ components: [component({ name: 'lodash', version: '4.17.20' })] }));
    const created = await t.app.inject({
      method: 'POST', url: `/rest/groups/${group.json<{ id: number }>().id}/upload/`, headers: { ...alice.headers, ...scanFile.headers }, payload: scanFile.payload,
    });
    const scanId = created.json<{ id: number }>().id;
    const scan = () => t.app.inject({ method: 'GET', url: `/rest/scans/${scanId}/`, headers: alice.headers }).then((r) => r.json<{ status: string }>());
    expect((await until(scan, (s) => !['B', 'S', 'P', 'D'].includes(s.status))).status).toBe('R');
    type Result = { components: { lib: string; vulns: { vuln_id: string }[] }[]; knowledge_base: unknown };
    const result = async () => (await t.app.inject({ method: 'GET', url: `/rest/scans/${scanId}/result/`, headers: alice.headers })).json<Result>();
    const before = await result();
    expect(before.knowledge_base).toEqual({ state: 'empty', updated: null });
    expect(before.components.map((c) => [c.lib, c.vulns])).toEqual([['lodash', []]]);

    expect((await upload(alice, 'kb.tar', bundle)).statusCode).toBe(403);
    const accepted = await upload(admin, 'kb.tar', bundle);
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json<KnowledgeBaseStatus>()).toMatchObject({ state: 'importing', bundle: { state: 'importing' } });

    const ready = await until(() => status(), (s) => s.state !== 'importing');
    const osv = ready.sources.find((s) => s.name === 'osv');
    expect(ready.state).toBe('ready');
    expect(ready.bundle).toEqual({ state: 'ready', last_success: ready.bundle.last_success, feed_date: bundleCreated, last_error: null });
    expect(osv).toEqual({ ...EMPTY_SOURCE, name: 'osv', state: 'ready', records: 1, last_success: osv?.last_success, feed_date: bundleCreated });
    expect(Date.parse(osv?.last_success ?? '')).toBeLessThanOrEqual(Date.now());

    const after = await result();
    expect(after.knowledge_base).toEqual({ state: 'ready', updated: ready.updated });
    expect(after.components.map((c) => [c.lib, c.vulns.map((v) => v.vuln_id)])).toEqual([['lodash', ['CVE-2021-23337']]]);

    const notBundle = await upload(admin, 'notes.txt', Buffer.from('not a bundle at all'));
    expect(notBundle.statusCode).toBe(400);
    expect(notBundle.json()).toEqual({ file: ['notes.txt: not a knowledge-base bundle: not a tar archive (shorter than its end marker)'] });
    expect(await status()).toEqual(ready);
  });

  it('answers 400 without a file, 401 without a session, 403 to a user without change_companyaccount', async () => {
    const empty = multipart('other', 'x.tar', Buffer.from('x'));
    const missing = await t.app.inject({ method: 'POST', url: '/rest/knowledge-base/bundles/', headers: { ...admin.headers, ...empty.headers }, payload: empty.payload });
    expect([missing.statusCode, missing.json()]).toEqual([400, { file: ['No file was submitted.'] }]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/rest/knowledge-base/' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { detail: 'Authentication credentials were not provided.' }]);
    const sync = await t.app.inject({ method: 'POST', url: '/rest/knowledge-base/sync/', headers: alice.headers });
    expect([sync.statusCode, sync.json()]).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
  });
});
