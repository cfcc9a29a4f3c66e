import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';

/** Where a group's finished scans (R or F) are announced, signed with HMAC-SHA256 (modules/webhooks). */
export const groupWebhooks = pgTable('group_webhooks', {
  groupId: integer('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  /** The signing key: needed in clear to sign, shown to the user once when made. */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type GroupWebhookRow = typeof groupWebhooks.$inferSelect;
