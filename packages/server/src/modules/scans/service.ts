import type { Readable } from 'node:stream';
import type { Problem, ProblemLevel } from '@binlens/engine/model';
import { type EvaluatedScanResult, type KnowledgeBase, withVulns } from '@binlens/vulndb';
import type { BlobStore } from '../../blobs/blob-store.ts';
import { BlobTooLargeError } from '../../blobs/blob-store.ts';
import type { Engine } from '../../engine/engine.ts';
import { NO_QUOTAS, type Quotas } from '../../config.ts';
import { AppError, ERRORS } from '../../lib/errors.ts';
import type { GenerationCache } from '../../lib/generation-cache.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { visibilityKey } from '../groups/scope.ts';
import type { Viewer } from '../users/viewer.ts';
import { type AdjustmentsSource, SCAN_MATCHING, type ScanEvaluations, evaluateStoredScan, type StoredScanJobs } from './evaluation.ts';
import type { ScanStamp } from './evaluation-cache.ts';
import { listCacheKey } from './list-cache.ts';
import { gzipBytes, type ResultEncoding } from './result-encoding.ts';
import { scanListFilter } from './list-query.ts';
import type { ScanReuse } from './reuse.ts';
import type { ScanRecord, ScansRepository } from './repository.ts';
import type { ScanControlRepository } from './control-repository.ts';
import { allowance, assertWithinQuotas, type ByteAllowance, type QuotaRepository } from './quotas.ts';
import { resultVulnerabilities } from './result-vulnerabilities.ts';
import type { ResultVulnerability, Scan, ScanListQuery } from './schemas.ts';
import { verdictOf } from './verdict.ts';

export interface UploadedFile {
  filename: string;
  stream: Readable;
  /** The error the client's stream failed with (a broken multipart body, a dropped connection), if it did. */
  streamError?: () => Error | undefined;
}

export interface ScansService {
  /** The largest upload the body reader lets through. */
  readonly maxUploadBytes: number;
  list(viewer: Viewer, query: ScanListQuery, page: PageRequest): Promise<Page<Scan>>;
  get(viewer: Viewer, id: number): Promise<Scan>;
  /**
   * The components with their vulnerabilities, evaluated against the knowledge base now, as
   * `render` serialises them: kept while the scan's Identification and evaluation inputs stand
   * (evaluation.ts), per `variant` (whatever else `render` writes, e.g. the knowledge base's state).
   */
  resultBody(
    viewer: Viewer, id: number, variant: string, render: (result: EvaluatedScanResult & { vulnerabilities: Record<string, ResultVulnerability> }) => Buffer, encoding: ResultEncoding,
  ): Promise<Buffer>;
  problems(viewer: Viewer, id: number, level: ProblemLevel, page: PageRequest, path: string): Promise<Page<Problem>>;
  /** Checks the quotas before the upload's bytes are read (the route guard has checked the group). */
  assertCanUpload(viewer: Viewer): Promise<void>;
  /** The most the viewer's next upload may store: the company's limit (settings), the server's cap, what quotas leave. */
  uploadAllowance(viewer: Viewer): Promise<ByteAllowance>;
  /** The company's upload limit (max_upload_bytes), at most the server's cap. */
  uploadLimit(): Promise<number>;
  /** Into a group the route guard found the viewer may upload to. */
  upload(viewer: Viewer, groupId: number, file: UploadedFile | undefined, options?: UploadOptions): Promise<Scan>;
  /**
   * New bytes for a finished scan the caller found the viewer may upload to (PUT /api/upload/ with
   * Replace): stored under the same limits as an upload, then the scan is scanned again keeping its id.
   */
  replaceBinary(viewer: Viewer, scanId: number, file: UploadedFile, options?: Omit<UploadOptions, 'force'>): Promise<Scan>;
}

/** What the public API's upload adds to an upload (public-api.md §2.3). */
export interface UploadOptions {
  /** Custom data set in the scan's own transaction, over the group's application template; an empty value removes a key. */
  customData?: ReadonlyMap<string, string>;
  /** Scan even when the company reuses scans of the same bytes (Force-Scan). */
  force?: boolean;
  /** Remove the file once its scan has finished (Delete-Binary). */
  deleteBinary?: boolean;
  /** A URL the scan's end is announced to, as a group's webhook is (Callback). */
  callback?: string;
}

