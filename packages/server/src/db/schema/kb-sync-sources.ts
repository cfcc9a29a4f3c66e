import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the knowledge-base sync is doing with a source now: `waiting` for its turn in a
 * running sync, `running`, `retrying` after a failure (until `next_attempt_at`), or done
 * with its last attempt (`complete`, `failed`). The row `bundle` tracks an uploaded bundle.
 */
export type KbSyncState = 'waiting' | 'running' | 'retrying' | 'complete' | 'failed';

/** The progress of a running source (vulndb's SyncProgress less the source). */
export interface KbSyncProgress {
  phase: 'download' | 'import';
  records: number;
  totalRecords: number | null;
  bytes: number;
  totalBytes: number | null;
}

/** One row per sync source (`nvd`, `osv`, ...) and one for bundle uploads (`bundle`); written by jobs/kb-sync.ts and modules/knowledge-base. */
export const kbSyncSources = pgTable('kb_sync_sources', {
  source: text('source').primaryKey(),
  state: text('state').$type<KbSyncState>().notNull(),
  progress: jsonb('progress').$type<KbSyncProgress>(),
  /** Attempts of the current sync (1 = first). */
  attempt: integer('attempt').notNull().default(0),
  lastError: text('last_error'),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  /** The feed's own date at the last success (Last-Modified, NVD's timestamp, a bundle's createdAt). */
  feedDate: timestamp('feed_date', { withTimezone: true }),
  /** Touched at least every 30 s while running: a running row not touched for 10 min belonged to a process that ended. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type KbSyncRow = typeof kbSyncSources.$inferSelect;
