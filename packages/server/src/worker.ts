import path from 'node:path';
import Fastify from 'fastify';
import { compose } from './composition.ts';
import { type Config, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createWorkDir } from './engine/work-dir.ts';
import { startScanWorkers, workerName } from './jobs/scan.ts';
import { startCustomPatternWorkers } from './jobs/custom-patterns.ts';
import { realLeakScanner } from './engine/engine.ts';
import { dbPlugin } from './plugins/db.ts';
import { boundedLogger } from './plugins/logging.ts';
import { queuePlugin } from './plugins/queue.ts';

/** Why a worker cannot run with `config`, or null. */
export function workerConfigProblem(config: Pick<Config, 'databaseUrl' | 'scanConcurrency'>): string | null {
  if (!config.databaseUrl) {
    return 'binlens worker needs PostgreSQL (set DATABASE_URL to the server\'s database): the embedded PGlite database belongs to the one server process and cannot be shared. With PGlite, the server runs the scans itself (BINLENS_SCAN_CONCURRENCY).';
  }
  if (config.scanConcurrency === 0) return 'BINLENS_SCAN_CONCURRENCY is 0: a worker that runs no scan has nothing to do.';
  return null;
}

/**
 * `binlens worker`: takes scans from the server's pg-boss queue on PostgreSQL, BINLENS_SCAN_CONCURRENCY
 * at a time, with the server's blob store (BINLENS_S3_* so that other machines read the same blobs).
 * Serves no HTTP. SIGTERM or SIGINT stops it gracefully: running scans get 30 s, then their jobs
 * go back to the queue for another worker. Resolves when it has stopped; the exit status.
 */
export async function runWorker(env: NodeJS.ProcessEnv = process.env, print: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    print(`binlens worker: ${(error as Error).message}`);
    return 2;
  }
  const problem = workerConfigProblem(config);
  if (problem) {
    print(`binlens worker: ${problem}`);
    return 2;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  const composition = compose({ database, blobDir: path.join(config.dataDir, 'blobs'), s3: config.s3, maxUploadBytes: config.maxUploadBytes, quotas: config.quotas, deployment: config.deployment, mail: null, scanHeartbeatSeconds: config.scanHeartbeatSeconds });
  const workDir = await createWorkDir(path.join(config.dataDir, 'work'));
  const app = Fastify({ logger: boundedLogger({ level: config.logLevel }) });
  await app.register(dbPlugin, { database });
  await app.register(queuePlugin, { queue: composition.queue });
  await app.ready();
  const partialUploads = await composition.blobs.removePartialUploads();
  if (partialUploads.length > 0 || workDir.removed.length > 0) {
    app.log.warn({ partialUploads, workDirs: workDir.removed }, 'removed what processes that ended left behind');
  }
  const { blobs, engine, knowledgeBase } = composition;
  await startScanWorkers(app, {
    scans: composition.repositories.scanJobs,
    scanLog: composition.repositories.scanLog,
    knowledgeBase,
    adjustments: composition.repositories.adjustments,
    customPatterns: () => composition.services.customPatterns.forScans(),
    blobs,
    engine,
    queue: composition.queue,
    tempDir: workDir.path,
    startDelayMs: config.testScanDelayMs,
    limits: config.scanLimits,
    concurrency: config.scanConcurrency,
  });
  await startCustomPatternWorkers(app, {
    scans: composition.repositories.customPatternScans,
    scanLog: composition.repositories.scanLog,
    blobs,
    scanLeaks: realLeakScanner,
    queue: composition.queue,
    tempDir: workDir.path,
  });
  app.log.info({ worker: workerName(), concurrency: config.scanConcurrency, blobs: config.s3 ? 's3' : 'local' }, 'worker ready');

  return new Promise<number>((done) => {
    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'worker shutting down');
      let status = 0;
      try {
        await app.close();
        await database.close();
        await workDir.remove();
      } catch (error) {
        app.log.error({ err: error }, 'error during shutdown');
        status = 1;
      }
      done(status);
    };
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
  });
}

if (import.meta.main) process.exitCode = await runWorker();
