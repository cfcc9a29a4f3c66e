import { integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';

/** Key/value pairs of a group (spec §7 /rest/groups/{id}/custom_data/): keys upper-cased, unique per group. */
export const groupCustomData = pgTable(
  'group_custom_data',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** `A-Z`, `0-9` and `_`, at most 64 characters, e.g. `PRODUCT_LINE`. */
    key: text('key').notNull(),
    /** Trimmed, at most 10,000 characters. */
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('group_custom_data_group_key_uq').on(table.groupId, table.key)],
);
