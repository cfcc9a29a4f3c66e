import path from 'node:path';
import { buildApp } from './app.ts';
import { compose } from './composition.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { createWorkDir } from './engine/work-dir.ts';
import { startKbSync } from './jobs/kb-sync.ts';
import { startReevaluation } from './jobs/reevaluate.ts';
import { startScanWorkers } from './jobs/scan.ts';
import { startCustomPatternWorkers } from './jobs/custom-patterns.ts';
import { realLeakScanner } from './engine/engine.ts';
import { startFetchWorkers } from './jobs/fetch.ts';
import { startWebhookWorkers } from './jobs/webhook.ts';
import { startRetention } from './jobs/retention.ts';
import { startReportWorkers } from './jobs/report.ts';

// The server's start (main.ts imports it): migrate, bootstrap the first administrator, start
// the in-process workers, listen; close everything cleanly on SIGINT/SIGTERM.
const config = loadConfig();
// With no scan worker here, only `binlens worker` processes run scans, and they need PostgreSQL.
if (config.scanConcurrency === 0 && !config.databaseUrl) {
  throw new Error('BINLENS_SCAN_CONCURRENCY=0 needs PostgreSQL (DATABASE_URL) and `binlens worker` processes: on PGlite only the server can run scans');
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
await migrateDatabase(database);
const composition = compose({
  database,
  blobDir: path.join(config.dataDir, 'blobs'),
  s3: config.s3,
  maxUploadBytes: config.maxUploadBytes,
  quotas: config.quotas,
  deployment: config.deployment,
  mail: config.mail,
  publicUrl: config.publicUrl,
  evaluationCacheBytes: config.evaluationCacheMb * 1024 * 1024,
  scanHeartbeatSeconds: config.scanHeartbeatSeconds,
});
await composition.services.users.bootstrapAdmin(
  { email: config.adminEmail, password: config.adminPassword, print: (text) => process.stdout.write(`\n${text}\n\n`) },
);

// Whatever a process killed mid-upload or mid-scan left behind goes before anything starts.
const { blobs, engine, knowledgeBase } = composition;
const partialUploads = await blobs.removePartialUploads();
const workDir = await createWorkDir(path.join(config.dataDir, 'work'));
const app = await buildApp({ composition, webDist: config.webDist, logger: { level: config.logLevel }, trustProxy: config.trustProxy });
if (partialUploads.length > 0 || workDir.removed.length > 0) {
  app.log.warn({ partialUploads, workDirs: workDir.removed }, 'removed what processes that ended left behind');
}
const scans = composition.repositories.scanJobs;
await startScanWorkers(app, {
  scans,
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
// Stored scans searched again for the custom patterns where scans run (none here with BINLENS_SCAN_CONCURRENCY=0).
if (config.scanConcurrency !== 0) {
  await startCustomPatternWorkers(app, {
    scans: composition.repositories.customPatternScans,
    scanLog: composition.repositories.scanLog,
    blobs,
    scanLeaks: realLeakScanner,
    queue: composition.queue,
    tempDir: workDir.path,
  });
}
await startReevaluation(app, { scans, knowledgeBase, adjustments: composition.repositories.adjustments, queue: composition.queue });
// URL fetches and completion webhooks, through the SSRF guard with the administrator's allowed networks.
const allowedNetworks = () => composition.services.outboundNetworks.allowed();
await startFetchWorkers(app, {
  fetches: composition.repositories.scanFetches,
  blobs,
  allowedNetworks,
  maxUploadBytes: () => composition.services.settings.maxUploadBytes(),
  queue: composition.queue,
});
await startWebhookWorkers(app, { webhooks: composition.repositories.webhooks, allowedNetworks });
await startKbSync(app, {
  enabled: config.kbSync,
  state: composition.repositories.knowledgeBase,
  ...(config.testKbRetryMs > 0 ? { retryDelaysMs: [config.testKbRetryMs, config.testKbRetryMs] } : {}),
});
// Data retention: the daily sweep of expired files and scans (account settings → data retention).
await startRetention(app, { control: composition.services.scanControl, reports: composition.services.reportJobs });
// Reports asked for in the background (POST /rest/reports/), made by the server that has the knowledge base.
await startReportWorkers(app, { reports: composition.services.reportJobs, queue: composition.queue });

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
