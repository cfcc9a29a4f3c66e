import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Composition, compose } from '../src/composition.ts';
import type { Database } from '../src/db/client.ts';
import type { Engine } from '../src/engine/engine.ts';
import type { MailSettings } from '../src/lib/mail-settings.ts';
import { startReevaluation } from '../src/jobs/reevaluate.ts';
import { startScanWorkers } from '../src/jobs/scan.ts';
import { startCustomPatternWorkers } from '../src/jobs/custom-patterns.ts';
import { startReportWorkers } from '../src/jobs/report.ts';
import { realLeakScanner } from '../src/engine/engine.ts';
import { type DatabaseKind, openTestDatabase } from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  composition: Composition;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database with blobs in a temp dir. Workers run the real engine in
 * a worker thread, or `engine` (test/fake-engine.ts) where the test's subject is not the engine.
 */
export async function startTestApp(
  kind: DatabaseKind,
  options: { workers?: boolean; engine?: Engine; maxUploadBytes?: number; webDist?: string; mail?: MailSettings } = {},
): Promise<TestApp> {
  const testDb = await openTestDatabase(kind);
  const blobDir = await mkdtemp(path.join(os.tmpdir(), 'binlens-blobs-'));
  const composition = compose({
    database: testDb.database,
    blobDir,
    ...(options.engine ? { engine: options.engine } : {}),
    ...(options.maxUploadBytes ? { maxUploadBytes: options.maxUploadBytes } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
  });
  const app = await buildApp({ composition, webDist: options.webDist });
  if (options.workers) {
    const { blobs, engine, knowledgeBase, queue } = composition;
    const scans = composition.repositories.scanJobs;
    await startScanWorkers(app, {
      scans,
      scanLog: composition.repositories.scanLog,
      knowledgeBase,
      adjustments: composition.repositories.adjustments,
      customPatterns: () => composition.services.customPatterns.forScans(),
      blobs,
      engine,
      queue,
    });
    // The real engine searches stored files for custom patterns, whatever engine scans them.
    await startCustomPatternWorkers(app, { scans: composition.repositories.customPatternScans, scanLog: composition.repositories.scanLog, blobs, scanLeaks: realLeakScanner, queue });
    await startReevaluation(app, { scans, knowledgeBase, adjustments: composition.repositories.adjustments, queue: composition.queue });
    await startReportWorkers(app, { reports: composition.services.reportJobs, queue });
  }
  return {
    app,
    database: testDb.database,
    composition,
    async close() {
      await app.close();
      await testDb.dispose();
      await rm(blobDir, { recursive: true, force: true });
    },
  };
}
