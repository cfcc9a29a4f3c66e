import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { scans } from './scans.ts';

/**
 * A scan whose file is fetched from a URL (POST /rest/scans/fetch/): what the fetch job reads.
 * The scan row exists from the request on (busy, "downloading file"); its name, size, hashes
 * and blob are written when the download completes.
 */
export const scanFetches = pgTable('scan_fetches', {
  scanId: integer('scan_id')
    .primaryKey()
    .references(() => scans.id, { onDelete: 'cascade' }),
  /** The external_reference as the user sent it. */
  url: text('url').notNull(),
  /** additional_headers; may hold credentials, so cleared once the download has ended. */
  headers: jsonb('headers').$type<Record<string, string>>(),
  /** custom_data of the request, kept with the scan. */
  customData: jsonb('custom_data').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export type ScanFetchRow = typeof scanFetches.$inferSelect;