/** What the scan's job does besides scanning (jobs/scan.ts). */
export interface ScanJobOptions {
  deleteBinary?: boolean;
  callback?: string;
}

function jobOptions(options: UploadOptions): ScanJobOptions | undefined {
  if (!options.deleteBinary && !options.callback) return undefined;
  return { ...(options.deleteBinary ? { deleteBinary: true } : {}), ...(options.callback ? { callback: options.callback } : {}) };
}

export interface ScansServiceDeps {
  scans: ScansRepository;
  /** Where a ready scan's counts are stored when a read finds them missing. */
  scanJobs: StoredScanJobs;
  blobs: BlobStore;
  engine: Pick<Engine, 'toScanResult'>;
  knowledgeBase: KnowledgeBase;
  adjustments: AdjustmentsSource;
  /** Stored scans' evaluations, kept while their inputs stand (evaluation.ts). */
  evaluations: ScanEvaluations;
  /** Keeps scans' stamps per visibility while scan_list_generation stands (evaluation-cache.ts); read from the database without it. */
  stamps?: GenerationCache<ScanStamp | null>;
  enqueueScan: (scanId: number, options?: ScanJobOptions) => Promise<void>;
  maxUploadBytes: number;
  /** The company's max_upload_bytes setting (modules/settings), already capped at maxUploadBytes; default the cap. */
  uploadLimit?: () => Promise<number>;
  quotas?: Quotas;
  usage?: QuotaRepository;
  /** Finds the scan an upload of the same bytes into the same group answers, when the company reuses scans (reuse.ts). */
  reuse?: ScanReuse;
  /** Writes an upload's scan, under the quota check, with its audit event (modules/audit/audited.ts). */
  change: AuditedChange<UploadRepositories>;
  /** Keeps list pages while scan_list_generation stands (list-cache.ts); every read goes to the database without it. */
  listCache?: GenerationCache<Page<Scan>>;
  /** Whether a scan still holding its bytes names this blob (control-repository.ts blobInUse); without it a blob is never deleted here. */
  blobInUse?: (blobKey: string) => Promise<boolean>;
}

/** What an upload reads and writes in its transaction. */
export interface UploadRepositories {
  scans: Pick<ScansRepository, 'create'>;
  usage?: QuotaRepository;
  /** Gives the new scan its group's application template as custom data (modules/groups/application-template-repository.ts). */
  applyTemplate?: (groupId: number, scanId: number) => Promise<void>;
  /** Sets custom data of the scan (modules/scan-custom-data/repository.ts setEntries). */
  setCustomData?: (scanId: number, entries: ReadonlyMap<string, string>) => Promise<void>;
  /** Gives a finished scan new bytes and makes it busy again (control-repository.ts replaceBinary). */
  replaceBinary?: ScanControlRepository['replaceBinary'];
  /** The replaced scan as stored, before the change (control-repository.ts find). */
  findScan?: ScanControlRepository['find'];
}

