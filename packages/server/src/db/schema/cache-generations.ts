import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Counters that grow by one with every committed transaction that changed what a cache keeps
 * (lib/generation-cache.ts): `scan_list` for scan lists and statistics (scans, their custom
 * data, groups, memberships, company settings), `sessions` for the session look-up (sessions,
 * users, company settings). Triggers of migration 0023 bump them at commit, once per
 * transaction and counter, so their order is the commit order and a reader that sees a value
 * also sees every change it counts. On PGlite they are also sent to the one process that
 * holds the database (db/cache-generations.ts).
 */
export const cacheGenerations = pgTable('cache_generations', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

export const CACHE_GENERATION_NAMES = ['scan_list', 'sessions', 'adjustments'] as const;
export type CacheGenerationName = (typeof CACHE_GENERATION_NAMES)[number];
