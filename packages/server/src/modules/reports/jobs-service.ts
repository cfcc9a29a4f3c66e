// Reports made in the background (POST /rest/reports/): the row is stored queued, the report job
// (jobs/report.ts) makes the document with the synchronous services as its owner sees the scans
// then, keeps it as a blob and marks the row ready or failed. Reports are private to their owner.
import { Readable } from 'node:stream';
import type { Static } from 'typebox';
import type { BlobStore } from '../../blobs/blob-store.ts';
import type { ReportDocumentFormat, ReportRow, UserRow } from '../../db/schema/index.ts';
import type { Attachment } from '../../lib/attachment.ts';
import { AppError, newErrorId } from '../../lib/errors.ts';
import { parseIdList } from '../../lib/id-list.ts';
import { type Page, pageOf, type PageRequest } from '../../lib/paging.ts';
import type { ReportJobData } from '../../lib/report-queue.ts';
import { toViewer } from '../auth/viewer.ts';
import type { ScansRepository } from '../scans/repository.ts';
import type { Viewer } from '../users/viewer.ts';
import type { ReportJob, ReportJobBody } from './jobs-schemas.ts';
import type { ReportJobsRepository } from './jobs-repository.ts';
import { MAX_REPORT_SCANS, type ScansReportService } from './scans-report-service.ts';
import type { ReportFormat, ReportsService } from './service.ts';

/** How long a report is kept: the data-retention sweep removes older ones (jobs/retention.ts). */
export const REPORT_RETENTION_DAYS = 7;
/** A document larger than this is refused rather than stored (the services bound what they make far below it). */
export const MAX_REPORT_BYTES = 512 * 1024 * 1024;
/** Reports removed per sweep round. */
const SWEEP_BATCH = 500;

const MEDIA_TYPES: Readonly<Record<ReportDocumentFormat, string>> = {
  pdf: 'application/pdf', 'csv-components': 'text/csv', 'csv-vulnerabilities': 'text/csv', csv: 'text/csv',
};

/** What a report whose making was cut off (its process ended) says. */
export const REPORT_ABANDONED = 'The server stopped while making the report. Ask for it again.';

export interface ReportJobsService {
  create(viewer: Viewer, body: Static<typeof ReportJobBody>): Promise<Static<typeof ReportJob>>;
  list(viewer: Viewer, page: PageRequest, path: string, query: Record<string, unknown>): Promise<Page<Static<typeof ReportJob>>>;
  get(viewer: Viewer, id: number): Promise<Static<typeof ReportJob>>;
  download(viewer: Viewer, id: number): Promise<Attachment>;
  delete(viewer: Viewer, id: number): Promise<void>;
  /** The job's work: makes the report's document as its owner; never throws for a report that cannot be made (the row says why). */
  make(data: ReportJobData, log: ReportLog): Promise<void>;
  /** The job's process ended before the report was made: the report fails with REPORT_ABANDONED, unless it already ended. */
  abandon(data: ReportJobData): Promise<void>;
  /** Removes the reports made before `now` less the retention; the ids removed. */
  sweep(now: Date): Promise<number[]>;
}

/** Where the cause of a failure the user is shown only an error id of is written. */
export interface ReportLog {
  warn(object: object, message: string): void;
}

export interface ReportJobsServiceDeps {
  reports: ReportJobsRepository;
  users: { findById(id: number): Promise<UserRow | undefined | null> };
  scans: Pick<ScansRepository, 'findVisible'>;
  scanReports: ReportsService;
  scansReport: ScansReportService;
  blobs: BlobStore;
  enqueue: (data: ReportJobData) => Promise<unknown>;
  now?: () => Date;
}

