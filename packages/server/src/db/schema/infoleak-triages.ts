import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { scans } from './scans.ts';
import { scopedRuleColumns } from './scoped-rule-columns.ts';
import { users } from './users.ts';

/**
 * A decision on one information leak (spec §3.9): the finding, named by its kind and a digest of
 * its value, is no longer listed as matched wherever the rule's scope reaches. Applied when a
 * list is read (modules/infoleak-triages), never written into a scan's stored items.
 */
export const infoleakTriages = pgTable(
  'infoleak_triages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The infoleak kind (urls, passwords, ...). */
    kind: text('kind').notNull(),
    /** SHA-256 (hex) of the kind and the matched value (modules/infoleak-triages/value-key.ts): the secret is not stored again. */
    valueKey: text('value_key').notNull(),
    /** The scan the triage was made on; kept (null) when that scan is removed, unless it is the rule's own result scope. */
    scanId: integer('scan_id').references(() => scans.id, { onDelete: 'set null' }),
    rationale: text('rationale').notNull(),
    description: text('description').notNull().default(''),
    ...scopedRuleColumns(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('infoleak_triages_kind_value_idx').on(table.kind, table.valueKey)],
);

export type InfoleakTriageRow = typeof infoleakTriages.$inferSelect;
