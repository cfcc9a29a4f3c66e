import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A user's TOTP authenticator (RFC 6238, SHA-1, 6 digits, 30 s): one per user. Made
 * unconfirmed by POST /rest/otps/; a correct code confirms it and turns users.otp_active on.
 */
export const otpDevices = pgTable('otp_devices', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /**
   * Base32 shared secret. The server must read it to check codes, so it cannot be hashed; it
   * leaves the server only in the config_url of an unconfirmed device.
   */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The time step (unix seconds / 30) of the last code accepted: a code is good once. */
  lastUsedStep: integer('last_used_step'),
});

export type OtpDeviceRow = typeof otpDevices.$inferSelect;