export function createReportJobsService(deps: ReportJobsServiceDeps): ReportJobsService {
  const now = deps.now ?? (() => new Date());

  async function owned(viewer: Viewer, id: number): Promise<ReportRow> {
    const row = await deps.reports.findOwned(viewer.userId, id);
    if (!row) throw new AppError('not_found');
    return row;
  }

  async function removeBlob(reportId: number, blobKey: string | null): Promise<void> {
    if (!blobKey) return;
    if (await deps.reports.blobHeldByOthers(blobKey, reportId)) return;
    await deps.blobs.delete(blobKey);
  }

  async function documentOf(row: ReportRow, viewer: Viewer): Promise<Attachment> {
    const { params } = row;
    if (row.kind === 'scan') {
      if (params.scanId === undefined || row.format === 'csv') throw new AppError('report_scan_required');
      return deps.scanReports.report(viewer, params.scanId, row.format, params.cvssVersion ?? 3);
    }
    return deps.scansReport.csv(viewer, { groupId: params.groupId, q: params.q, userId: params.userId, ids: params.ids });
  }

  return {
    async create(viewer, body) {
      let row: ReportRow;
      if (body.kind === 'scan') {
        if (body.scan === undefined) throw new AppError('report_scan_required');
        if (body.format === 'csv') throw new AppError('report_format_invalid');
        const scan = await deps.scans.findVisible(viewer, body.scan);
        if (!scan) throw new AppError('not_found');
        row = await deps.reports.create({
          userId: viewer.userId, kind: 'scan', format: body.format, name: scanReportName(scan.filename, body.format),
          params: { scanId: scan.id, cvssVersion: body.cvss_version ?? 3 },
        });
      } else {
        if (body.format !== 'csv') throw new AppError('report_format_invalid');
        const ids = body.id__in === undefined ? undefined : parseIdList(body.id__in, MAX_REPORT_SCANS);
        const q = body.q?.trim() || undefined;
        row = await deps.reports.create({
          userId: viewer.userId, kind: 'scans', format: 'csv', name: 'scans-report.csv',
          params: { ...(q ? { q } : {}), ...(ids ? { ids } : {}), ...(body.group ? { groupId: body.group } : {}), ...(body.user ? { userId: body.user } : {}) },
        });
      }
      try {
        await deps.enqueue({ reportId: row.id });
      } catch (error) {
        // Nothing half-stored: a report no job will make is not kept.
        await deps.reports.delete(row.id);
        throw error;
      }
      return toDto(row);
    },

    async list(viewer, page, path, query) {
      const { rows, count } = await deps.reports.list(viewer.userId, page);
      return pageOf(rows.map(toDto), count, page, path, query);
    },

    async get(viewer, id) {
      return toDto(await owned(viewer, id));
    },

    async download(viewer, id) {
      const row = await owned(viewer, id);
      if (row.state === 'failed') throw new AppError('report_not_ready', `The report failed: ${row.error ?? 'no reason was recorded'}`);
      if (row.state !== 'ready' || !row.blobKey) throw new AppError('report_not_ready');
      return { body: await deps.blobs.get(row.blobKey), mediaType: MEDIA_TYPES[row.format], fileName: row.name };
    },

    async delete(viewer, id) {
      const row = await owned(viewer, id);
      const deleted = await deps.reports.delete(row.id);
      if (deleted) await removeBlob(deleted.id, deleted.blobKey);
    },

    async abandon({ reportId }) {
      await deps.reports.abandon(reportId, REPORT_ABANDONED, now());
    },

    async make({ reportId }, log) {
      const row = await deps.reports.find(reportId);
      if (!row || !(await deps.reports.start(reportId))) return;
      const owner = await deps.users.findById(row.userId);
      if (!owner || !owner.isActive) {
        await deps.reports.fail(reportId, "The report's owner can no longer sign in, so it was not made.", now());
        return;
      }
      let document: Attachment;
      try {
        document = await documentOf(row, toViewer(owner, null));
      } catch (error) {
        await deps.reports.fail(reportId, failureMessage(error, (errorId) => log.warn({ err: error, reportId, errorId }, 'report failed')), now());
        return;
      }
      let stored;
      try {
        const bytes = typeof document.body === 'string' ? Buffer.from(document.body) : document.body;
        stored = await deps.blobs.put(Buffer.isBuffer(bytes) ? Readable.from([bytes]) : bytes, { maxBytes: MAX_REPORT_BYTES });
      } catch (error) {
        await deps.reports.fail(reportId, failureMessage(error, (errorId) => log.warn({ err: error, reportId, errorId }, 'report could not be stored')), now());
        return;
      }
      // Deleted while it was being made: its document goes too.
      if (!(await deps.reports.finish(reportId, { name: document.fileName, blobKey: stored.key, size: stored.size }, now()))) {
        await removeBlob(reportId, stored.key);
      }
    },

    async sweep(at) {
      const before = new Date(at.getTime() - REPORT_RETENTION_DAYS * 24 * 3600 * 1000);
      const removed: number[] = [];
      for (;;) {
        const rows = await deps.reports.olderThan(before, SWEEP_BATCH);
        for (const row of rows) {
          const deleted = await deps.reports.delete(row.id);
          if (deleted) {
            await removeBlob(deleted.id, deleted.blobKey);
            removed.push(deleted.id);
          }
        }
        if (rows.length < SWEEP_BATCH) return removed;
      }
    },
  };
}

/** A coded error's message is shown as it is; anything else stays in the log under an error id. */
function failureMessage(error: unknown, logged: (errorId: string) => void): string {
  if (error instanceof AppError) {
    return error.code === 'not_found' ? 'The scan was removed, or its owner can no longer see it.' : error.message;
  }
  const errorId = newErrorId();
  logged(errorId);
  return `The report could not be made. Error ID: ${errorId}`;
}

function scanReportName(filename: string, format: ReportFormat): string {
  switch (format) {
    case 'pdf': return `${filename}.pdf`;
    case 'csv-components': return `${filename}-components.csv`;
    case 'csv-vulnerabilities': return `${filename}-vulnerabilities.csv`;
  }
}

function toDto(row: ReportRow): Static<typeof ReportJob> {
  const { params } = row;
  return {
    id: row.id, kind: row.kind, format: row.format, name: row.name, state: row.state, error: row.error, size: row.size,
    scan: params.scanId ?? null, cvss_version: params.cvssVersion ?? null, q: params.q ?? null, id__in: params.ids ?? null,
    group: params.groupId ?? null, user: params.userId ?? null,
    created: row.createdAt.toISOString(), finished: row.finishedAt?.toISOString() ?? null,
  };
}
