import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { multipart, tar } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

interface ScanBody {
  id: number;
  status: 'B' | 'R' | 'F';
  error: string | null;
  component_count: number | null;
}

describe.each(DATABASES)('scan routes on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;
  let groupId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true });
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
    const group = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Apps' } });
    groupId = group.json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  const upload = (session: TestSession, filename: string, content: Buffer, field = 'file', group = groupId) => {
    const body = multipart(field, filename, content);
    return t.app.inject({ method: 'POST', url: `/rest/groups/${group}/upload/`, headers: { ...session.headers, ...body.headers }, payload: body.payload });
  };

  const waitFinished = async (id: number): Promise<ScanBody> => {
    const deadline = Date.now() + 45_000;
    for (;;) {
      const scan = (await t.app.inject({ method: 'GET', url: `/rest/scans/${id}/`, headers: alice.headers })).json<ScanBody>();
      if (scan.status !== 'B' || Date.now() > deadline) return scan;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  it('uploads a tar, runs the engine and serves its components', async () => {
    const archive = tar([{ path: 'app/node_modules/left-pad/package.json', content: JSON.stringify({ name: 'left-pad', version: '1.3.0', license: 'WTFPL' }) }]);
    const response = await upload(alice, 'app.tar', archive);
    expect(response.statusCode).toBe(201);
    const created = response.json<ScanBody & Record<string, unknown>>();
    expect(created).toMatchObject({
      url: `/rest/scans/${created.id}/`,
      group: groupId,
      group_name: 'Apps',
      name: 'app.tar',
      size: archive.length,
      status: 'B',
      error: null,
      finished: null,
      cvss3_fallback: true,
      include_bdsa_vulnerabilities: false,
      component_count: null,
    });

    const finished = await waitFinished(created.id);
    expect(finished).toMatchObject({ status: 'R', error: null, component_count: 1 });

    const result = await t.app.inject({ method: 'GET', url: `/rest/scans/${created.id}/result/`, headers: alice.headers });
    expect(result.statusCode).toBe(200);
    const body = result.json<{ components: { lib: string; version: string; codetype: string; license: string[] }[]; licenses: unknown[] }>();
    expect(body.components.map((c) => [c.lib, c.version, c.codetype])).toEqual([['left-pad', '1.3.0', 'JS']]);

    const list = (await t.app.inject({ method: 'GET', url: `/rest/scans/?group=${groupId}`, headers: alice.headers })).json<{ count: number; results: ScanBody[] }>();
    expect(list.results[0]?.id).toBe(created.id);
  });

  it('finishes an empty upload with a warning, never leaving it busy', async () => {
    const response = await upload(alice, 'empty.bin', Buffer.alloc(0));
    expect(response.statusCode).toBe(201);
    const finished = await waitFinished(response.json<ScanBody>().id);
    expect(finished.status).toBe('R');
    const warnings = await t.app.inject({ method: 'GET', url: `/rest/scans/${finished.id}/warnings/`, headers: alice.headers });
    expect(warnings.json()).toEqual({
      count: 1,
      results: [{ level: 'warning', location: [], plugin: 'engine/pipeline', code: 'empty-input', message: 'the input is empty' }],
      links: { next: null, previous: null },
    });
    const errors = await t.app.inject({ method: 'GET', url: `/rest/scans/${finished.id}/errors/`, headers: alice.headers });
    expect(errors.json()).toEqual({ count: 0, results: [], links: { next: null, previous: null } });
  });

  it('answers 400 {file: [...]} without a file field', async () => {
    const wrongField = await upload(alice, 'a.bin', Buffer.from('x'), 'upload');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ file: ['No file was submitted.'] });
    const notMultipart = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: alice.headers, payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json()).toEqual({ file: ['No file was submitted.'] });
  });

  it("hides another user's scans and refuses uploads to their group", async () => {
    const own = (await upload(alice, 'mine.bin', Buffer.from('hello'))).json<ScanBody>();
    await waitFinished(own.id);
    for (const url of [`/rest/scans/${own.id}/`, `/rest/scans/${own.id}/result/`, `/rest/scans/${own.id}/errors/`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bob.headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
    const list = (await t.app.inject({ method: 'GET', url: '/rest/scans/', headers: bob.headers })).json<{ count: number }>();
    expect(list.count).toBe(0);
    const response = await upload(bob, 'intruder.bin', Buffer.from('x'));
    expect(response.statusCode).toBe(404);
  });

  it('answers 404 for an unknown scan and 409 for a result not ready', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/rest/scans/2147483647/', headers: alice.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.' });
    const [row] = await t.database.db.execute<{ id: number }>(
      `insert into scans (group_id, filename, size, sha1, sha256, blob_key, status) values (${groupId}, 'q.bin', 0, '', '', '', 'B') returning id`,
    ).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const notReady = await t.app.inject({ method: 'GET', url: `/rest/scans/${row?.id}/result/`, headers: alice.headers });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json()).toEqual({ detail: 'The scan is not ready.' });
  });
});
