import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { scans } from './scans.ts';

/** Key/value pairs of a scan (spec §3, §7 /rest/custom-data/): keys upper-cased, values trimmed, one entry per key. */
export const scanCustomData = pgTable(
  'scan_custom_data',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scanId: integer('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    /** `A-Z`, `0-9` and `_`, at most 64 characters, e.g. `RELEASE`. */
    key: text('key').notNull(),
    /** Trimmed, at most 10,000 characters. */
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The key index serves the list's `meta:KEY[=VALUE]` search; values may be too long for a b-tree entry.
  (table) => [unique('scan_custom_data_scan_key_uq').on(table.scanId, table.key), index('scan_custom_data_key_idx').on(table.key)],
);
