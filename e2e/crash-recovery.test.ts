// Crash hygiene against the real server process: kill -9 mid-scan and mid-upload, restart on
// the same data directory. The scan is retried at once and finishes, its scan log telling so;
// a scan whose every attempt (3) dies fails with a clear reason; neither the dead process's
// work directory nor its partial upload stays.
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession } from './support/api-session.ts';
import { databaseTargets } from './support/databases.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const demoDeb = join(import.meta.dirname, 'fixtures/demo-deb/binlens-demo_1.4.2-1_amd64.deb');
/** Long enough that the scan is still running when the test kills the server. */
const SLOW_SCAN = { BINLENS_TEST_SCAN_DELAY_MS: '600000' };
/** On PostgreSQL a dead server's scan is retried once its heartbeat lapses: the least pg-boss allows, not the default 20 s. */
const SHORT_HEARTBEAT = { BINLENS_SCAN_HEARTBEAT_SECONDS: '10' };

describe.each(databaseTargets())('crash recovery on $name', (target) => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let running: RunningServer | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'binlens-crash-'));
    databaseUrl = await target.create();
  });
  afterAll(async () => {
    await running?.stop();
    await target.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string> = {}): Promise<{ server: RunningServer; session: ApiSession }> => {
    const server = await startServer({ dataDir, env: { ...SHORT_HEARTBEAT, ...env }, ...(databaseUrl ? { databaseUrl } : {}) });
    running = server;
    const session = new ApiSession(server.baseUrl);
    expect((await session.login(server.adminEmail, server.adminPassword)).status).toBe(200);
    return { server, session };
  };
  const crash = async (server: RunningServer) => {
    await server.kill();
    running = undefined;
  };
  const waitFor = async (what: string, check: () => Promise<boolean> | boolean) => {
    const deadline = Date.now() + 90_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((done) => setTimeout(done, 200));
    }
  };
  const started = (server: RunningServer, count: number) => () => server.output().split('"scan started"').length - 1 >= count;
  const entries = async (dir: string) => (await readdir(join(dataDir, dir)).catch(() => [] as string[])).sort();

  it('retries a scan whose server was killed at the next start, and removes the dead work directory', async () => {
    const first = await start(SLOW_SCAN);
    const group = await first.session.json<{ id: number }>('POST', '/rest/groups/', { name: 'Crash' });
    const scan = await first.session.upload(group.id, demoDeb);
    await waitFor('the scan to start', started(first.server, 1));
    // The server prints "scan started" once the scan log's line is stored (jobs/scan.ts); the log says so before the kill.
    await waitFor('the scan log to say so', async () =>
      (await first.session.json<{ lines: { message: string }[] }>('GET', `/rest/scans/${scan.id}/scan-log`)).lines.some((line) => line.message.startsWith('Started on worker')),
    );
    const deadWorkDirs = (await entries('work')).filter((name) => name.startsWith(`${first.server.pid}-`));
    expect(deadWorkDirs.length).toBe(1);
    // A live process's work directory (this test runner's pid) must survive the restart.
    await mkdir(join(dataDir, 'work', `${process.pid}-live`));
    await crash(first.server);

    const second = await start();
    const work = await entries('work');
    expect(work.filter((name) => name.startsWith(`${first.server.pid}-`))).toEqual([]);
    expect(work).toContain(`${process.pid}-live`);
    expect(await second.session.waitForScan(scan.id, 90_000)).toMatchObject({ status: 'R', error: null });
    const log = await second.session.json<{ lines: { message: string }[] }>('GET', `/rest/scans/${scan.id}/scan-log`);
    expect(log.lines.map((line) => line.message.replace(/worker \S+:\d+/, 'worker HOST:PID'))).toEqual([
      'Queued; waiting for a worker',
      'Started on worker HOST:PID',
      'Started again on worker HOST:PID (attempt 2 of 3): the previous attempt stopped',
      'Scanner process: file extractors',
      'Scanner process: Rapid Scan Static',
      'Scanner process: infoleak',
      'Scanner process: BOM matching',
      'Scanner process: BOM postprocessing',
      expect.stringMatching(/^Finished: ready; \d+ components? in \d+ files?$/),
    ]);
    await second.server.stop();
    running = undefined;
  });

  it('fails a scan with a clear reason when every attempt dies', async () => {
    const first = await start(SLOW_SCAN);
    const group = await first.session.json<{ id: number }>('POST', '/rest/groups/', { name: 'Crash thrice' });
    const scan = await first.session.upload(group.id, demoDeb);
    await waitFor('the scan to start', started(first.server, 1));
    await crash(first.server);

    for (const attempt of ['the first retry', 'the second retry']) {
      const next = await start(SLOW_SCAN);
      await waitFor(`${attempt} to start`, started(next.server, 1));
      await crash(next.server);
    }

    const last = await start();
    const reason = 'The scan stopped 3 times (worker lost); giving up. Upload the file again or rescan to retry.';
    expect(await last.session.waitForScan(scan.id, 90_000)).toEqual(expect.objectContaining({ status: 'F', error: reason }));
    const log = await last.session.json<{ lines: { level: string; message: string }[] }>('GET', `/rest/scans/${scan.id}/scan-log`);
    expect(log.lines.at(-1)).toEqual({ at: expect.any(String), level: 'error', message: reason });
    await last.server.stop();
    running = undefined;
  });

  it('removes the partial upload of a server killed mid-upload', async () => {
    const first = await start();
    const group = await first.session.json<{ id: number }>('POST', '/rest/groups/', { name: 'Half' });
    const upload = startSlowUpload(first.server.baseUrl, `/rest/groups/${group.id}/upload/`, first.session);
    await waitFor('the partial upload', async () => (await entries('blobs/tmp')).some((name) => name.startsWith(`${first.server.pid}-`)));
    await crash(first.server);
    upload.destroy();

    const second = await start();
    expect(await entries('blobs/tmp')).toEqual([]);
    await second.server.stop();
    running = undefined;
  });
});

/** Sends a multipart upload's first megabyte and never the rest. */
function startSlowUpload(baseUrl: string, path: string, session: ApiSession): { destroy: () => void } {
  const boundary = 'binlens-crash-test';
  const headers = session.headersFor('POST');
  const req = request(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(100 * 1024 * 1024) },
  });
  req.on('error', () => undefined); // the server is killed under it
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  req.write(Buffer.alloc(1024 * 1024, 1));
  return { destroy: () => req.destroy() };
}
