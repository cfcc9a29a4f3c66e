import type { CacheGenerations } from '../../db/cache-generations.ts';
import { createGenerationCache } from '../../lib/generation-cache.ts';
import type { SessionsRepository } from './repository.ts';

/** Sessions looked up at most; each is a session row and its user. */
const MAX_SESSIONS = 10_000;

/**
 * The session look-up of every request, kept while the `sessions` counter stands (any change
 * of a session, a user or the company settings moves it). Worth it only where reading the
 * counter is free (PGlite, where the look-up is most of a request's cost); PostgreSQL runs the
 * prepared look-up itself. Expiry is checked again on every use, as the query would.
 */
export function withSessionCache(sessions: SessionsRepository, generations: CacheGenerations): SessionsRepository {
  if (!generations.free) return sessions;
  type Found = Awaited<ReturnType<SessionsRepository['findLive']>>;
  const cache = createGenerationCache<Found>({ generation: () => generations.current('sessions'), weight: () => 1, maxWeight: MAX_SESSIONS });
  return {
    ...sessions,
    async findLive(tokenHash, now) {
      const found = await cache.get(tokenHash, () => sessions.findLive(tokenHash, now));
      return found && found.session.expiresAt > now ? found : undefined;
    },
  };
}
