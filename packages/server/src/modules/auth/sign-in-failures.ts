import { and, count, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signInFailures } from '../../db/schema/index.ts';

/** A sign-in that may go ahead (its failure row, deleted if it succeeds), or the failure whose expiry lifts the limit. */
export type Reservation = { id: number } | { blockedBy: Date };

export interface SignInFailuresRepository {
  /**
   * Serialised per email and per address across processes (advisory locks): when the email
   * or the address has `limit` failures after `since`, answers the one whose expiry lifts
   * that; else writes a failure at `now` for this attempt. Purges failures before `since`.
   */
  reserve(attempt: { email: string; address: string; now: Date; since: Date; limit: number }): Promise<Reservation>;
  /** The attempt succeeded: it is no failure. */
  delete(id: number): Promise<void>;
  /** Failures after `since` of the email and of the address. */
  counts(email: string, address: string, since: Date): Promise<{ email: number; address: number }>;
}

export function createSignInFailuresRepository(db: Db): SignInFailuresRepository {
  return {
    reserve: ({ email, address, now, since, limit }) =>
      db.transaction(async (tx) => {
        // Email first, then address, in every transaction: no two wait on each other in a cycle.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in email ${email}`}, 0))`);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in address ${address}`}, 0))`);
        await tx.delete(signInFailures).where(lt(signInFailures.at, since));
        // The limit-th most recent failure of each: once it leaves the window, fewer than `limit` remain.
        const limitth = (where: SQL | undefined) =>
          tx.select({ at: signInFailures.at }).from(signInFailures).where(and(where, gt(signInFailures.at, since))).orderBy(desc(signInFailures.at)).offset(limit - 1).limit(1);
        const [byEmail] = await limitth(eq(signInFailures.email, email));
        const [byAddress] = await limitth(eq(signInFailures.address, address));
        const blockers = [byEmail?.at, byAddress?.at].filter((at) => at !== undefined).sort((a, b) => b.getTime() - a.getTime());
        if (blockers[0]) return { blockedBy: blockers[0] };
        const [row] = await tx.insert(signInFailures).values({ email, address, at: now }).returning({ id: signInFailures.id });
        if (!row) throw new Error('insert into sign_in_failures returned no row');
        return row;
      }),
    async delete(id) {
      await db.delete(signInFailures).where(eq(signInFailures.id, id));
    },
    async counts(email, address, since) {
      const [byEmail] = await db.select({ value: count() }).from(signInFailures).where(and(eq(signInFailures.email, email), gt(signInFailures.at, since)));
      const [byAddress] = await db.select({ value: count() }).from(signInFailures).where(and(eq(signInFailures.address, address), gt(signInFailures.at, since)));
      return { email: byEmail?.value ?? 0, address: byAddress?.value ?? 0 };
    },
  };
}
