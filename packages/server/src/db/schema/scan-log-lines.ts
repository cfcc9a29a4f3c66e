import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { scans } from './scans.ts';

export type ScanLogLevel = 'info' | 'warning' | 'error';

/**
 * A scan's own log (GET /rest/scans/{id}/scan-log): queued, started on which worker, each
 * scanner process begun, retries, the failure reason, finished. Bounded per scan
 * (modules/scans/scan-log-repository.ts keeps the newest lines); goes with the scan.
 */
export const scanLogLines = pgTable(
  'scan_log_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    scanId: integer('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    level: text('level').$type<ScanLogLevel>().notNull(),
    /** At most 500 characters, e.g. `Started on worker host-a:4242 (attempt 2 of 3)`. */
    message: text('message').notNull(),
  },
  (table) => [index('scan_log_lines_scan_idx').on(table.scanId, table.id)],
);
