import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from '../../blobs/blob-store.ts';
import type { ReportRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ScanRecord } from '../scans/repository.ts';
import type { Viewer } from '../users/viewer.ts';
import type { ReportJobsRepository } from './jobs-repository.ts';
import { createReportJobsService, type ReportJobsServiceDeps } from './jobs-service.ts';

const ALICE: Viewer = { userId: 1, email: 'alice@example.com', roles: ['AU'], permissions: [], sessionId: 1, csrfToken: 't' };
const log = { warnings: [] as object[], warn(object: object) { this.warnings.push(object); } };

/** The reports table in memory. */
function fakeReports(): ReportJobsRepository & { rows: ReportRow[] } {
  const rows: ReportRow[] = [];
  let next = 1;
  return {
    rows,
    create: async (report) => {
      const row: ReportRow = { ...report, id: next++, state: 'queued', error: null, blobKey: null, size: null, createdAt: new Date('2026-12-01T09:00:00Z'), finishedAt: null };
      rows.push(row);
      return row;
    },
    list: async (userId) => ({ rows: rows.filter((r) => r.userId === userId), count: rows.filter((r) => r.userId === userId).length }),
    findOwned: async (userId, id) => rows.find((r) => r.id === id && r.userId === userId) ?? null,
    find: async (id) => rows.find((r) => r.id === id) ?? null,
    start: async (id) => {
      const row = rows.find((r) => r.id === id && r.state === 'queued');
      if (row) row.state = 'running';
      return row !== undefined;
    },
    finish: async (id, document, at) => {
      const row = rows.find((r) => r.id === id);
      if (row) Object.assign(row, { state: 'ready', name: document.name, blobKey: document.blobKey, size: document.size, finishedAt: at });
      return row !== undefined;
    },
    fail: async (id, error, at) => {
      const row = rows.find((r) => r.id === id);
      if (row) Object.assign(row, { state: 'failed', error, finishedAt: at });
    },
    abandon: async (id, error, at) => {
      const row = rows.find((r) => r.id === id && (r.state === 'queued' || r.state === 'running'));
      if (row) Object.assign(row, { state: 'failed', error, finishedAt: at });
      return row !== undefined;
    },
    delete: async (id) => {
      const index = rows.findIndex((r) => r.id === id);
      return index < 0 ? null : (rows.splice(index, 1)[0] ?? null);
    },
    blobHeldByOthers: async (key, exceptId) => rows.some((r) => r.blobKey === key && r.id !== exceptId),
    olderThan: async (before, limit) => rows.filter((r) => r.createdAt < before).slice(0, limit),
  };
}

/** Blobs in memory, addressed by their sha256 as the real stores are. */
function fakeBlobs(): BlobStore & { keys: () => string[] } {
  const blobs = new Map<string, Buffer>();
  return {
    keys: () => [...blobs.keys()],
    put: async (source) => {
      const bytes = await buffer(source);
      const key = createHash('sha256').update(bytes).digest('hex');
      blobs.set(key, bytes);
      return { key, size: bytes.length, sha1: createHash('sha1').update(bytes).digest('hex'), sha256: key };
    },
    get: async (key) => Readable.from([blobs.get(key) ?? Buffer.alloc(0)]),
    stat: async (key) => (blobs.has(key) ? { size: blobs.get(key)?.length ?? 0 } : null),
    localPath: async () => '',
    releaseLocalPath: async () => undefined,
    delete: async (key) => void blobs.delete(key),
    removePartialUploads: async () => [],
  };
}

function setup(overrides: Partial<ReportJobsServiceDeps> = {}) {
  const reports = fakeReports();
  const blobs = fakeBlobs();
  const sent: unknown[] = [];
  const service = createReportJobsService({
    reports,
    users: { findById: async (id) => ({ id, email: 'alice@example.com', roles: ['AU'], isActive: true }) as UserRow },
    scans: { findVisible: async (_viewer, id) => (id === 42 ? ({ id: 42, filename: 'fw.bin' } as ScanRecord) : undefined) },
    scanReports: { report: async (_viewer, scanId, format) => ({ body: `${format} of ${scanId}`, mediaType: 'text/csv', fileName: `fw.bin-${format}.csv` }) },
    scansReport: { csv: async () => ({ body: 'id,name\r\n', mediaType: 'text/csv', fileName: 'scans-report.csv' }) },
    blobs,
    enqueue: async (data) => void sent.push(data),
    ...overrides,
  });
  return { service, reports, blobs, sent };
}

describe('reports made in the background', () => {
  it('keeps nothing when the queue refuses the job', async () => {
    const { service, reports } = setup({ enqueue: async () => { throw new AppError('queue_unavailable'); } });
    await expect(service.create(ALICE, { kind: 'scan', format: 'pdf', scan: 42 })).rejects.toMatchObject({ code: 'queue_unavailable' });
    expect(reports.rows).toEqual([]);
  });

  it('fails the report of an owner who can no longer sign in, without making it', async () => {
    let made = 0;
    const { service, reports } = setup({
      users: { findById: async (id) => ({ id, email: 'alice@example.com', roles: ['AU'], isActive: false }) as UserRow },
      scanReports: { report: async () => { made += 1; return { body: '', mediaType: 'text/csv', fileName: 'x.csv' }; } },
    });
    const { id } = await service.create(ALICE, { kind: 'scan', format: 'csv-components', scan: 42 });
    await service.make({ reportId: id }, log);
    expect([reports.rows[0]?.state, reports.rows[0]?.error, made]).toEqual(['failed', "The report's owner can no longer sign in, so it was not made.", 0]);
  });

  it('drops the document of a report deleted while it was made', async () => {
    let making: () => void = () => undefined;
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolve) => { making = resolve; });
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const { service, reports, blobs } = setup({
      scanReports: { report: async () => { making(); await gate; return { body: 'late', mediaType: 'text/csv', fileName: 'fw.bin-components.csv' }; } },
    });
    const { id } = await service.create(ALICE, { kind: 'scan', format: 'csv-components', scan: 42 });
    const make = service.make({ reportId: id }, log);
    await started;
    expect(reports.rows[0]?.state).toBe('running');
    await service.delete(ALICE, id);
    release();
    await make;
    expect([reports.rows, blobs.keys()]).toEqual([[], []]);
  });

  it('keeps a blob another report holds when one of them is deleted', async () => {
    const { service, blobs } = setup();
    const first = await service.create(ALICE, { kind: 'scans', format: 'csv' });
    const second = await service.create(ALICE, { kind: 'scans', format: 'csv' });
    await service.make({ reportId: first.id }, log);
    await service.make({ reportId: second.id }, log);
    expect(blobs.keys()).toHaveLength(1);
    await service.delete(ALICE, first.id);
    expect(blobs.keys()).toHaveLength(1);
    await service.delete(ALICE, second.id);
    expect(blobs.keys()).toEqual([]);
  });

  it('tells an unexpected failure by an error id, and logs its cause under it', async () => {
    const { service, reports } = setup({ scansReport: { csv: async () => { throw new Error('connection reset'); } } });
    const { id } = await service.create(ALICE, { kind: 'scans', format: 'csv', q: 'fw' });
    await service.make({ reportId: id }, log);
    expect(reports.rows[0]?.error).toMatch(/^The report could not be made\. Error ID: [0-9a-f]{12}$/);
    expect(log.warnings.at(-1)).toMatchObject({ reportId: id, errorId: reports.rows[0]?.error?.slice(-12) });
  });
});
