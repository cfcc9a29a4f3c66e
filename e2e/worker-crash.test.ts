// Dedicated workers on PostgreSQL, blobs on an S3-compatible server on loopback: the server
// runs no scan itself (BINLENS_SCAN_CONCURRENCY=0); two `binlens worker` processes, each with a
// data directory of its own (as on other machines), share its queue. The one that takes the
// scan is killed with SIGKILL mid-scan; the other takes the scan over and finishes it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackS3, startLoopbackS3 } from '../packages/server/test/s3-server.ts';
import { ApiSession } from './support/api-session.ts';
import { databaseTargets } from './support/databases.ts';
import { offlineEnv, repoRoot, startServer, type RunningServer } from './support/server-process.ts';

const demoDeb = join(import.meta.dirname, 'fixtures/demo-deb/binlens-demo_1.4.2-1_amd64.deb');
const postgres = databaseTargets().find((target) => target.name === 'postgresql');
/** The killed worker's scan is retried once its heartbeat lapses: the least pg-boss allows, not the default 20 s. */
const SHORT_HEARTBEAT = { BINLENS_SCAN_HEARTBEAT_SECONDS: '10' };

interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  output: () => string;
  dataDir: string;
}

if (!postgres) {
  describe('worker crash (PostgreSQL only)', () => {
    // A `binlens worker` process shares the queue through PostgreSQL; PGlite belongs to one process.
    it.skip('SKIPPED: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run the worker crash test', () => undefined);
  });
} else {
  describe('worker crash on PostgreSQL with blobs on S3', () => {
    let databaseUrl: string;
    let s3: LoopbackS3;
    let server: RunningServer | undefined;
    const workers: WorkerProcess[] = [];

    const startWorker = async (): Promise<WorkerProcess> => {
      const dataDir = await mkdtemp(join(tmpdir(), 'binlens-worker-'));
      const child = spawn(process.execPath, [join(repoRoot, 'packages/cli/bin/binlens.js'), 'worker'], {
        cwd: repoRoot,
        env: {
          ...offlineEnv(process.env),
          ...s3.env,
          DATABASE_URL: databaseUrl,
          BINLENS_DATA_DIR: dataDir,
          BINLENS_SCAN_CONCURRENCY: '1',
          ...SHORT_HEARTBEAT,
          // Long enough to be killed mid-scan; the survivor's retry waits as long, then scans.
          BINLENS_TEST_SCAN_DELAY_MS: '5000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      const worker = { child, pid: child.pid ?? 0, output: () => log, dataDir };
      workers.push(worker);
      await waitFor('the worker to be ready', () => {
        if (child.exitCode !== null) throw new Error(`worker exited with ${child.exitCode}:\n${log}`);
        return log.includes('"worker ready"');
      });
      return worker;
    };

    beforeAll(async () => {
      databaseUrl = (await postgres.create()) ?? '';
      s3 = await startLoopbackS3();
    });
    afterAll(async () => {
      for (const worker of workers) {
        if (worker.child.exitCode === null && worker.child.signalCode === null) {
          await new Promise((done) => {
            worker.child.once('exit', done);
            worker.child.kill('SIGTERM');
          });
        }
        await rm(worker.dataDir, { recursive: true, force: true });
      }
      await server?.stop();
      await s3.close();
      await postgres.drop();
    });

    it('finishes on the other worker the scan of a worker killed mid-scan', async () => {
      server = await startServer({ databaseUrl, env: { ...s3.env, ...SHORT_HEARTBEAT, BINLENS_SCAN_CONCURRENCY: '0' } });
      const session = new ApiSession(server.baseUrl);
      expect((await session.login(server.adminEmail, server.adminPassword)).status).toBe(200);
      const [a, b] = [await startWorker(), await startWorker()];
      if (!a || !b) throw new Error('two workers expected');

      const group = await session.json<{ id: number }>('POST', '/rest/groups/', { name: 'Workers' });
      const scan = await session.upload(group.id, demoDeb);
      const startedOn = (worker: WorkerProcess) => worker.output().includes('"scan started"');
      await waitFor('a worker to start the scan', () => startedOn(a) || startedOn(b));
      const [victim, survivor] = startedOn(a) ? [a, b] : [b, a];
      await new Promise((done) => {
        victim.child.once('exit', done);
        victim.child.kill('SIGKILL');
      });

      expect(await session.waitForScan(scan.id, 150_000)).toMatchObject({ status: 'R', error: null });
      expect(startedOn(survivor)).toBe(true);
      const log = await session.json<{ lines: { message: string }[] }>('GET', `/rest/scans/${scan.id}/scan-log`);
      const messages = log.lines.map((line) => line.message);
      expect(messages.slice(0, 3)).toEqual([
        'Queued; waiting for a worker',
        expect.stringMatching(new RegExp(`^Started on worker \\S+:${victim.pid}$`)),
        expect.stringMatching(new RegExp(`^Started again on worker \\S+:${survivor.pid} \\(attempt 2 of 3\\): the previous attempt stopped$`)),
      ]);
      expect(messages.at(-1)).toMatch(/^Finished: ready; \d+ components? in \d+ files?$/);
    });
  });
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}
