// The knowledge-base sync: every source from its feed (vulndb's syncKnowledgeBase, URLs
// overridable by BINLENS_<SOURCE>_URL), one source at a time, each source's state and
// progress written to kb_sync_sources for GET /rest/knowledge-base/. A source that fails
// (unreachable, HTTP 500, an HTML page, a download cut short) is retried after the others,
// with growing delays; its previous data stays live throughout (imports swap in whole).
import { type ImportReport, type KbDatabase, type SyncOptions, type SyncProgress, type SyncSource, syncKnowledgeBase } from '@binlens/vulndb';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { KnowledgeBaseRepository } from '../modules/knowledge-base/repository.ts';
import { ProgressWriter } from './progress-writer.ts';
import { REEVALUATE_QUEUE } from './reevaluate.ts';

/** Refreshes the knowledge base from the official feeds: at start when it is empty, then daily. */
export const KB_SYNC_QUEUE = 'kb-sync';
/** Daily at 03:17 UTC: off the hour, when the feeds have published the day's data. */
export const KB_SYNC_CRON = '17 3 * * *';
/** The small feeds first, so that some data is there within minutes; NVD without an API key takes longest. */
export const SYNC_ORDER: readonly SyncSource[] = ['kev', 'epss', 'alpine', 'debian', 'ubuntu', 'osv', 'nvd'];
/** Waits before the 2nd, 3rd and 4th attempt of a failed source. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [60_000, 5 * 60_000, 15 * 60_000];
/** Busy rows are touched this often: readers take a row untouched for 10 minutes as interrupted. */
const HEARTBEAT_MS = 30_000;

export type SyncFunction = (db: KbDatabase, options: SyncOptions) => Promise<ImportReport[]>;

export interface KbSyncDeps {
  db: KbDatabase;
  state: Pick<KnowledgeBaseRepository, 'setSync' | 'touch'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  sync?: SyncFunction;
  /** Where BINLENS_<SOURCE>_URL and NVD_API_KEY are read; default process.env. */
  env?: NodeJS.ProcessEnv;
  sources?: readonly SyncSource[];
  retryDelaysMs?: readonly number[];
  /** Progress is written at most this often per source; default 1 s. */
  progressIntervalMs?: number;
  /** Called when an import changed the knowledge base: stored scans are re-evaluated. */
  onChanged?: () => Promise<void>;
}

/**
 * One sync of every source. Never throws but for an abort: a source that still fails after
 * its retries is recorded `failed` with its error, and the next sync tries it again.
 */
export async function runKbSync(deps: KbSyncDeps, signal?: AbortSignal): Promise<void> {
  const sources = deps.sources ?? SYNC_ORDER;
  const delays = deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  deps.log.info({ sources }, 'knowledge-base sync started');
  for (const source of sources) await deps.state.setSync(source, { state: 'waiting', attempt: 0, progress: null, nextAttemptAt: null });
  const heartbeat = setInterval(() => void deps.state.touch(sources).catch(() => undefined), HEARTBEAT_MS);
  let changed = false;
  try {
    let pending = [...sources];
    for (let attempt = 1; pending.length > 0; attempt += 1) {
      const failed: SyncSource[] = [];
      for (const source of pending) {
        const outcome = await syncSource(deps, source, attempt, signal);
        changed ||= outcome.changed;
        if (!outcome.ok) failed.push(source);
      }
      const delay = delays[attempt - 1];
      if (failed.length === 0) break;
      if (delay === undefined) {
        for (const source of failed) await deps.state.setSync(source, { state: 'failed', nextAttemptAt: null });
        deps.log.warn({ sources: failed, attempts: attempt }, 'knowledge-base sources still failing; their previous data stays in use');
        break;
      }
      const nextAttemptAt = new Date(Date.now() + delay);
      for (const source of failed) await deps.state.setSync(source, { state: 'retrying', nextAttemptAt });
      await sleep(delay, signal);
      pending = failed;
    }
    deps.log.info('knowledge-base sync finished');
  } finally {
    clearInterval(heartbeat);
    if (changed) await deps.onChanged?.().catch((error: unknown) => deps.log.warn({ err: error }, 'could not ask for a re-evaluation'));
  }
}

