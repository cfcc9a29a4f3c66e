import { type AnyPgColumn, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const groups = pgTable(
  'groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    parentId: integer('parent_id').references((): AnyPgColumn => groups.id, { onDelete: 'restrict' }),
    /** Ids from the root down to this group joined by dots, e.g. `1.4.9`; at most 35 of them. */
    searchPath: text('search_path').notNull(),
    depth: integer('depth').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('groups_search_path_idx').on(table.searchPath),
    index('groups_parent_id_idx').on(table.parentId),
  ],
);

export type GroupRow = typeof groups.$inferSelect;
