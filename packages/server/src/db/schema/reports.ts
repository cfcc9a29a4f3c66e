import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const REPORT_KINDS = ['scan', 'scans'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_DOCUMENT_FORMATS = ['pdf', 'csv-components', 'csv-vulnerabilities', 'csv'] as const;
export type ReportDocumentFormat = (typeof REPORT_DOCUMENT_FORMATS)[number];
export const REPORT_STATES = ['queued', 'running', 'ready', 'failed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** What a report was asked for with: one scan's id and CVSS version, or the scan list's filters. */
export interface ReportParams {
  scanId?: number;
  cvssVersion?: 2 | 3;
  q?: string;
  ids?: number[];
  groupId?: number;
  userId?: number;
}

/**
 * A report made in the background (POST /rest/reports/, jobs/report.ts): private to its owner,
 * made with the owner's visibility when the job runs, its document kept as a blob until it is
 * deleted or older than the retention of reports.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    format: text('format', { enum: REPORT_DOCUMENT_FORMATS }).notNull(),
    params: jsonb('params').$type<ReportParams>().notNull(),
    /** The document's file name; until it is made, the name it is expected to have. */
    name: text('name').notNull(),
    state: text('state', { enum: REPORT_STATES }).notNull().default('queued'),
    error: text('error'),
    blobKey: text('blob_key'),
    size: bigint('size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('reports_user_created_idx').on(table.userId, table.createdAt), index('reports_created_idx').on(table.createdAt)],
);

export type ReportRow = typeof reports.$inferSelect;
