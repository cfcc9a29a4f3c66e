// A real Binlens server for the CLI's pipeline tests: packages/server/src/main.ts in a child
// process (the CLI may not import the server, docs/architecture.md), on a free loopback port
// with its own data directory and PGlite, its knowledge-base sync off and every feed URL
// pointing at a loopback port where nothing listens, as the e2e journeys start it.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
const UNREACHABLE_FEED = 'http://127.0.0.1:2/feed-not-served';
const FEED_SOURCES = ['ALPINE', 'DEBIAN', 'EPSS', 'KEV', 'NVD', 'OSV', 'UBUNTU'];

export interface TestServer {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'binlens-cli-server-'));
  const port = await freePort();
  const adminEmail = 'admin@example.com';
  const adminPassword = 'correct horse battery staple';
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...Object.fromEntries(FEED_SOURCES.map((source) => [`BINLENS_${source}_URL`, UNREACHABLE_FEED])),
    BINLENS_KB_SYNC: '0',
    PORT: String(port),
    HOST: '127.0.0.1',
    BINLENS_DATA_DIR: dataDir,
    BINLENS_ADMIN_EMAIL: adminEmail,
    BINLENS_ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.NVD_API_KEY;
  const child = spawn(process.execPath, [join(REPO_ROOT, 'packages/server/src/main.ts')], { cwd: REPO_ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((done) => {
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(killer);
          done();
        });
        child.kill('SIGTERM');
      });
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  // PGlite is made and migrated at the first start: minutes on a loaded two-core machine.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    }
    const up = await fetch(`${baseUrl}/rest/users/me/`).then((r) => r.status === 401, () => false);
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not come up in 240 s:\n${log}`);
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  return { baseUrl, adminEmail, adminPassword, output: () => log, stop };
}

/** A signed-in administrator: the session's cookie and CSRF token on every call. */
export async function adminSession(server: TestServer): Promise<(method: string, path: string, body?: unknown) => Promise<{ status: number; json: unknown }>> {
  const login = await fetch(`${server.baseUrl}/rest/auth/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  const cookies = new Map(login.headers.getSetCookie().map((line) => {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    return [pair.slice(0, eq), pair.slice(eq + 1)] as const;
  }));
  const headers = { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), 'x-csrftoken': cookies.get('csrftoken') ?? '' };
  return async (method, path, body) => {
    const form = body instanceof FormData;
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: form ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
  };
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
