import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { users } from './users.ts';

/** A user's favourite groups (POST/DELETE /rest/groups/{id}/set-favourite/): one row per user and group. */
export const groupFavourites = pgTable(
  'group_favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'group_favourites_pk', columns: [table.userId, table.groupId] }), index('group_favourites_group_id_idx').on(table.groupId)],
);
