import type { Identification, Progress } from '@binlens/engine/model';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { jsonText } from './json-text.ts';
import { users } from './users.ts';

/** Spec §4: B busy (queued or running), R ready, F failed. */
// Spec §4 codes; this server writes B, R and F.
export type ScanStatus = 'R' | 'B' | 'S' | 'P' | 'D' | 'F';

/** The states of a scan still queued or being scanned (B, S, P, D): every status but ready and failed. */
export const BUSY_SCAN_STATUSES: readonly ScanStatus[] = ['B', 'S', 'P', 'D'];

export function isBusyScan(status: ScanStatus): boolean {
  return BUSY_SCAN_STATUSES.includes(status);
}

/** A scan's vulnerabilities by severity (modules/scans/vulnerability-counts.ts counts them). */
export interface VulnerabilityCounts {
  critical: number;
  high: number;
  medium: number;
  low: number;
  /** No CVSS score in the chosen version (nor v2, with the CVSS3 fallback). */
  missing: number;
  /** Resolved by triage in every component that has it (not counted above); absent in counts stored before triage existed. */
  triaged?: number;
}

/** Spec §9 scanner processes (jobs/scan-progress.ts maps the engine's stages onto them). */
export type ScannerProcess = 'downloading file' | 'file extractors' | 'BOM matching' | 'BOM postprocessing' | 'custom pattern search' | 'infoleak' | 'Rapid Scan Static' | 'other';

/** One scanner process of a scan: files and (for the extractors) bytes done; ISO times. */
export interface ScannerProcessProgress {
  name: ScannerProcess;
  files_done: number;
  files_total: number;
  bytes_done: number | null;
  bytes_total: number | null;
  started: string;
  finished: string | null;
}

/** A busy scan's progress as the API shows it: the current process and every one so far. Older rows hold only stage, done and total. */
export interface ScanProgress extends Pick<Progress, 'done' | 'total'> {
  stage: string;
  status?: 'S' | 'P' | 'D';
  processes?: ScannerProcessProgress[];
  /** Seconds left by the current rate; null until it can be told. */
  eta_seconds?: number | null;
}

export const scans = pgTable(
  'scans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha1: text('sha1').notNull(),
    sha256: text('sha256').notNull(),
    blobKey: text('blob_key').notNull(),
    status: text('status').$type<ScanStatus>().notNull().default('B'),
    progress: jsonb('progress').$type<ScanProgress>(),
    error: text('error'),
    /** The engine's whole Identification, as JSON text: evidence and names may hold any bytes (json-text.ts). */
    identification: jsonText<Identification>('identification'),
    /**
     * What results and evaluation read: the Identification without the lists kept in
     * scan_items and without files no component names. Null until the scan is ready (and for
     * scans stored before it existed, until their first read splits them).
     */
    resultCore: jsonText<Identification>('result_core'),
    /**
     * Which version of the item split (modules/scans/result-items.ts ITEMS_VERSION) wrote the
     * scan's scan_items; an older one is split again from the Identification on first read.
     */
    itemsVersion: integer('items_version').notNull().default(1),
    componentCount: integer('component_count'),
    /** Kept by the re-evaluation job: set when the scan is ready and again whenever the knowledge base changes. */
    vulnerabilityCounts: jsonb('vulnerability_counts').$type<VulnerabilityCounts>(),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
    /**
     * Bumped with every mark as stale (modules/adjustments/stale-scans.ts). An evaluation stores its
     * counts only while this is what it read when it began: a change committed meanwhile keeps the scan stale.
     */
    staleMarks: integer('stale_marks').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Spec §9's sort key, kept by PostgreSQL from vulnerability_counts (modules/scans/list-query.ts
     * explains it) so that ordering by it is an index scan: critical, high, medium, low and missing
     * each as 4 digits (capped at 9999), then the triaged ones the same way and 0000 for historical ones.
     */
    sortKey: text('sort_key').generatedAlwaysAs(
      sql.raw(
        `${['critical', 'high', 'medium', 'low', 'missing', 'triaged'].map((key) => `lpad(least(coalesce((vulnerability_counts ->> '${key}')::int, 0), 9999)::text, 4, '0')`).join(' || ')} || '0000'`,
      ),
    ),
    /** When the uploaded bytes were removed (DELETE scans/{id}/binary/ or retention); the results stay, a rescan is refused. */
    binaryRemovedAt: timestamp('binary_removed_at', { withTimezone: true }),
    /** Why a ready scan's verdict is N/A (no component found, input not understood); null otherwise. */
    verdictReason: text('verdict_reason'),
  },
  (table) => [
    index('scans_group_id_idx').on(table.groupId),
    index('scans_created_at_idx').on(table.createdAt),
    // Exact look-ups by hash (search, reuse of an upload's scan) and by file name (search, ordering).
    index('scans_sha1_idx').on(table.sha1),
    index('scans_sha256_idx').on(table.sha256),
    index('scans_filename_idx').on(table.filename),
    index('scans_sort_key_idx').on(table.sortKey, table.id),
  ],
);

export type ScanRow = typeof scans.$inferSelect;
