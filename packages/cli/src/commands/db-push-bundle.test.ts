// `binlens db push-bundle` against a stand-in for the server's three routes (the real server
// takes the same requests in e2e/knowledge-base-journey.test.ts): login, the multipart upload
// with the session's CSRF token, then the import's state until it ends.
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('binlens db push-bundle', () => {
  let dir: string;
  let server: Server;
  let url: string;
  let received: Buffer = Buffer.alloc(0);
  let answer: { status: number; body: object } = { status: 202, body: {} };
  const states = ['importing', 'ready'];
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'binlens-push-'));
    await writeFile(path.join(dir, 'kb.tar'), Buffer.alloc(70_000, 7));
    server = createServer((req, res) => {
      void (async () => {
        const payload = await body(req);
        if (req.method === 'POST' && req.url === '/rest/auth/login/') {
          const { password } = JSON.parse(payload.toString()) as { password: string };
          if (password !== 'secret') return res.writeHead(400, { 'content-type': 'application/json' }).end('{"non_field_errors":["Unable to log in with the provided credentials."]}');
          return res.writeHead(200, { 'set-cookie': ['sessionid=s1; HttpOnly; Path=/', 'csrftoken=c1; Path=/'] }).end('{}');
        }
        const key = req.headers.authorization === 'Bearer blk_k1';
        const session = key || req.headers.cookie === 'sessionid=s1; csrftoken=c1';
        if (req.method === 'POST' && req.url === '/rest/knowledge-base/bundles/' && (key || (session && req.headers['x-csrftoken'] === 'c1'))) {
          received = payload;
          return res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
        }
        if (req.method === 'GET' && req.url === '/rest/knowledge-base/' && session) {
          return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ bundle: { state: states.shift() ?? 'ready', last_error: null } }));
        }
        res.writeHead(403).end('{"detail":"CSRF token missing or incorrect."}');
      })();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('logs in, uploads the file as multipart field "file" and waits until the server has imported it', async () => {
    const file = path.join(dir, 'kb.tar');
    const run = await runCli(['db', 'push-bundle', file, '--server', `${url}/`, '--email', 'admin@localhost'], '', { BINLENS_PASSWORD: 'secret' });
    expect(run).toEqual({ code: 0, stdout: `${file}: uploaded 70000 bytes to ${url}; importing\n${file}: imported; the server's knowledge base is ready\n`, stderr: '' });
    const text = received.toString('latin1');
    expect(text).toMatch(/^--binlens-[0-9a-f-]{36}\r\nContent-Disposition: form-data; name="file"; filename="kb\.tar"\r\nContent-Type: application\/x-tar\r\n\r\n/);
    expect(received.subarray(received.indexOf('\r\n\r\n') + 4, received.indexOf('\r\n\r\n') + 4 + 70_000).equals(Buffer.alloc(70_000, 7))).toBe(true);
  });

  it('sends an API key instead of logging in, from --api-key or $BINLENS_API_KEY', async () => {
    const file = path.join(dir, 'kb.tar');
    for (const [argv, env] of [[['--api-key', 'blk_k1'], {}], [[], { BINLENS_API_KEY: 'blk_k1' }]] as const) {
      states.push('ready');
      received = Buffer.alloc(0);
      const run = await runCli(['db', 'push-bundle', file, '--server', url, ...argv], '', env);
      expect(run).toEqual({ code: 0, stdout: `${file}: uploaded 70000 bytes to ${url}; importing\n${file}: imported; the server's knowledge base is ready\n`, stderr: '' });
      expect(received.length).toBeGreaterThan(70_000);
    }
    const wrong = await runCli(['db', 'push-bundle', file, '--server', url, '--api-key', 'blk_nope']);
    expect([wrong.code, wrong.stderr]).toEqual([1, `binlens: ${file}: the server refused the bundle (HTTP 403): CSRF token missing or incorrect.\n`]);
  });

  it('prints the server\'s reason when it refuses the bundle, and a failed login', async () => {
    answer = { status: 400, body: { file: ['kb.tar: not a knowledge-base bundle (no manifest.json)'] } };
    const file = path.join(dir, 'kb.tar');
    expect(await runCli(['db', 'push-bundle', file, '--server', url, '--email', 'a@b', '--password', 'secret'])).toEqual({
      code: 1, stdout: '', stderr: `binlens: ${file}: the server refused the bundle (HTTP 400): kb.tar: not a knowledge-base bundle (no manifest.json)\n`,
    });
    expect(await runCli(['db', 'push-bundle', file, '--server', url, '--email', 'a@b', '--password', 'wrong'])).toEqual({
      code: 1, stdout: '', stderr: `binlens: push-bundle: login to ${url} failed (HTTP 400): Unable to log in with the provided credentials.\n`,
    });
  });

  it('needs --server, --email and a password', async () => {
    const run = await runCli(['db', 'push-bundle', 'kb.tar', '--email', 'a@b']);
    expect([run.code, run.stderr.split('\n')[0]]).toEqual([2, 'binlens: push-bundle needs --server URL']);
    const noPassword = await runCli(['db', 'push-bundle', 'kb.tar', '--server', url, '--email', 'a@b']);
    expect([noPassword.code, noPassword.stderr.split('\n')[0]]).toEqual([2, 'binlens: push-bundle needs --api-key (or $BINLENS_API_KEY), or --email and --password (or $BINLENS_PASSWORD)']);
  });
});
