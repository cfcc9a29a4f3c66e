import { createHash } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileOf, uploadReady } from '../../../test/adjusted-scans.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { component, fakeEngine } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import type { Engine } from '../../engine/engine.ts';
import { REPORT_DEAD_QUEUE, REPORT_QUEUE } from '../../lib/report-queue.ts';
import { createReportJobsRepository } from './jobs-repository.ts';
import { REPORT_ABANDONED } from './jobs-service.ts';

interface ReportJobBody {
  id: number;
  kind: string;
  format: string;
  name: string;
  state: string;
  error: string | null;
  size: number | null;
  scan: number | null;
  cvss_version: number | null;
  q: string | null;
  id__in: number[] | null;
  group: number | null;
  user: number | null;
  created: string;
  finished: string | null;
}

/** The fake engine, except that a file named broken.bin fails to scan. */
function failingWhenAsked(): Engine {
  const engine = fakeEngine();
  return {
    ...engine,
    scan: async (file, options, onProgress) => {
      if (options.name === 'broken.bin') throw new Error('The file could not be read.');
      return engine.scan(file, options, onProgress);
    },
  };
}

describe.each(DATABASES)('reports made in the background on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let groupId: number;
  let scanId: number;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, session: TestSession = alice, payload?: object) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

  /** Polls the report until it has left queued and running; its last state. */
  async function settled(id: number): Promise<ReportJobBody> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const report = (await call('GET', `/rest/reports/${id}/`)).json<ReportJobBody>();
      if (report.state === 'ready' || report.state === 'failed') return report;
      if (Date.now() > deadline) throw new Error(`report ${id} did not settle: ${JSON.stringify(report)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: failingWhenAsked() });
    alice = await newSession(t.app, t.database, ['AU']);
    groupId = (await call('POST', '/rest/groups/', alice, { name: 'Routers' })).json<{ id: number }>().id;
    const libz = fileOf('usr/lib/libz.so.1', 'libz 1.2.13');
    scanId = await uploadReady(t, alice.headers, groupId, 'router-fw.bin', {
      files: [libz],
      components: [component({ name: 'zlib', version: '1.2.13', licenses: ['Zlib'], evidence: [{ method: 'signature', foundBy: 'signatures/zlib', path: libz.path }] })],
    });
  });
  afterAll(() => t.close());

  it('makes a PDF of a ready scan in a job, lists it, downloads it, and deletes it with its blob', async () => {
    const created = await call('POST', '/rest/reports/', alice, { kind: 'scan', format: 'pdf', scan: scanId, cvss_version: 2 });
    expect(created.statusCode, created.body).toBe(201);
    const queued = created.json<ReportJobBody>();
    expect(queued).toEqual({
      id: queued.id, kind: 'scan', format: 'pdf', name: 'router-fw.bin.pdf', state: 'queued', error: null, size: null,
      scan: scanId, cvss_version: 2, q: null, id__in: null, group: null, user: null, created: queued.created, finished: null,
    });

    const ready = await settled(queued.id);
    expect(ready).toMatchObject({ state: 'ready', error: null, name: 'router-fw.bin.pdf' });
    expect(ready.finished).not.toBeNull();

    const download = await call('GET', `/rest/reports/${queued.id}/download/`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="router-fw.bin.pdf"; filename*=UTF-8''router-fw.bin.pdf`);
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(ready.size).toBe(download.rawPayload.length);
    const pdf = await getDocumentProxy(new Uint8Array(download.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('router-fw.bin');
    expect(text).toContain('CVSS v2');

    const list = await call('GET', '/rest/reports/?limit=1');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ count: 1, results: [ready], links: { next: null, previous: null } });

    // Blobs are addressed by their sha256: the document is there until the report goes.
    const blobKey = createHash('sha256').update(download.rawPayload).digest('hex');
    expect(await t.composition.blobs.stat(blobKey)).toEqual({ size: download.rawPayload.length });
    const deleted = await call('DELETE', `/rest/reports/${queued.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(await t.composition.blobs.stat(blobKey)).toBeNull();
    expect((await call('GET', `/rest/reports/${queued.id}/`)).statusCode).toBe(404);
    expect((await call('GET', '/rest/reports/')).json()).toEqual({ count: 0, results: [], links: { next: null, previous: null } });
  });

  it('keeps reports private: another user gets 404 on the report and on a scan they cannot see', async () => {
    const id = (await call('POST', '/rest/reports/', alice, { kind: 'scan', format: 'csv-components', scan: scanId })).json<ReportJobBody>().id;
    expect((await settled(id)).state).toBe('ready');
    const bob = await newSession(t.app, t.database);
    for (const [method, url] of [['GET', `/rest/reports/${id}/`], ['GET', `/rest/reports/${id}/download/`], ['DELETE', `/rest/reports/${id}/`]] as const) {
      const response = await call(method, url, bob);
      expect([response.statusCode, response.json()], `${method} ${url}`).toEqual([404, { detail: 'Not found.' }]);
    }
    expect((await call('GET', '/rest/reports/', bob)).json()).toEqual({ count: 0, results: [], links: { next: null, previous: null } });
    const hidden = await call('POST', '/rest/reports/', bob, { kind: 'scan', format: 'pdf', scan: scanId });
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { detail: 'Not found.' }]);
    // Still Alice's, and still downloadable by her.
    const csv = await call('GET', `/rest/reports/${id}/download/`);
    expect([csv.statusCode, csv.headers['content-type'], csv.headers['content-disposition']]).toEqual([
      200, 'text/csv; charset=utf-8', `attachment; filename="router-fw.bin-components.csv"; filename*=UTF-8''router-fw.bin-components.csv`,
    ]);
    expect(csv.body.split('\r\n')[0]?.startsWith('Component,Version,')).toBe(true);
    expect((await call('GET', `/rest/reports/${id}/`, alice)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/rest/reports/${id}/` })).statusCode).toBe(401);
  });

  it("ends a failed scan's report failed with the reason, and answers 409 to its download", async () => {
    const body = multipart('file', 'broken.bin', Buffer.from('not a firmware'));
    const failedId = (await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload })).json<{ id: number }>().id;
    const deadline = Date.now() + 30_000;
    while ((await call('GET', `/rest/scans/${failedId}/`)).json<{ status: string }>().status !== 'F' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const id = (await call('POST', '/rest/reports/', alice, { kind: 'scan', format: 'pdf', scan: failedId })).json<ReportJobBody>().id;
    const failed = await settled(id);
    expect(failed).toMatchObject({ state: 'failed', error: 'The scan failed, so there is nothing to report: rescan the file or upload it again.', size: null, name: 'broken.bin.pdf' });
    const download = await call('GET', `/rest/reports/${id}/download/`);
    expect([download.statusCode, download.json()]).toEqual([409, { detail: 'The report failed: The scan failed, so there is nothing to report: rescan the file or upload it again.' }]);
  });

  it('fails a report whose job died with its process, with a reason; a report already made stays as it is', async () => {
    const boss = t.app.boss;
    if (!boss) throw new Error('no queue');
    const made = await settled((await call('POST', '/rest/reports/', alice, { kind: 'scan', format: 'csv-components', scan: scanId })).json<ReportJobBody>().id);
    const repository = createReportJobsRepository(t.database.db);
    const template = await repository.find(made.id);
    if (!template) throw new Error('no report');
    const cut = await repository.create({ userId: template.userId, kind: template.kind, format: template.format, params: template.params, name: template.name });
    expect(await repository.start(cut.id)).toBe(true);
    // Jobs no worker takes yet, failed as pg-boss fails the job of a process that ended: dead-lettered (retryLimit 0).
    for (const reportId of [made.id, cut.id]) {
      const jobId = await boss.send(REPORT_QUEUE, { reportId }, { startAfter: 3600 });
      if (!jobId) throw new Error('not sent');
      await boss.fail(REPORT_QUEUE, jobId, { message: 'the process running the job ended' });
    }
    expect(await settled(cut.id)).toMatchObject({ state: 'failed', error: REPORT_ABANDONED, size: null });
    expect((await call('GET', `/rest/reports/${made.id}/`)).json()).toEqual(made);
    expect((await boss.getQueue(REPORT_QUEUE))?.deadLetter).toBe(REPORT_DEAD_QUEUE);
  });

  it('is removed by the retention sweep once older than 7 days, with its blob', async () => {
    const id = (await call('POST', '/rest/reports/', alice, { kind: 'scan', format: 'csv-vulnerabilities', scan: scanId })).json<ReportJobBody>().id;
    const ready = await settled(id);
    expect(ready.state).toBe('ready');
    const bytes = (await call('GET', `/rest/reports/${id}/download/`)).rawPayload;
    const blobKey = createHash('sha256').update(bytes).digest('hex');
    const made = new Date(ready.created).getTime();
    const day = 24 * 3600 * 1000;
    // Earlier tests' reports may be old enough at this cutoff too (a busy machine spaces them out): only this one is asked about.
    expect(await t.composition.services.reportJobs.sweep(new Date(made + 7 * day - 1000))).not.toContain(id);
    expect((await call('GET', `/rest/reports/${id}/`)).statusCode).toBe(200);
    expect(await t.composition.services.reportJobs.sweep(new Date(made + 7 * day + 1000))).toContain(id);
    expect((await call('GET', `/rest/reports/${id}/`)).statusCode).toBe(404);
    expect(await t.composition.blobs.stat(blobKey)).toBeNull();
  });

  it('makes a CSV over the selected scans, and refuses bodies that do not fit the kind', async () => {
    const created = await call('POST', '/rest/reports/', alice, { kind: 'scans', format: 'csv', id__in: `${scanId}`, q: '  router ' });
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json<ReportJobBody>();
    expect(report).toMatchObject({ kind: 'scans', format: 'csv', name: 'scans-report.csv', q: 'router', id__in: [scanId], scan: null, group: null });
    expect((await settled(report.id)).state).toBe('ready');
    const csv = (await call('GET', `/rest/reports/${report.id}/download/`)).body.split('\r\n').filter((line) => line !== '');
    expect(csv.length).toBe(2);
    expect(csv[1]?.startsWith(`${scanId},router-fw.bin,Routers,`)).toBe(true);

    const noScan = await call('POST', '/rest/reports/', alice, { kind: 'scan', format: 'pdf' });
    expect([noScan.statusCode, noScan.json()]).toEqual([400, { scan: ['A scan report names its scan.'] }]);
    const wrongFormat = await call('POST', '/rest/reports/', alice, { kind: 'scans', format: 'pdf' });
    expect([wrongFormat.statusCode, wrongFormat.json()]).toEqual([400, { format: ['This format is not made for this kind of report.'] }]);
    expect((await call('POST', '/rest/reports/', alice, { kind: 'scan', format: 'docx', scan: scanId })).statusCode).toBe(400);
    const badIds = await call('POST', '/rest/reports/', alice, { kind: 'scans', format: 'csv', id__in: '1,x' });
    expect(badIds.statusCode).toBe(400);
  });
});
