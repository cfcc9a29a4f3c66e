// Starts the product the way `npm start` does (packages/server/src/main.ts) in a child
// process with its own data directory and port, and stops it afterwards. No journey may
// reach beyond 127.0.0.1: the knowledge-base sync is off unless a journey asks for it, and
// every feed URL points at a loopback port where nothing listens unless the journey gives
// its own mirror (support/feed-mirror.ts), so even "Sync now" stays on this machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  pid: number;
  adminEmail: string;
  adminPassword: string;
  output: () => string;
  /** SIGTERM, then removes the data directory unless the caller gave it. */
  stop: () => Promise<void>;
  /** SIGKILL, as a crash: nothing is cleaned up, the data directory stays. */
  kill: () => Promise<void>;
}

export interface StartOptions {
  /** PostgreSQL connection string; PGlite under the data directory when absent. */
  databaseUrl?: string;
  /** An existing data directory (a restart); the caller removes it. A new temp dir when absent. */
  dataDir?: string;
  /** More environment for the server, e.g. test hooks or BINLENS_<SOURCE>_URL of a mirror. */
  env?: Record<string, string>;
  /**
   * Leave BINLENS_KB_SYNC unset, as `npm start` does: the server syncs at once when its
   * knowledge base is empty. Off (BINLENS_KB_SYNC=0) when absent.
   */
  defaultSync?: boolean;
  /** Port of an SMTP server on loopback (support/smtp-server.ts): mail goes there, and mailed links point at this server. */
  smtpPort?: number;
  /** Listen on this port (a restart where a browser page stays open); a free one when absent. */
  port?: number;
}

/** The sync sources' URL variables (vulndb's SYNC_SOURCES). */
export const FEED_URL_VARIABLES = ['ALPINE', 'DEBIAN', 'EPSS', 'KEV', 'NVD', 'OSV', 'UBUNTU'].map((source) => `BINLENS_${source}_URL`);

/** Port 2 on loopback: nothing listens there (and fetch does not refuse it as it does 9), so a sync fails at once and stays local. */
const UNREACHABLE_FEED = 'http://127.0.0.1:2/feed-not-served';

/** The environment of a server child: the caller's, without anything that could send it to the real feeds. */
export function offlineEnv(base: NodeJS.ProcessEnv, options: Pick<StartOptions, 'defaultSync'> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const name of FEED_URL_VARIABLES) env[name] = UNREACHABLE_FEED;
  delete env.NVD_API_KEY;
  delete env.BINLENS_KB_SYNC;
  if (!options.defaultSync) env.BINLENS_KB_SYNC = '0';
  return env;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'binlens-e2e-')));
  const port = options.port ?? (await freePort());
  const adminEmail = 'admin@example.com';
  const adminPassword = 'correct horse battery staple';
  const env: NodeJS.ProcessEnv = {
    ...offlineEnv(process.env, options),
    PORT: String(port),
    HOST: '127.0.0.1',
    BINLENS_DATA_DIR: dataDir,
    BINLENS_ADMIN_EMAIL: adminEmail,
    BINLENS_ADMIN_PASSWORD: adminPassword,
    ...(options.smtpPort === undefined
      ? {}
      : { BINLENS_SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`, BINLENS_MAIL_FROM: 'Binlens <binlens@example.com>', BINLENS_PUBLIC_URL: `http://127.0.0.1:${port}` }),
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;

  const child = spawn(process.execPath, [join(repoRoot, 'packages/server/src/main.ts')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(baseUrl, child, () => log);
  return {
    baseUrl,
    dataDir,
    pid: child.pid ?? 0,
    adminEmail,
    adminPassword,
    output: () => log,
    stop: async () => {
      await stopChild(child);
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
    kill: () => killChild(child),
  };
}

async function waitUntilUp(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/rest/users/me/`);
      if (response.status === 401) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`server did not come up in 90 s:\n${log()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    child.kill('SIGTERM');
  });
}

function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}
