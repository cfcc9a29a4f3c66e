import { integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';

/**
 * A group's application template (spec §3): the custom data every new scan uploaded into the
 * group starts with. Keys upper-cased, unique per group; values trimmed.
 */
export const groupApplicationTemplate = pgTable(
  'group_application_template',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** `A-Z`, `0-9` and `_`, at most 64 characters, e.g. `PRODUCT_LINE`. */
    key: text('key').notNull(),
    /** Trimmed, at most 10,000 characters. */
    value: text('value').notNull(),
  },
  (table) => [unique('group_application_template_group_key_uq').on(table.groupId, table.key)],
);
