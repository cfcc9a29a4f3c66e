import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Spec §9: audit action levels 1 (routine) to 5 (most significant). */
export type AuditLevel = 1 | 2 | 3 | 4 | 5;

export const auditEvents = pgTable(
  'audit_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Dotted verb, e.g. `group.create`, `auth.login`. */
    action: text('action').notNull(),
    /** What was acted on, e.g. `group:12`. */
    object: text('object').notNull(),
    level: integer('level').$type<AuditLevel>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('audit_events_at_idx').on(table.at)],
);
