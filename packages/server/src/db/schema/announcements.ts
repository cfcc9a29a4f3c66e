import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * What an administrator tells the account's users, by kind: `login` messages shown after
 * signing in (spec §7 GET /messages), `status` entries of the system status (GET
 * /system-status/) and on-premises `notice`s (GET /notices/).
 */
export type AnnouncementKind = 'login' | 'status' | 'notice';

/** Spec §3: a system status or login message has a level, info by default. */
export type AnnouncementLevel = 'info' | 'warning' | 'error';

export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<AnnouncementKind>().notNull(),
    level: text('level').$type<AnnouncementLevel>().notNull().default('info'),
    /** Free labels, e.g. `maintenance`; at most 10 of 50 characters each. */
    tags: text('tags').array().notNull().default([]),
    /** A notice's heading; empty for the other kinds. */
    title: text('title').notNull().default(''),
    text: text('text').notNull(),
    /** Shown from / until (login messages); null: no bound. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('announcements_kind_idx').on(table.kind, table.id)],
);