export function createScansService(deps: ScansServiceDeps): ScansService {
  // A ready scan has counts: its evaluation when it finished may have failed (they come with
  // the next re-evaluation), so a read that finds none evaluates it now and keeps them.
  const withCounts = async (row: ScanRecord): Promise<ScanRecord> => {
    if (row.status !== 'R' || row.vulnerabilityCounts !== null) return row;
    return { ...row, vulnerabilityCounts: await evaluateStoredScan({ scans: deps.scanJobs, knowledgeBase: deps.knowledgeBase, adjustments: deps.adjustments }, row.id) };
  };

  const get = async (viewer: Viewer, id: number): Promise<Scan> => {
    const row = await deps.scans.findVisible(viewer, id);
    if (!row) throw new AppError('not_found');
    return toScan(await withCounts(row));
  };

  // Blobs are content-addressed: equal uploads share one, so it goes only when no scan holds it.
  const blobHeld = async (blobKey: string): Promise<boolean> => (deps.blobInUse ? deps.blobInUse(blobKey) : true);

  const quotas = deps.quotas ?? NO_QUOTAS;
  const quotasOn = quotas.userBytes > 0 || quotas.accountBytes > 0 || quotas.userUploadsPerHour > 0;

  const uploadLimit = async (): Promise<number> => Math.min(deps.maxUploadBytes, (await deps.uploadLimit?.()) ?? deps.maxUploadBytes);

  const assertCanUpload = async (viewer: Viewer): Promise<ByteAllowance> => {
    const limit = await uploadLimit();
    const unlimited: ByteAllowance = { bytes: limit, code: 'file_too_large', message: ERRORS.file_too_large.message };
    if (!quotasOn || !deps.usage) return unlimited;
    return allowance(quotas, await deps.usage.usage(viewer.userId, new Date()), limit);
  };

  return {
    maxUploadBytes: deps.maxUploadBytes,
    get,
    async assertCanUpload(viewer) {
      await assertCanUpload(viewer);
    },
    uploadAllowance: assertCanUpload,
    uploadLimit,

    async list(viewer, query, page) {
      const load = async () => {
        const { rows, count } = await deps.scans.list(viewer, { ...scanListFilter(query), ordering: query.ordering ?? '-created' }, page);
        const complete = await Promise.all(rows.map(withCounts));
        return pageOf(complete.map(toScan), count, page, '/rest/scans/', query);
      };
      return deps.listCache ? deps.listCache.get(listCacheKey(viewer, { ...query, ...page }), load) : load();
    },

    async resultBody(viewer, id, variant, render, encoding) {
      const stampOf = async (): Promise<ScanStamp | null> => {
        const found = await deps.scans.findVisible(viewer, id);
        return found ? { status: found.status, finishedAt: found.finishedAt } : null;
      };
      const row = await (deps.stamps ? deps.stamps.get(`${visibilityKey(viewer)} ${id}`, stampOf) : stampOf());
      if (!row) throw new AppError('not_found');
      if (row.status !== 'R') throw new AppError('scan_not_ready');
      const core = async () => {
        const found = await deps.scans.findResultCore(viewer, id);
        if (!found) throw new AppError('not_found');
        if (found.status !== 'R' || !found.core) throw new AppError('scan_not_ready');
        return found.core;
      };
      const scan = { id, storedAt: row.finishedAt, core };
      // Evaluated at read time (a knowledge-base update shows without a rescan), then kept until one.
      const identity = () => deps.evaluations.derived(scan, `result ${variant}`, async (sources) => {
        const { evaluation, adjusted } = await sources.evaluated();
        const result = withVulns(deps.engine.toScanResult(adjusted.identification), evaluation);
        const components = result.components.map((component) => ({ ...component, ...adjusted.decorations[component.uid] }));
        return render({ ...result, components, vulnerabilities: resultVulnerabilities(evaluation) });
      }, (body) => body.length);
      if (encoding === 'identity') return identity();
      return deps.evaluations.derived(scan, `result ${variant} gzip`, async () => gzipBytes(await identity()), (body) => body.length);
    },

    async problems(viewer, id, level, page, path) {
      const found = await deps.scans.problems(viewer, id, level, page);
      if (!found) throw new AppError('not_found');
      return pageOf(found.rows, found.count, page, path, {});
    },

    async upload(viewer, groupId, file, options = {}) {
      const allowed = await assertCanUpload(viewer);
      if (!file) throw new AppError('file_missing');
      const blob = await storeUpload(deps, file, allowed);
      const reused = options.force ? undefined : await deps.reuse?.existing(groupId, blob.sha256);
      if (reused !== undefined) {
        // The reused scan holds these very bytes (same hash, same key) unless its file was removed.
        if (!(await blobHeld(blob.key))) await deps.blobs.delete(blob.key);
        return { ...(await get(viewer, reused)), reused: true };
      }
      // The quotas are checked again under a lock so that concurrent uploads cannot overrun them together.
      const scanId = await deps.change(
        async (tx) => {
          if (quotasOn && tx.usage) {
            await tx.usage.lock();
            assertWithinQuotas(quotas, await tx.usage.usage(viewer.userId, new Date()), blob.size);
          }
          const id = await tx.scans.create({ groupId, filename: file.filename, size: blob.size, sha1: blob.sha1, sha256: blob.sha256, blobKey: blob.key, createdBy: viewer.userId });
          await tx.applyTemplate?.(groupId, id);
          if (options.customData && options.customData.size > 0) await requireRepository(tx.setCustomData)(id, options.customData);
          return id;
        },
        (id) => ({ actorId: viewer.userId, action: 'scan.create', object: `scan:${id}`, level: 2, details: { group: groupId, filename: file.filename, size: blob.size, sha256: blob.sha256 } }),
      );
      try {
        await deps.enqueueScan(scanId, jobOptions(options));
      } catch (error) {
        // Never leave a scan busy with no job behind it.
        await deps.scans.markFailed(scanId, 'The scan could not be queued. Please upload the file again.');
        throw error;
      }
      return get(viewer, scanId);
    },

    async replaceBinary(viewer, scanId, file, options = {}) {
      const allowed = await assertCanUpload(viewer);
      const blob = await storeUpload(deps, file, allowed);
      let previousBlob: string;
      try {
        previousBlob = await deps.change(
          async (tx) => {
            if (quotasOn && tx.usage) {
              await tx.usage.lock();
              assertWithinQuotas(quotas, await tx.usage.usage(viewer.userId, new Date()), blob.size);
            }
            const before = await requireRepository(tx.findScan)(scanId);
            if (!before) throw new AppError('not_found');
            const replaced = await requireRepository(tx.replaceBinary)(scanId, { filename: file.filename, size: blob.size, sha1: blob.sha1, sha256: blob.sha256, blobKey: blob.key });
            if (!replaced) throw new AppError('scan_busy');
            if (options.customData && options.customData.size > 0) await requireRepository(tx.setCustomData)(scanId, options.customData);
            // The old bytes go once no scan holds them; a file already removed has none to go.
            return before.binaryRemovedAt === null ? before.blobKey : '';
          },
          () => ({ actorId: viewer.userId, action: 'scan.replace', object: `scan:${scanId}`, level: 2, details: { filename: file.filename, size: blob.size, sha256: blob.sha256 } }),
        );
      } catch (error) {
        // Nothing refers to the bytes just stored unless another scan holds the same ones.
        if (!(await blobHeld(blob.key))) await deps.blobs.delete(blob.key);
        throw error;
      }
      try {
        await deps.enqueueScan(scanId, jobOptions(options));
      } catch (error) {
        await deps.scans.markFailed(scanId, 'The scan could not be queued. Please upload the file again.');
        throw error;
      }
      if (previousBlob && previousBlob !== blob.key && !(await blobHeld(previousBlob))) await deps.blobs.delete(previousBlob);
      return get(viewer, scanId);
    },
  };
}

