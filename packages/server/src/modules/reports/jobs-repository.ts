import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import { blobReferenced } from '../../db/blob-references.ts';
import type { Db } from '../../db/client.ts';
import { type ReportDocumentFormat, type ReportKind, type ReportParams, type ReportRow, reports } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';

export interface NewReport {
  userId: number;
  kind: ReportKind;
  format: ReportDocumentFormat;
  params: ReportParams;
  name: string;
}

export interface ReportJobsRepository {
  create(report: NewReport): Promise<ReportRow>;
  /** The owner's reports, newest first. */
  list(userId: number, page: PageRequest): Promise<{ rows: ReportRow[]; count: number }>;
  /** The report when `userId` owns it. */
  findOwned(userId: number, id: number): Promise<ReportRow | null>;
  find(id: number): Promise<ReportRow | null>;
  /** queued → running; false when the report is gone or was not queued. */
  start(id: number): Promise<boolean>;
  /** running → ready with its document; false when the report was deleted meanwhile. */
  finish(id: number, document: { name: string; blobKey: string; size: number }, at: Date): Promise<boolean>;
  fail(id: number, error: string, at: Date): Promise<void>;
  /** queued or running → failed; false when the report is gone or already ended. */
  abandon(id: number, error: string, at: Date): Promise<boolean>;
  /** Deletes the report; the row deleted, or null. */
  delete(id: number): Promise<ReportRow | null>;
  /** Whether a scan holding its file, or a report other than `exceptId`, names the blob (db/blob-references.ts). */
  blobHeldByOthers(blobKey: string, exceptId: number): Promise<boolean>;
  /** Up to `limit` reports made before `before`, oldest first. */
  olderThan(before: Date, limit: number): Promise<ReportRow[]>;
}

export function createReportJobsRepository(db: Db): ReportJobsRepository {
  return {
    async create(report) {
      const [row] = await db.insert(reports).values(report).returning();
      if (!row) throw new Error('the report was not stored');
      return row;
    },
    async list(userId, page) {
      const [rows, [total]] = await Promise.all([
        db.select().from(reports).where(eq(reports.userId, userId)).orderBy(desc(reports.createdAt), desc(reports.id)).limit(page.limit).offset(page.offset),
        db.select({ n: count() }).from(reports).where(eq(reports.userId, userId)),
      ]);
      return { rows, count: total?.n ?? 0 };
    },
    async findOwned(userId, id) {
      const [row] = await db.select().from(reports).where(and(eq(reports.id, id), eq(reports.userId, userId)));
      return row ?? null;
    },
    async find(id) {
      const [row] = await db.select().from(reports).where(eq(reports.id, id));
      return row ?? null;
    },
    async start(id) {
      const rows = await db.update(reports).set({ state: 'running' }).where(and(eq(reports.id, id), eq(reports.state, 'queued'))).returning({ id: reports.id });
      return rows.length > 0;
    },
    async finish(id, document, at) {
      const rows = await db.update(reports)
        .set({ state: 'ready', name: document.name, blobKey: document.blobKey, size: document.size, finishedAt: at, error: null })
        .where(eq(reports.id, id)).returning({ id: reports.id });
      return rows.length > 0;
    },
    async fail(id, error, at) {
      await db.update(reports).set({ state: 'failed', error, finishedAt: at }).where(eq(reports.id, id));
    },
    async abandon(id, error, at) {
      const rows = await db.update(reports)
        .set({ state: 'failed', error, finishedAt: at })
        .where(and(eq(reports.id, id), inArray(reports.state, ['queued', 'running']))).returning({ id: reports.id });
      return rows.length > 0;
    },
    async delete(id) {
      const [row] = await db.delete(reports).where(eq(reports.id, id)).returning();
      return row ?? null;
    },
    blobHeldByOthers: (blobKey, exceptId) => blobReferenced(db, blobKey, exceptId),
    async olderThan(before, limit) {
      return db.select().from(reports).where(lt(reports.createdAt, before)).orderBy(reports.createdAt, reports.id).limit(limit);
    },
  };
}
