import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One current key per user (`Authorization: Bearer <key>`); creating a key replaces the previous one. */
export const apiKeys = pgTable('api_keys', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** sha256 of the token, which is shown once and never stored. */
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Written at most once a minute per key, so a busy script does not write on every call. */
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Spec §7 api-key-networks: when any is set, keys are honoured only from inside one of them. */
export const apiKeyNetworks = pgTable('api_key_networks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Canonical CIDR, e.g. `10.0.0.0/8`, `2001:db8::/32`. */
  network: text('network').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ApiKeyNetworkRow = typeof apiKeyNetworks.$inferSelect;

/**
 * A sign-in with a password (the login form or HTTP Basic) that has not succeeded: written
 * before the password is checked, so parallel guesses count at once, and deleted when it
 * succeeds. What the brute-force limit counts, per email and per client address.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased as typed, whether or not a user has it (a limit only for known emails would tell them). */
    email: text('email').notNull(),
    address: text('address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sign_in_failures_email_at_idx').on(table.email, table.at),
    index('sign_in_failures_address_at_idx').on(table.address, table.at),
    // Rows older than the window are purged at each sign-in, so the table holds one window's failures.
    index('sign_in_failures_at_idx').on(table.at),
  ],
);
