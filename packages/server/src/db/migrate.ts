import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migratedCluster } from '@binlens/vulndb';
import type { Database, Schema } from './client.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the drizzle-kit migrations in src/db/migrations; idempotent. */
export async function migrateDatabase(database: Database): Promise<void> {
  // The Db type is the driver-neutral base; each migrator wants its own driver's subtype,
  // which is exactly what openDatabase built for this kind.
  if (database.kind === 'pglite') {
    await migratePglite(database.db as PgliteDatabase<Schema>, { migrationsFolder });
  } else {
    await migratePg(database.db as NodePgDatabase<Schema>, { migrationsFolder });
  }
}

/** A new PGlite database starts migrated: a copy of a cluster migrated once per set of migrations (openPglite). */
export const MIGRATED_CLUSTER = migratedCluster('server-schema', migrationsFolder);