/** A repository the composition root passes to every upload transaction; missing only in a test that does not use it. */
function requireRepository<T>(repository: T | undefined): T {
  if (!repository) throw new Error('the upload transaction lacks a repository it needs');
  return repository;
}

async function storeUpload(deps: ScansServiceDeps, file: UploadedFile, allowed: ByteAllowance) {
  try {
    return await deps.blobs.put(file.stream, { maxBytes: allowed.bytes });
  } catch (error) {
    // Multipart's own limit (FST_REQ_FILE_TOO_LARGE) or the store's: the same answer.
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file_too_large');
    if (error instanceof BlobTooLargeError) throw new AppError(allowed.code, allowed.message);
    if (file.streamError?.()) throw new AppError('file_unreadable');
    throw error;
  }
}


export function toScan(row: ScanRecord): Scan {
  return {
    id: row.id,
    url: `/rest/scans/${row.id}/`,
    group: row.groupId,
    group_name: row.groupName,
    name: row.filename,
    size: row.size,
    sha1: row.sha1,
    status: row.status,
    progress: row.progress,
    error: row.error,
    created: row.createdAt.toISOString(),
    finished: row.finishedAt?.toISOString() ?? null,
    ...SCAN_MATCHING,
    component_count: row.componentCount,
    vulnerability_counts: row.vulnerabilityCounts,
    ...verdictOf(row),
    binary_removed: row.binaryRemovedAt !== null,
  };
}
