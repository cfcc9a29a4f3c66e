import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from '@binlens/vulndb';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { MIGRATED_CLUSTER } from './migrate.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one Drizzle handle every repository takes, whatever the driver underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database =
  | { kind: 'pglite'; db: Db; pglite: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: Db; connectionString: string; close: () => Promise<void> };

export interface DatabaseTarget {
  /** PostgreSQL when set. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; in-memory when absent. */
  pgliteDir?: string | undefined;
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    // An idle connection that the server closes (a restart, a failover, a dropped test
    // database) is an 'error' event on the pool; unheard, it would end the process. The pool
    // has already discarded that connection and opens a new one on the next query.
    pool.on('error', (error) => process.stderr.write(`binlens: idle database connection lost: ${error.message}\n`));
    const db = drizzlePg({ client: pool, schema });
    return { kind: 'postgres', db, connectionString: target.databaseUrl, close: () => pool.end() };
  }
  if (target.pgliteDir) await mkdir(target.pgliteDir, { recursive: true });
  const pglite = await openPglite(target.pgliteDir ?? null, MIGRATED_CLUSTER);
  const db = drizzlePglite({ client: pglite, schema });
  return { kind: 'pglite', db, pglite, close: () => pglite.close() };
}
