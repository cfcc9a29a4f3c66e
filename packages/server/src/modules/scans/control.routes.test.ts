import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import type { Engine } from '../../engine/engine.ts';

interface ScanBody {
  id: number;
  name: string;
  group: number;
  status: string;
  error: string | null;
  component_count: number | null;
  verdict: string | null;
  verdict_reason: string | null;
  binary_removed: boolean;
}

/** Names of the slow scans whose engine saw its signal aborted. */
const stopped = new Set<string>();

/** The fake engine, except that a file named slow-* runs until its scan is aborted. */
function slowWhenAsked(): Engine {
  const fast = fakeEngine();
  return {
    ...fast,
    async scan(file, options, onProgress) {
      if (options.name?.startsWith('slow-')) {
        onProgress?.({ stage: 'file extractors', done: 0, total: 1 });
        await new Promise((_resolve, reject) => {
          options.signal?.addEventListener(
            'abort',
            () => {
              stopped.add(options.name ?? '');
              reject(options.signal?.reason);
            },
            { once: true },
          );
        });
      }
      return fast.scan(file, options, onProgress);
    },
  };
}

const withComponent = findingsFile({ components: [component({ name: 'left-pad', version: '1.3.0' })] });

describe.each(DATABASES)('scan control routes on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let member: TestSession;
  let outsider: TestSession;
  let groupId: number;
  let otherGroupId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: slowWhenAsked() });
    alice = await newSession(t.app, t.database);
    member = await newSession(t.app, t.database);
    outsider = await newSession(t.app, t.database);
    groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Apps' } })).json<{ id: number }>().id;
    otherGroupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Other' } })).json<{ id: number }>().id;
    const added = await t.app.inject({ method: 'POST', url: '/rest/group-memberships/', headers: alice.headers, payload: { group_id: groupId, user_id: member.userId, role: 'GU' } });
    expect(added.statusCode).toBe(201);
  }, 60_000);
  afterAll(() => t.close());

  const call = (session: TestSession, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

  const upload = async (filename: string, content: Buffer = withComponent): Promise<ScanBody> => {
    const body = multipart('file', filename, content);
    const response = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(201);
    return response.json<ScanBody>();
  };

  const until = async (id: number, done: (scan: ScanBody) => boolean): Promise<ScanBody> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const scan = (await call(alice, 'GET', `/rest/scans/${id}/`)).json<ScanBody>();
      if (done(scan) || Date.now() > deadline) return scan;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const finished = (id: number) => until(id, (scan) => scan.status === 'R' || scan.status === 'F');

  const rowsOf = async <T,>(query: string): Promise<T[]> => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  const blobKey = async (id: number) => {
    return (await rowsOf<{ blob_key: string }>(`select blob_key from scans where id = ${id}`))[0]?.blob_key ?? '';
  };

  const events = async (object: string) => {
    return { results: await rowsOf<{ action: string; object: string }>(`select action, object from audit_events where object = '${object}' order by id`) };
  };

  it('rescans a finished scan, refuses a busy one, and refuses once its file was removed', async () => {
    const scan = await upload('app.tar');
    expect(await finished(scan.id)).toMatchObject({ status: 'R', component_count: 1, verdict: 'pass', verdict_reason: null, binary_removed: false });

    const rescan = await call(member, 'POST', `/rest/scans/${scan.id}/rescan/`);
    expect(rescan.statusCode).toBe(200);
    expect(rescan.json<ScanBody>()).toMatchObject({ id: scan.id, status: expect.stringMatching(/^[BSPD]$/), component_count: null, verdict: null });
    expect(await finished(scan.id)).toMatchObject({ status: 'R', component_count: 1 });

    const key = await blobKey(scan.id);
    const removed = await call(alice, 'DELETE', `/rest/scans/${scan.id}/binary/`);
    expect(removed.statusCode).toBe(200);
    expect(await t.composition.blobs.stat(key)).toBeNull();
    expect(removed.json<ScanBody>()).toMatchObject({ status: 'R', component_count: 1, binary_removed: true });
    expect((await call(alice, 'GET', `/rest/scans/${scan.id}/result/`)).statusCode).toBe(200);

    const refused = await call(alice, 'POST', `/rest/scans/${scan.id}/rescan/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: "The scan's file was removed, so it cannot be scanned again: upload the file again." });
    const again = await call(alice, 'DELETE', `/rest/scans/${scan.id}/binary/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: "The scan's file was already removed." });
  });

  it('aborts a running scan (its engine stops), refuses to abort or rescan twice', async () => {
    const scan = await upload('slow-firmware.bin');
    const busyRescan = await call(alice, 'POST', `/rest/scans/${scan.id}/rescan/`);
    expect(busyRescan.statusCode).toBe(409);
    expect(busyRescan.json()).toEqual({ detail: 'The scan is already queued or running: wait until it has finished, or abort it first.' });

    const aborted = await call(member, 'POST', `/rest/scans/${scan.id}/abort/`);
    expect(aborted.statusCode).toBe(200);
    expect(aborted.json<ScanBody>()).toMatchObject({ status: 'F', error: `Aborted by ${member.email}`, verdict: null });

    // The job noticed (jobs/scan-abort-watch.ts) and aborted the engine's signal.
    await until(scan.id, () => stopped.has('slow-firmware.bin'));
    expect([...stopped]).toEqual(['slow-firmware.bin']);
    expect((await call(alice, 'GET', `/rest/scans/${scan.id}/`)).json<ScanBody>()).toMatchObject({ status: 'F', error: `Aborted by ${member.email}` });
    const twice = await call(alice, 'POST', `/rest/scans/${scan.id}/abort/`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'The scan has already finished: only a queued or running scan can be aborted.' });
  });

  it('renames and moves through PATCH, changed fields only; an unknown field is named', async () => {
    const scan = await upload('old-name.tar');
    await finished(scan.id);
    const renamed = await call(alice, 'PATCH', `/rest/scans/${scan.id}/`, { name: '  router-fw.tar ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<ScanBody>()).toMatchObject({ id: scan.id, name: 'router-fw.tar', group: groupId });

    const unknown = await call(alice, 'PATCH', `/rest/scans/${scan.id}/`, { name: 'x', status: 'R' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ status: ['Unknown field: it cannot be set here.'] });
    const blank = await call(alice, 'PATCH', `/rest/scans/${scan.id}/`, { name: '   ' });
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });

    const before = (await events(`scan:${scan.id}`)).results.filter((e) => e.object === `scan:${scan.id}` && e.action === 'scan.update').length;
    const same = await call(alice, 'PATCH', `/rest/scans/${scan.id}/`, { name: 'router-fw.tar' });
    expect(same.statusCode).toBe(200);
    const after = (await events(`scan:${scan.id}`)).results.filter((e) => e.object === `scan:${scan.id}` && e.action === 'scan.update').length;
    expect([before, after]).toEqual([1, 1]);

    const moved = await call(alice, 'PATCH', `/rest/scans/${scan.id}/`, { group: otherGroupId });
    expect(moved.json<ScanBody>()).toMatchObject({ group: otherGroupId, name: 'router-fw.tar' });
    const nowhere = await call(alice, 'PATCH', `/rest/scans/${scan.id}/`, { group: 2147483647 });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json()).toEqual({ group: ['Invalid pk - object does not exist.'] });
  });

  it('removes a scan with its items and file, and answers 404 after', async () => {
    const content = findingsFile({ components: [component({ name: 'only-here', version: '9.9.9' })] });
    const scan = await upload('gone.tar', content);
    await finished(scan.id);
    const key = await blobKey(scan.id);
    expect(await t.composition.blobs.stat(key)).toEqual({ size: content.length });

    const removed = await call(alice, 'DELETE', `/rest/scans/${scan.id}/`);
    expect(removed.statusCode).toBe(204);
    expect((await call(alice, 'GET', `/rest/scans/${scan.id}/`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/rest/scans/${scan.id}/`)).statusCode).toBe(404);
    expect(await t.composition.blobs.stat(key)).toBeNull();
    expect(await rowsOf(`select count(*)::int as n from scan_items where scan_id = ${scan.id}`)).toEqual([{ n: 0 }]);
    expect((await events(`scan:${scan.id}`)).results.filter((e) => e.object === `scan:${scan.id}`).map((e) => e.action)).toContain('scan.delete');
  });

  it('says N/A with the reason when nothing was found', async () => {
    const empty = await upload('empty.bin', Buffer.alloc(0));
    expect(await finished(empty.id)).toMatchObject({ status: 'R', component_count: 0, verdict: 'na', verdict_reason: 'The file is empty.' });
    const unknown = await upload('noise.bin', findingsFile({ problems: [{ level: 'info', location: [], plugin: 'pipeline', code: 'unknown-format', message: 'no known format' }] }));
    expect(await finished(unknown.id)).toMatchObject({
      verdict: 'na',
      verdict_reason: 'No extractor understood the file: no known format or package metadata was recognised.',
    });
    const nothing = await upload('plain.tar', findingsFile({}));
    expect(await finished(nothing.id)).toMatchObject({ verdict: 'na', verdict_reason: 'No component was identified in the file.' });
  });

  it('acts on a selection: each id it may act on, the others refused with their reason', async () => {
    const a = await upload('a.tar');
    const b = await upload('b.tar');
    await finished(a.id);
    await finished(b.id);
    const files = await call(alice, 'POST', '/rest/scans/delete-binary/', { id__in: [a.id, b.id] });
    expect(files.json()).toEqual({ done: [a.id, b.id], refused: [] });
    const rescans = await call(alice, 'POST', '/rest/scans/rescan/', { id__in: [a.id] });
    expect(rescans.json()).toEqual({ done: [], refused: [{ id: a.id, detail: "The scan's file was removed, so it cannot be scanned again: upload the file again." }] });
    // A member may rescan but not remove; an outsider's ids do not exist for them.
    expect((await call(member, 'POST', '/rest/scans/delete/', { id__in: [a.id] })).json()).toEqual({
      done: [],
      refused: [{ id: a.id, detail: 'You do not have permission to perform this action.' }],
    });
    expect((await call(outsider, 'POST', '/rest/scans/abort/', { id__in: [a.id] })).json()).toEqual({ done: [], refused: [{ id: a.id, detail: 'Not found.' }] });
    expect((await call(alice, 'POST', '/rest/scans/abort/', { id__in: [a.id] })).json()).toEqual({
      done: [],
      refused: [{ id: a.id, detail: 'The scan has already finished: only a queued or running scan can be aborted.' }],
    });
    const removed = await call(alice, 'POST', '/rest/scans/delete/', { id__in: [a.id, b.id] });
    expect(removed.json()).toEqual({ done: [a.id, b.id], refused: [] });
    expect((await call(alice, 'GET', `/rest/scans/${b.id}/`)).statusCode).toBe(404);
    const bad = await call(alice, 'POST', '/rest/scans/delete/', { id__in: [] });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for another group's scan and 403 without the permission", async () => {
    const scan = await upload('private.tar');
    await finished(scan.id);
    for (const [method, url] of [
      ['POST', `/rest/scans/${scan.id}/rescan/`],
      ['POST', `/rest/scans/${scan.id}/abort/`],
      ['PATCH', `/rest/scans/${scan.id}/`],
      ['DELETE', `/rest/scans/${scan.id}/`],
      ['DELETE', `/rest/scans/${scan.id}/binary/`],
    ] as const) {
      const response = await call(outsider, method, url, method === 'PATCH' ? { name: 'x' } : undefined);
      expect([url, response.statusCode, response.json()]).toEqual([url, 404, { detail: 'Not found.' }]);
    }
    for (const url of [`/rest/scans/${scan.id}/`, `/rest/scans/${scan.id}/binary/`]) {
      const response = await call(member, 'DELETE', url);
      expect([url, response.statusCode]).toEqual([url, 403]);
    }
  });
});
