import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { errorsPlugin } from './errors.ts';
import { boundedLogger } from './logging.ts';

/** What Drizzle throws for a failed statement: the SQL and every parameter in the message. */
class FakeQueryError extends Error {
  readonly query: string;
  readonly params: unknown[];
  constructor(query: string, params: unknown[], cause: Error) {
    super(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause });
    this.query = query;
    this.params = params;
  }
}

describe('errors plugin', () => {
  it('answers 500 with an error id that the log carries too', async () => {
    const logged: { errorId?: string; msg?: string }[] = [];
    const stream = { write: (line: string) => void logged.push(JSON.parse(line) as { errorId?: string }) };
    const app = Fastify({ logger: { level: 'error', stream } });
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw new Error('database on fire');
    });
    app.get('/coded', async () => {
      throw new AppError('scan_not_ready');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    const body = response.json<{ detail: string; error_id: string }>();
    expect(body).toEqual({ detail: 'An unknown error occured.', error_id: body.error_id });
    expect(body.error_id).toMatch(/^[0-9a-f]{12}$/);
    expect(logged.find((entry) => entry.msg === 'unhandled error')?.errorId).toBe(body.error_id);
    const coded = await app.inject({ method: 'GET', url: '/coded' });
    expect([coded.statusCode, coded.json()]).toEqual([409, { detail: 'The scan is not ready.' }]);
    await app.close();
  });

  it('answers 500 without SQL, parameters or stack, and logs a bounded line under the error id', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: boundedLogger({ level: 'error', stream: { write: (line: string) => void lines.push(line) } }) });
    await app.register(errorsPlugin);
    const huge = 'A'.repeat(8_400_000);
    app.post('/insert', async () => {
      const cause = Object.assign(new Error('value too long for type character varying(255)'), { code: '22001', detail: huge });
      throw new FakeQueryError('insert into "scans" ("identification") values ($1)', [huge, 7, ...Array.from({ length: 20 }, (_, i) => i)], cause);
    });
    const response = await app.inject({ method: 'POST', url: '/insert' });
    const body = response.json<{ detail: string; error_id: string }>();
    expect([response.statusCode, body]).toEqual([500, { detail: 'An unknown error occured.', error_id: body.error_id }]);
    expect(response.body).not.toMatch(/insert|params|AAAA|at /);
    const line = lines.find((l) => l.includes('"unhandled error"')) ?? '';
    expect(line.length).toBeGreaterThan(0);
    expect(line.length).toBeLessThan(16_000);
    const logged = JSON.parse(line) as { errorId: string; err: { type: string; query: string; params: unknown[]; cause: { code: string; message: string } } };
    expect(logged.errorId).toBe(body.error_id);
    expect(logged.err.type).toBe('FakeQueryError');
    expect(logged.err.query).toBe('insert into "scans" ("identification") values ($1)');
    expect(logged.err.params).toEqual([`${'A'.repeat(100)}… (8399900 more characters)`, 7, 0, 1, 2, 3, 4, 5, 6, 7, '… 12 more']);
    expect(logged.err.cause).toMatchObject({ code: '22001', message: 'value too long for type character varying(255)' });
    await app.close();
  });

  it("keeps Fastify's own client errors and hides any other 4xx error's message", async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.post('/json', async () => 'ok');
    app.get('/teapot', async () => {
      throw Object.assign(new Error('select secret from vault'), { statusCode: 418 });
    });
    const badJson = await app.inject({ method: 'POST', url: '/json', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json<{ detail: string }>().detail).toMatch(/JSON/);
    const teapot = await app.inject({ method: 'GET', url: '/teapot' });
    expect([teapot.statusCode, teapot.json()]).toEqual([418, { detail: 'The request could not be processed.' }]);
    await app.close();
  });
});
