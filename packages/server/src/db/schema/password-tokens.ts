import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Why a set-password link was mailed: an invitation or a password reset. */
export const PASSWORD_TOKEN_PURPOSES = ['invite', 'reset'] as const;
export type PasswordTokenPurpose = (typeof PASSWORD_TOKEN_PURPOSES)[number];

/** One-time set-password links (invitation and reset mails); each works once, until it expires. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the token, which only the mail carries. */
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: PASSWORD_TOKEN_PURPOSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the link sets a password (or a newer link replaces it): it never works again. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_tokens_user_id_idx').on(table.userId)],
);

export type PasswordTokenRow = typeof passwordTokens.$inferSelect;
