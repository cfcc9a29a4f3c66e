import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { createUser, login, type TestSession } from '../../test/login.ts';
import { buildApp } from '../app.ts';
import { compose } from '../composition.ts';

const CSP =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

describe.each(DATABASES)('security headers and routed-path hooks on %s', (kind) => {
  let testDb: TestDatabase;
  let dir: string;
  let app: FastifyInstance;
  let session: TestSession;

  beforeAll(async () => {
    testDb = await openTestDatabase(kind);
    dir = await mkdtemp(path.join(os.tmpdir(), 'binlens-headers-'));
    const webDist = path.join(dir, 'web');
    await mkdir(path.join(webDist, 'static'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Binlens</title>');
    await writeFile(path.join(webDist, 'static', 'app-1234.js'), 'console.log(1)');
    // Behind one TLS-terminating proxy that sets X-Forwarded-Proto.
    app = await buildApp({ composition: compose({ database: testDb.database, blobDir: path.join(dir, 'blobs'), queue: false }), webDist, trustProxy: 1 });
    const user = await createUser(testDb.database);
    session = await login(app, user.email, user.password);
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  const securityHeaders = (headers: Record<string, unknown>) => ({
    csp: headers['content-security-policy'],
    frame: headers['x-frame-options'],
    nosniff: headers['x-content-type-options'],
    referrer: headers['referrer-policy'],
    coop: headers['cross-origin-opener-policy'],
    hsts: headers['strict-transport-security'],
  });
  const expected = { csp: CSP, frame: 'DENY', nosniff: 'nosniff', referrer: 'same-origin', coop: 'same-origin', hsts: undefined };

  it('sets them on an API answer, an error, a 404, a page and a static asset; HSTS only over TLS', async () => {
    const requests = [
      { method: 'GET', url: '/rest/users/me/', headers: session.headers, status: 200 },
      { method: 'GET', url: '/rest/users/me/', headers: {}, status: 401 },
      { method: 'GET', url: '/rest/nothing/', headers: session.headers, status: 404 },
      { method: 'GET', url: '/static/gone.js', headers: {}, status: 404 },
      { method: 'GET', url: '/groups/1/scans', headers: {}, status: 200 },
      { method: 'GET', url: '/static/app-1234.js', headers: {}, status: 200 },
    ] as const;
    for (const request of requests) {
      const response = await app.inject({ method: request.method, url: request.url, headers: request.headers });
      expect(response.statusCode, request.url).toBe(request.status);
      expect(securityHeaders(response.headers), request.url).toEqual(expected);
    }
    const overTls = await app.inject({ method: 'GET', url: '/static/app-1234.js', headers: { 'x-forwarded-proto': 'https' } });
    expect(securityHeaders(overTls.headers)).toEqual({ ...expected, hsts: 'max-age=31536000; includeSubDomains' });
  });

  it('marks the session cookies Secure behind a TLS proxy only', async () => {
    const user = await createUser(testDb.database);
    const secureOf = async (headers: Record<string, string>) => {
      const response = await app.inject({ method: 'POST', url: '/rest/auth/login/', headers, payload: { email: user.email, password: user.password } });
      return response.cookies.map((c) => [c.name, c.secure === true]);
    };
    expect(await secureOf({ 'x-forwarded-proto': 'https' })).toEqual([['sessionid', true], ['csrftoken', true]]);
    expect(await secureOf({})).toEqual([['sessionid', false], ['csrftoken', false]]);
  });

  it('authenticates and checks CSRF on the routed path, whatever the encoding', async () => {
    for (const url of ['/%72est/users/me/', '/rest/%75sers/me/', '/rest/./users/me/']) {
      const anonymous = await app.inject({ method: 'GET', url });
      expect([anonymous.statusCode, anonymous.json()], url).toEqual([401, { detail: 'Authentication credentials were not provided.' }]);
    }
    const noToken = await app.inject({ method: 'POST', url: '/%72est/groups/', headers: { cookie: session.headers.cookie }, payload: { name: 'x' } });
    expect([noToken.statusCode, noToken.json()]).toEqual([403, { detail: 'CSRF token missing or incorrect.' }]);
    const logout = await app.inject({ method: 'POST', url: '/rest/auth/%6cogout/', headers: { cookie: session.headers.cookie } });
    expect(logout.statusCode).toBe(403);
    const withToken = await app.inject({ method: 'POST', url: '/%72est/groups/', headers: session.headers, payload: { name: 'x' } });
    expect(withToken.statusCode).toBe(201);
  });
});
