import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { workerName } from '../../jobs/scan.ts';
import { SCAN_LOG_MAX_LINES } from './scan-log-repository.ts';

interface ScanLog {
  lines: { at: string; level: string; message: string }[];
}

describe.each(DATABASES)('scan log route on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;
  let groupId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
    groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Logged' } })).json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  const upload = async (name: string) => {
    const body = multipart('file', name, findingsFile({ components: [component({ name: 'left-pad', version: '1.3.0' })] }));
    const response = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const readLog = (id: number, session = alice) => t.app.inject({ method: 'GET', url: `/rest/scans/${id}/scan-log`, headers: session.headers });
  const waitFor = async (id: number, last: string): Promise<ScanLog> => {
    const deadline = Date.now() + 45_000;
    for (;;) {
      const log = (await readLog(id)).json<ScanLog>();
      if (log.lines.at(-1)?.message === last || Date.now() > deadline) return log;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it("tells a scan's story from queued to finished, oldest first", async () => {
    const id = await upload('app.tar');
    const log = await waitFor(id, 'Finished: ready; 1 component in 0 files');
    expect(log.lines.map((line) => `${line.level}: ${line.message}`)).toEqual([
      'info: Queued; waiting for a worker',
      `info: Started on worker ${workerName()}`,
      'info: Scanner process: BOM matching',
      'info: Finished: ready; 1 component in 0 files',
    ]);
    const times = log.lines.map((line) => Date.parse(line.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it(`keeps the newest ${SCAN_LOG_MAX_LINES} lines of a scan`, async () => {
    const id = await upload('long.tar');
    await waitFor(id, 'Finished: ready; 1 component in 0 files');
    for (let i = 1; i <= SCAN_LOG_MAX_LINES; i += 1) await t.composition.repositories.scanLog.append(id, 'info', `line ${i}`);
    await t.composition.repositories.scanLog.append(id, 'warning', 'x'.repeat(600));
    const lines = (await readLog(id)).json<ScanLog>().lines;
    expect(lines.length).toBe(SCAN_LOG_MAX_LINES);
    expect([lines[0]?.message, lines.at(-2)?.message]).toEqual(['line 2', `line ${SCAN_LOG_MAX_LINES}`]);
    expect(lines.at(-1)).toMatchObject({ level: 'warning', message: `${'x'.repeat(499)}…` });
  });

  it('answers 404 for a scan the caller may not see and for none at all', async () => {
    const id = await upload('private.tar');
    expect((await readLog(id, bob)).statusCode).toBe(404);
    expect((await readLog(2_000_000_000)).statusCode).toBe(404);
  });
});
