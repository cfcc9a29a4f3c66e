import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The account's own information-leak patterns (spec: custom patterns, /rest/regular-expressions/),
 * in RE2 syntax, checked when saved (modules/custom-patterns). New scans search for the enabled
 * ones; a stored scan is searched for them on request.
 */
export const customPatterns = pgTable(
  'custom_patterns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Unique whatever its case: `Build token` and `build token` are one name. */
    name: text('name').notNull(),
    /** RE2 syntax, at most 1000 characters (engine infoleak/custom.ts). */
    pattern: text('pattern').notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('custom_patterns_name_uq').on(sql`lower(${table.name})`)],
);

export type CustomPatternRow = typeof customPatterns.$inferSelect;
