import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companySettings, type SessionRow, sessions, type UserRow, users } from '../../db/schema/index.ts';
import { type SessionLimits, sessionLimitsOf } from './session-limits.ts';

export interface SessionsRepository {
  /** `createdAt` is also the first `lastSeenAt`. */
  create(session: { tokenHash: string; userId: number; csrfToken: string; createdAt: Date; expiresAt: Date }): Promise<SessionRow>;
  /**
   * The live session with that token hash and its active user, with the company's session
   * limits read in the same statement (absent when the settings row is missing).
   */
  findLive(tokenHash: string, now: Date): Promise<{ session: SessionRow; user: UserRow; limits?: SessionLimits } | undefined>;
  delete(id: number): Promise<void>;
  /** Records activity at `at` unless some was recorded after `before` (so at most one write a minute). */
  touch(id: number, at: Date, before: Date): Promise<void>;
}

export function createSessionsRepository(db: Db): SessionsRepository {
  // Every authenticated request runs it: built once, and prepared on each connection.
  const live = db
    .select({
      session: sessions,
      user: users,
      idleMinutes: companySettings.sessionIdleTimeoutMinutes,
      absoluteHours: companySettings.sessionAbsoluteTimeoutHours,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companySettings, eq(companySettings.id, 1))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now')), eq(users.isActive, true)))
    .prepare('sessions_find_live');
  return {
    async create(session) {
      const [row] = await db.insert(sessions).values({ ...session, lastSeenAt: session.createdAt }).returning();
      if (!row) throw new Error('insert into sessions returned no row');
      return row;
    },
    async findLive(tokenHash, now) {
      const [row] = await live.execute({ tokenHash, now });
      if (!row) return undefined;
      const { session, user, idleMinutes, absoluteHours } = row;
      if (absoluteHours === null) return { session, user };
      return { session, user, limits: sessionLimitsOf({ sessionIdleTimeoutMinutes: idleMinutes, sessionAbsoluteTimeoutHours: absoluteHours }) };
    },
    async delete(id) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async touch(id, at, before) {
      await db.update(sessions).set({ lastSeenAt: at }).where(and(eq(sessions.id, id), lte(sessions.lastSeenAt, before)));
    },
  };
}
