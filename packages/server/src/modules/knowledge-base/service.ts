// The vulnerability knowledge base as an administrator sees it: its state per source, a
// sync on request, and offline bundles (binlens db export-bundle) uploaded, checked whole,
// then imported in the background while the request has already answered 202.
import { rm } from 'node:fs/promises';
import type { BundleImportOptions, BundleImportReport, ValidBundle } from '@binlens/vulndb';
import { InvalidBundleError } from '@binlens/vulndb';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { UploadedFile } from '../scans/service.ts';
import { saveUpload } from './bundle-file.ts';
import type { KnowledgeBaseRepository } from './repository.ts';
import type { KnowledgeBaseStatus, KnowledgeBaseSummary } from './schemas.ts';
import { BUNDLE_ROW, knowledgeBaseStatus, knowledgeBaseSummary, STALE_AFTER_MS } from './status.ts';

export interface KnowledgeBaseService {
  status(): Promise<KnowledgeBaseStatus>;
  /** What each scan result carries; cheap (no counting). */
  summary(): Promise<KnowledgeBaseSummary>;
  /** Queues a sync of every source now; 409 when one is queued or running. */
  sync(viewer: Viewer): Promise<KnowledgeBaseStatus>;
  /** Saves and checks the bundle (400 with the reason), then imports it in the background. */
  uploadBundle(viewer: Viewer, upload: UploadedFile | undefined): Promise<KnowledgeBaseStatus>;
  /** Stops a running bundle import (its staged rows are dropped) and waits for it. */
  close(): Promise<void>;
}

export interface KnowledgeBaseServiceDeps {
  repository: KnowledgeBaseRepository;
  /** A change of kb_sync_sources with its audit event, in one transaction. */
  change: AuditedChange<{ knowledgeBase: KnowledgeBaseRepository }>;
  validateBundle(file: string, options: { signal?: AbortSignal }): Promise<ValidBundle>;
  importBundle(file: string, options: BundleImportOptions): Promise<BundleImportReport>;
  /** Sends a sync job; false when one is already queued or running. */
  requestSync(): Promise<boolean>;
  /** Whether the daily sync is scheduled. */
  automaticSync(): Promise<boolean>;
  /** After an import changed the data: stored scans' counts are re-evaluated. */
  onChanged(): Promise<void>;
  /** Where uploads are written while they are checked and imported. */
  uploadDir: string;
  maxBundleBytes: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
}

/** A busy row is touched this often, so readers can tell a live import from a dead one. */
const HEARTBEAT_MS = 30_000;

export function createKnowledgeBaseService(deps: KnowledgeBaseServiceDeps): KnowledgeBaseService {
  const now = deps.now ?? (() => new Date());
  const abort = new AbortController();
  const running = new Set<Promise<void>>();

  const status = async (): Promise<KnowledgeBaseStatus> => knowledgeBaseStatus({
    rows: await deps.repository.syncRows(),
    data: await deps.repository.dataStatus(),
    automaticSync: await deps.automaticSync(),
    now: now(),
  });

  /** The import after the 202: the state row says how it ended; the file goes either way. */
  async function importInBackground(file: string, filename: string, validated: ValidBundle): Promise<void> {
    const heartbeat = setInterval(() => void deps.repository.touch([BUNDLE_ROW]).catch(() => undefined), HEARTBEAT_MS);
    try {
      const report = await deps.importBundle(file, { validated, origin: filename, signal: abort.signal });
      const records = Object.values(report.rows).reduce((a, b) => a + b, 0);
      // The bundle replaced every source's data: what syncs recorded of the old data goes.
      await deps.repository.forgetIdle([BUNDLE_ROW]);
      await deps.repository.setSync(BUNDLE_ROW, {
        state: 'complete', finishedAt: now(), lastSuccessAt: now(), feedDate: new Date(report.manifest.createdAt), lastError: null,
        progress: { phase: 'import', records, totalRecords: records, bytes: 0, totalBytes: null },
      });
      deps.log?.info({ bundle: filename, records }, 'knowledge-base bundle imported');
      await deps.onChanged().catch((error: unknown) => deps.log?.warn({ err: error }, 'could not ask for a re-evaluation'));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.log?.warn({ err: error, bundle: filename }, 'knowledge-base bundle import failed; the data loaded before stays in use');
      await deps.repository.setSync(BUNDLE_ROW, { state: 'failed', finishedAt: now(), lastError: `${filename}: ${message}` })
        .catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
      await rm(file, { force: true });
    }
  }

  return {
    status,

    async summary() {
      const [rows, hasData, updated] = await Promise.all([deps.repository.syncRows(), deps.repository.hasData(), deps.repository.lastImport()]);
      return knowledgeBaseSummary({ rows, hasData, updated, now: now() });
    },

    async sync(viewer) {
      if (!(await deps.requestSync())) throw new AppError('kb_sync_running');
      // The job is queued outside the database transaction; the event records the request.
      await deps.change(async () => undefined, () => ({ actorId: viewer.userId, action: 'knowledge_base.sync', object: 'knowledge-base', level: 2 }));
      return status();
    },

    async uploadBundle(viewer, upload) {
      if (!upload) throw new AppError('file_missing');
      const saved = await saveUpload(upload.stream, deps.uploadDir, deps.maxBundleBytes, upload.streamError ?? (() => undefined));
      let started = false;
      try {
        const validated = await deps.validateBundle(saved.file, { signal: abort.signal }).catch((error: unknown) => {
          if (error instanceof InvalidBundleError) throw new AppError('bundle_invalid', `${upload.filename}: ${error.message}`);
          throw error;
        });
        await deps.change(async ({ knowledgeBase }) => {
          if (!(await knowledgeBase.claim(BUNDLE_ROW, new Date(now().getTime() - STALE_AFTER_MS)))) throw new AppError('kb_bundle_running');
        }, () => ({
          actorId: viewer.userId, action: 'knowledge_base.bundle_upload', object: 'knowledge-base', level: 3,
          details: { filename: upload.filename, size: saved.size, created: validated.manifest.createdAt },
        }));
        // The answer says `importing` whatever the import's pace: it is read before the import starts.
        const answer = await status();
        const job = importInBackground(saved.file, upload.filename, validated);
        started = true;
        running.add(job);
        void job.finally(() => running.delete(job));
        return answer;
      } finally {
        if (!started) await rm(saved.file, { force: true });
      }
    },

    async close() {
      abort.abort();
      await Promise.all(running);
    },
  };
}