/** One attempt at one source; `changed` when one of its imports completed (even if a later one failed). */
async function syncSource(deps: KbSyncDeps, source: SyncSource, attempt: number, signal?: AbortSignal): Promise<{ ok: boolean; changed: boolean }> {
  const sync = deps.sync ?? syncKnowledgeBase;
  await deps.state.setSync(source, { state: 'running', attempt, startedAt: new Date(), finishedAt: null, nextAttemptAt: null, progress: null });
  const writer = new ProgressWriter<SyncProgress>((progress) => deps.state.setSync(source, {
    state: 'running',
    progress: { phase: progress.phase, records: progress.records, totalRecords: progress.totalRecords, bytes: progress.bytes, totalBytes: progress.totalBytes },
  }), deps.progressIntervalMs ?? 1000, (error) => deps.log.warn({ err: error, source }, 'could not write sync progress'));
  let feedDate: string | null = null;
  let records = 0;
  let changed = false;
  try {
    const reports = await sync(deps.db, {
      sources: [source],
      ...(deps.env ? { env: deps.env } : {}),
      ...(signal ? { signal } : {}),
      onProgress: (progress) => {
        feedDate = progress.feedDate;
        writer.push(progress);
      },
      onReport: (report) => {
        records += report.records;
        changed ||= report.status === 'complete';
        const { origin, status, imported, skipped, error } = report;
        if (status === 'complete') deps.log.info({ source, origin, records: report.records, imported, skipped }, 'knowledge-base import finished');
        else deps.log.warn({ source, origin, status, error }, 'knowledge-base import failed; its previous data stays in use');
      },
    });
    await writer.flush();
    const failure = reports.find((r) => r.status !== 'complete');
    if (failure) throw new Error(`${failure.origin}: ${failure.error ?? 'the import failed'}`);
    await deps.state.setSync(source, {
      state: 'complete', finishedAt: new Date(), lastSuccessAt: new Date(), lastError: null, nextAttemptAt: null,
      feedDate: feedDate === null ? null : new Date(feedDate), progress: null,
    });
    return { ok: true, changed };
  } catch (error) {
    await writer.flush();
    if (signal?.aborted) {
      await deps.state.setSync(source, { state: 'failed', finishedAt: new Date(), lastError: 'the sync was stopped', progress: null });
      throw error;
    }
    const message = error instanceof Error ? error.message : String(error);
    deps.log.warn({ source, attempt, records, error: message }, 'knowledge-base source failed');
    await deps.state.setSync(source, { state: 'failed', finishedAt: new Date(), lastError: message, progress: null });
    return { ok: false, changed };
  }
}

export interface KbSyncOptions {
  /** BINLENS_KB_SYNC is not 0: sync at start when the knowledge base is empty, then daily. */
  enabled: boolean;
  state: Pick<KnowledgeBaseRepository, 'setSync' | 'touch' | 'hasData'>;
  sync?: SyncFunction;
  env?: NodeJS.ProcessEnv;
  sources?: readonly SyncSource[];
  retryDelaysMs?: readonly number[];
}

/**
 * Creates the queue and starts its worker ("Sync now" works either way). Enabled: schedules
 * the daily sync and, when the knowledge base is empty, sends one at once. Disabled: removes
 * a schedule left by an earlier run. Returns without waiting for any sync.
 */
export async function startKbSync(app: Pick<FastifyInstance, 'boss' | 'database' | 'db' | 'log'>, options: KbSyncOptions): Promise<void> {
  const boss = app.boss;
  if (!boss) throw new Error('startKbSync needs an app built with the queue enabled');
  if (!(await boss.getQueue(KB_SYNC_QUEUE))) {
    // One sync at a time (queued or running); a full NVD download without an API key takes
    // hours. No pg-boss retries: the job retries its sources itself, and tomorrow's run resumes.
    await boss.createQueue(KB_SYNC_QUEUE, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 23 * 3600, heartbeatSeconds: 120 });
  }
  if (app.database.kind === 'pglite') await failOrphans(boss);
  const deps: KbSyncDeps = {
    db: app.db,
    state: options.state,
    log: app.log,
    onChanged: async () => {
      await boss.send(REEVALUATE_QUEUE, {});
    },
    ...(options.sync ? { sync: options.sync } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.sources ? { sources: options.sources } : {}),
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
  };
  await boss.work(KB_SYNC_QUEUE, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await runKbSync(deps, job.signal);
  });
  if (!options.enabled) {
    await boss.unschedule(KB_SYNC_QUEUE);
    return;
  }
  await boss.schedule(KB_SYNC_QUEUE, KB_SYNC_CRON, null, { tz: 'UTC' });
  if (!(await options.state.hasData())) {
    app.log.info('the vulnerability knowledge base is empty: syncing every source now');
    await boss.send(KB_SYNC_QUEUE, {});
  }
}

/** On PGlite this process alone runs the queue: a sync still active at start belonged to one that ended. */
async function failOrphans(boss: PgBoss): Promise<void> {
  const active = (await boss.findJobs(KB_SYNC_QUEUE, { limit: 100 })).filter((job) => job.state === 'active').map((job) => job.id);
  if (active.length > 0) await boss.fail(KB_SYNC_QUEUE, active, { message: 'the process running the sync ended' });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
