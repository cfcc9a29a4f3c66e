// The web app's client types are generated from packages/web/src/lib/api-schema.json;
// this keeps that file equal to the document the server serves (`npm run openapi -w
// @binlens/server` rewrites it, then `npm run api-types -w @binlens/web`).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { compose } from './composition.ts';
import { openDatabase } from './db/client.ts';

it('serves the OpenAPI document the web client was generated from', async () => {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'binlens-openapi-test-'));
  const database = await openDatabase({});
  const app = await buildApp({ composition: compose({ database, blobDir: scratch, queue: false }) });
  try {
    const served = (await app.inject({ method: 'GET', url: '/rest/openapi.json' })).json<unknown>();
    const committed: unknown = JSON.parse(await readFile(new URL('../../web/src/lib/api-schema.json', import.meta.url), 'utf8'));
    expect(served).toEqual(committed);
  } finally {
    await app.close();
    await database.close();
    await rm(scratch, { recursive: true, force: true });
  }
});
