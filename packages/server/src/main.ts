import path from 'node:path';
import { buildApp } from './app.ts';
import { LocalBlobStore } from './blobs/local-blob-store.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { realEngine } from './engine/engine.ts';
import { createWorkDir } from './engine/work-dir.ts';
import { startKbSync } from './jobs/kb-sync.ts';
import { startReevaluation } from './jobs/reevaluate.ts';
import { startScanWorkers } from './jobs/scan.ts';
import { createAuditRepository } from './modules/audit/repository.ts';
import { bootstrapAdmin } from './modules/users/bootstrap.ts';
import { createUsersRepository } from './modules/users/repository.ts';

// Entry point of `npm start`: migrate, bootstrap the first administrator, start the
// in-process workers, listen; close everything cleanly on SIGINT/SIGTERM.
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
await migrateDatabase(database);
await bootstrapAdmin(
  { users: createUsersRepository(database.db), audit: createAuditRepository(database.db) },
  { email: config.adminEmail, password: config.adminPassword, print: (text) => process.stdout.write(`\n${text}\n\n`) },
);

// Whatever a process killed mid-upload or mid-scan left behind goes before anything starts.
const blobs = new LocalBlobStore(path.join(config.dataDir, 'blobs'));
const partialUploads = await blobs.removePartialUploads();
const workDir = await createWorkDir(path.join(config.dataDir, 'work'));
const app = await buildApp({
  database,
  blobs,
  webDist: config.webDist,
  maxUploadBytes: config.maxUploadBytes,
  logger: { level: config.logLevel },
  trustProxy: config.trustProxy,
  quotas: config.quotas,
});
if (partialUploads.length > 0 || workDir.removed.length > 0) {
  app.log.warn({ partialUploads, workDirs: workDir.removed }, 'removed what processes that ended left behind');
}
await startScanWorkers(app, { blobs, engine: realEngine, tempDir: workDir.path, startDelayMs: config.testScanDelayMs, limits: config.scanLimits });
await startReevaluation(app);
await startKbSync(app, { enabled: config.kbSync });

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close();
    await database.close();
    await workDir.remove();
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    process.exitCode = 1;
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
