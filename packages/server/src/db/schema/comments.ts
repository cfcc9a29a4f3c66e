import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { scans } from './scans.ts';
import { users } from './users.ts';

/** Spec §3 comment on a scan: id, product (the scan), comment; its author may remove it, as may a manager of the scan's group. */
export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scanId: integer('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    /** Trimmed, 1 to 10,000 characters. */
    comment: text('comment').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('comments_scan_id_idx').on(table.scanId)],
);

export type CommentRow = typeof comments.$inferSelect;
