import { index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { users } from './users.ts';

/** Spec §6 group roles: GU member, M manager (outranks GU; 'M' > 'GU' also sorts that way). */
export type GroupRole = 'GU' | 'M';

export const groupMemberships = pgTable(
  'group_memberships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<GroupRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('group_memberships_group_user_uq').on(table.groupId, table.userId),
    index('group_memberships_user_id_idx').on(table.userId),
  ],
);
