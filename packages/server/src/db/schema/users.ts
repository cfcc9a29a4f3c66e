import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Stored lower-cased so that login is case-insensitive. */
  email: text('email').notNull().unique(),
  username: text('username').notNull(),
  /** `scrypt$N$r$p$salt$hash`, see lib/password.ts. */
  passwordHash: text('password_hash').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** Spec §6 account roles, e.g. `AU`. */
  roles: text('roles').array().notNull().default([]),
  displayLocalTime: boolean('display_local_time').notNull().default(false),
  containerDefaultView: text('container_default_view').notNull().default('list'),
  otpActive: boolean('otp_active').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
