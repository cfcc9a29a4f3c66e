import { eq, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { Database, Db } from './client.ts';
import { type CacheGenerationName, cacheGenerations } from './schema/index.ts';

/** The counters of schema/cache-generations.ts as a cache reads them before each use. */
export interface CacheGenerations {
  /** The counter's value now; undefined when it cannot be told (its row is missing). */
  current(name: CacheGenerationName): Promise<number | undefined>;
  /** Whether reading a counter costs nothing, so caching pays even for cheap reads (PGlite). */
  readonly free: boolean;
}

const CHANNEL = 'cache_generations';

export function cacheGenerationsOf(database: Database): CacheGenerations {
  return database.kind === 'pglite' ? notifiedGenerations(database.pglite, database.db) : queriedGenerations(database.db);
}

/**
 * PostgreSQL: other processes (workers, other servers) write too, so every read asks the
 * database, with one prepared statement.
 */
export function queriedGenerations(db: Db): CacheGenerations {
  const query = db
    .select({ value: cacheGenerations.value })
    .from(cacheGenerations)
    .where(eq(cacheGenerations.name, sql.placeholder('name')))
    .prepare('cache_generations_current');
  return {
    free: false,
    async current(name) {
      return (await query.execute({ name }))[0]?.value;
    },
  };
}

/**
 * PGlite: this process is the only one with the database and its one session, so the triggers
 * notify that session at each commit (it asks them to with binlens.notify_cache_generations).
 * PGlite calls listeners before the committing query's promise settles, so a change is seen by
 * every read that starts after the write that made it returned.
 */
export function notifiedGenerations(pglite: PGlite, db: Db): CacheGenerations {
  const values = new Map<string, number>();
  const heard = (payload: string) => {
    const [name, text] = payload.split(' ');
    const value = Number(text);
    if (name && Number.isSafeInteger(value) && value > (values.get(name) ?? -1)) values.set(name, value);
  };
  // Listening first, then reading, so that no bump falls between the two.
  const ready = (async () => {
    await pglite.exec(`set binlens.notify_cache_generations = 'on'`);
    await pglite.listen(CHANNEL, heard);
    for (const row of await db.select().from(cacheGenerations)) heard(`${row.name} ${row.value}`);
  })();
  // Failing here fails every read that needs a counter (below), not the process.
  ready.catch(() => undefined);
  return {
    free: true,
    async current(name) {
      await ready;
      return values.get(name);
    },
  };
}
