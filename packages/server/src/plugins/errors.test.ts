import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { errorsPlugin } from './errors.ts';

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
});
