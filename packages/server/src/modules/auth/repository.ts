import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SessionRow, sessions, type UserRow, users } from '../../db/schema/index.ts';

export interface SessionsRepository {
  /** `createdAt` is also the first `lastSeenAt`. */
  create(session: { tokenHash: string; userId: number; csrfToken: string; createdAt: Date; expiresAt: Date }): Promise<SessionRow>;
  /** The live session with that token hash and its active user. */
  findLive(tokenHash: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | undefined>;
  delete(id: number): Promise<void>;
  /** Records activity at `at` unless some was recorded after `before` (so at most one write a minute). */
  touch(id: number, at: Date, before: Date): Promise<void>;
}

export function createSessionsRepository(db: Db): SessionsRepository {
  return {
    async create(session) {
      const [row] = await db.insert(sessions).values({ ...session, lastSeenAt: session.createdAt }).returning();
      if (!row) throw new Error('insert into sessions returned no row');
      return row;
    },
    async findLive(tokenHash, now) {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), eq(users.isActive, true)));
      return row;
    },
    async delete(id) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async touch(id, at, before) {
      await db.update(sessions).set({ lastSeenAt: at }).where(and(eq(sessions.id, id), lte(sessions.lastSeenAt, before)));
    },
  };
}
