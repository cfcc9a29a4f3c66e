import { and, count, eq, gt, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type PasswordTokenPurpose, passwordTokens } from '../../db/schema/index.ts';

export interface NewPasswordToken {
  userId: number;
  tokenHash: string;
  purpose: PasswordTokenPurpose;
  expiresAt: Date;
}

export interface PasswordTokensRepository {
  create(token: NewPasswordToken): Promise<void>;
  /** Marks the user's unused links used: a newer link or a new password replaces them. */
  retire(userId: number, now: Date): Promise<void>;
  /** Uses the link once: its user and purpose when it was unused and not expired at `now`, else undefined. */
  consume(tokenHash: string, now: Date): Promise<{ userId: number; purpose: PasswordTokenPurpose } | undefined>;
  /** Links of this purpose made for the user since `since` (the reset request's limit). */
  countSince(userId: number, purpose: PasswordTokenPurpose, since: Date): Promise<number>;
}

export function createPasswordTokensRepository(db: Db): PasswordTokensRepository {
  return {
    async create(token) {
      await db.insert(passwordTokens).values(token);
    },
    async retire(userId, now) {
      await db.update(passwordTokens).set({ usedAt: now }).where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
    },
    async consume(tokenHash, now) {
      // One UPDATE: of two requests with the same link, only one sees the row unused.
      const [row] = await db
        .update(passwordTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
        .returning({ userId: passwordTokens.userId, purpose: passwordTokens.purpose });
      return row;
    },
    async countSince(userId, purpose, since) {
      const [row] = await db
        .select({ value: count() })
        .from(passwordTokens)
        .where(and(eq(passwordTokens.userId, userId), eq(passwordTokens.purpose, purpose), gte(passwordTokens.createdAt, since)));
      return row?.value ?? 0;
    },
  };
}
