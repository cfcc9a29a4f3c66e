import { gunzipSync } from 'node:zlib';
import { importFeed } from '@binlens/vulndb';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { scans } from '../../db/schema/index.ts';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

// GHSA-35jh-r3h4-6jhm as the GitHub Advisory Database publishes it in OSV (trimmed).
const GHSA_LODASH = {
  id: 'GHSA-35jh-r3h4-6jhm',
  modified: '2022-02-08T21:35:09Z',
  aliases: ['CVE-2021-23337'],
  summary: 'Command Injection in lodash',
  affected: [{ package: { ecosystem: 'npm', name: 'lodash' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '4.17.21' }] }] }],
};
// The same package's later advisory (GHSA-29mw-wpgm-hmr9, trimmed): a second import.
const GHSA_LODASH_REDOS = {
  id: 'GHSA-29mw-wpgm-hmr9',
  modified: '2022-03-04T00:00:00Z',
  aliases: ['CVE-2020-28500'],
  summary: 'Regular Expression Denial of Service (ReDoS) in lodash',
  affected: [{ package: { ecosystem: 'npm', name: 'lodash' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '4.0.0' }, { fixed: '4.17.21' }] }] }],
};

interface ResultBody {
  components: { lib: string; vulns: { vuln_id: string }[] }[];
  knowledge_base: { state: string };
}

describe.each(DATABASES)('kept scan evaluations on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let scanId: number;
  let evaluations: MockInstance;

  const read = (session: TestSession | null = alice) =>
    t.app.inject({ method: 'GET', url: `/rest/scans/${scanId}/result/`, headers: session?.headers ?? {} });
  const vulnIds = (body: ResultBody) => body.components.flatMap((c) => c.vulns.map((v) => v.vuln_id));
  const importAdvisory = async (advisory: object) => {
    const report = await importFeed(t.database.db, { name: 'advisory.json', bytes: Buffer.from(JSON.stringify(advisory)) });
    expect(report.status).toBe('complete');
  };
  /**
   * Until the scan is ready and its counts are stored (the scan job evaluates it once for them).
   * Read from the table: the API would count a ready scan it finds without counts itself.
   */
  const untilEvaluated = async () => {
    const deadline = Date.now() + 45_000;
    for (;;) {
      const [scan] = await t.database.db.select({ status: scans.status, counts: scans.vulnerabilityCounts }).from(scans).where(eq(scans.id, scanId));
      if ((scan?.status === 'R' && scan.counts !== null) || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    alice = await newSession(t.app, t.database);
    const group = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Apps' } });
    const body = multipart('file', 'app.tar', findingsFile({ components: [component({ name: 'lodash', version: '4.17.20', licenses: ['MIT'] })] }));
    const created = await t.app.inject({ method: 'POST', url: `/rest/groups/${group.json<{ id: number }>().id}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    scanId = created.json<{ id: number }>().id;
    await untilEvaluated();
    // Every evaluation asks the knowledge base for its current version first (vulndb evaluate).
    const { knowledgeBase } = t.composition;
    evaluations = vi.spyOn(knowledgeBase as Required<typeof knowledgeBase>, 'atCurrentVersion');
  });
  afterAll(() => t.close());

  it('evaluates a scan once for any number of reads, and again after an import into the knowledge base', async () => {
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(vulnIds(first.json<ResultBody>())).toEqual([]);
    const second = await read();
    expect(second.body).toBe(first.body);
    expect(evaluations).toHaveBeenCalledTimes(1);

    await importAdvisory(GHSA_LODASH);
    const afterImport = await read();
    expect(vulnIds(afterImport.json<ResultBody>())).toEqual(['CVE-2021-23337']);
    expect(afterImport.json<ResultBody>().knowledge_base.state).toBe('ready');
    await read();
    expect(evaluations).toHaveBeenCalledTimes(2);
  });

  it('evaluates once for reads that arrive together', async () => {
    await importAdvisory(GHSA_LODASH_REDOS);
    const before = evaluations.mock.calls.length;
    const answers = await Promise.all([read(), read(), read()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => vulnIds(answer.json<ResultBody>()))).toEqual(Array.from({ length: 3 }, () => ['CVE-2020-28500', 'CVE-2021-23337']));
    expect(evaluations.mock.calls.length - before).toBe(1);
  });

  it('answers gzip to a client that takes it: the same bytes, compressed once per kept result', async () => {
    const plain = await read();
    const before = t.composition.evaluationCache.size().bytes;
    const gzipped = await t.app.inject({ method: 'GET', url: `/rest/scans/${scanId}/result/`, headers: { ...alice.headers, 'accept-encoding': 'gzip, deflate, br' } });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(t.composition.evaluationCache.size().bytes - before).toBe(gzipped.rawPayload.length);
    const again = await t.app.inject({ method: 'GET', url: `/rest/scans/${scanId}/result/`, headers: { ...alice.headers, 'accept-encoding': 'gzip' } });
    expect(again.rawPayload.equals(gzipped.rawPayload)).toBe(true);
  });

  it('answers 404 for a kept scan of a group the user cannot see, and 401 without a session', async () => {
    const bob = await newSession(t.app, t.database);
    expect((await read(bob)).statusCode).toBe(404);
    expect((await read(null)).statusCode).toBe(401);
  });

  it('evaluates a rescanned scan again: its Identification is another', async () => {
    const before = evaluations.mock.calls.length;
    const rescan = await t.app.inject({ method: 'POST', url: `/rest/scans/${scanId}/rescan/`, headers: alice.headers });
    expect(rescan.statusCode).toBe(200);
    await untilEvaluated();
    const afterScanJob = evaluations.mock.calls.length;
    expect(afterScanJob - before).toBe(1);
    expect(vulnIds((await read()).json<ResultBody>())).toEqual(['CVE-2020-28500', 'CVE-2021-23337']);
    expect(evaluations.mock.calls.length - afterScanJob).toBe(1);
  });

  it('forgets a removed scan', async () => {
    await read();
    expect(t.composition.evaluationCache.size().scans).toBe(1);
    const removed = await t.app.inject({ method: 'DELETE', url: `/rest/scans/${scanId}/`, headers: alice.headers });
    expect(removed.statusCode).toBe(204);
    expect(t.composition.evaluationCache.size()).toEqual({ scans: 0, bytes: 0 });
    expect((await read()).statusCode).toBe(404);
  });
});
