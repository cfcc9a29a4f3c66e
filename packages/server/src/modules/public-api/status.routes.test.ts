import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe.each(DATABASES)('GET /api/status/ on %s', (kind) => {
  let t: TestApp;
  let session: TestSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    session = await newSession(t.app, t.database);
  });
  afterAll(() => t.close());

  it('answers the version, the knowledge base and the scan queue in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/status/', headers: session.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ results: { queue: { queued: number; active: number } | null } }>();
    expect(PACKAGE_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(body).toEqual({
      meta: { code: 200 },
      results: { version: PACKAGE_VERSION, knowledge_base: { state: 'empty', updated: null }, queue: { queued: expect.any(Number), active: expect.any(Number) } },
    });
    expect(body.results.queue?.queued).toBeGreaterThanOrEqual(0);
  });

  it('answers /api/service/version and /api/service/info, for a signed-in caller only', async () => {
    const version = await t.app.inject({ method: 'GET', url: '/api/service/version', headers: session.headers });
    expect([version.statusCode, version.json()]).toEqual([200, { meta: { code: 200 }, results: { version: PACKAGE_VERSION } }]);
    const info = await t.app.inject({ method: 'GET', url: '/api/service/info/', headers: session.headers });
    expect([info.statusCode, info.json()]).toEqual([200, { meta: { code: 200 }, results: { name: 'Binlens', version: PACKAGE_VERSION, knowledge_base: { state: 'empty', updated: null } } }]);
    for (const url of ['/api/service/version', '/api/service/info']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { meta: { code: 401 }, detail: 'Authentication credentials were not provided.' }]);
    }
  });

  it('answers 401 without credentials; HEAD / answers 200 for connectivity checks', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/status/' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { meta: { code: 401 }, detail: 'Authentication credentials were not provided.' }]);
    expect((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('answers HEAD / with 200 beside the web app, which still serves GET /', async () => {
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'binlens-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Binlens</title>');
    const withWeb = await startTestApp(kind, { webDist });
    try {
      expect((await withWeb.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
      const page = await withWeb.app.inject({ method: 'GET', url: '/' });
      expect([page.statusCode, page.body]).toEqual([200, '<!doctype html><title>Binlens</title>']);
    } finally {
      await withWeb.close();
      await rm(webDist, { recursive: true, force: true });
    }
  });
});
