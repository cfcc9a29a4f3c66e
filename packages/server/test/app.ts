import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { LocalBlobStore } from '../src/blobs/local-blob-store.ts';
import type { Database } from '../src/db/client.ts';
import { realEngine } from '../src/engine/engine.ts';
import { startReevaluation } from '../src/jobs/reevaluate.ts';
import { startScanWorkers } from '../src/jobs/scan.ts';
import { type DatabaseKind, openTestDatabase } from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The real app on a fresh database with blobs in a temp dir; workers run the real engine. */
export async function startTestApp(kind: DatabaseKind, options: { workers?: boolean; maxUploadBytes?: number; webDist?: string } = {}): Promise<TestApp> {
  const testDb = await openTestDatabase(kind);
  const blobDir = await mkdtemp(path.join(os.tmpdir(), 'binlens-blobs-'));
  const blobs = new LocalBlobStore(blobDir);
  const app = await buildApp({
    database: testDb.database,
    blobs,
    ...(options.maxUploadBytes ? { maxUploadBytes: options.maxUploadBytes } : {}),
    webDist: options.webDist,
  });
  if (options.workers) {
    await startScanWorkers(app, { blobs, engine: realEngine });
    await startReevaluation(app);
  }
  return {
    app,
    database: testDb.database,
    async close() {
      await app.close();
      await testDb.dispose();
      await rm(blobDir, { recursive: true, force: true });
    },
  };
}
