import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { fromPglite, PgBoss } from 'pg-boss';
import { type ClusterTemplate, installedVersion, migratedCluster } from '@binlens/vulndb';
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

const migrated = migratedCluster('server-schema', migrationsFolder);

/**
 * A new PGlite database starts migrated and with pg-boss's schema, as the first start of a
 * server makes them (~0.8 s of it): a copy of a cluster made once per set of migrations and
 * pg-boss version (openPglite). The server's queue (jobs/queues.ts) opens pg-boss the same way.
 */
export const MIGRATED_CLUSTER: ClusterTemplate = {
  name: 'server-schema',
  inputs: () => [...migrated.inputs(), installedVersion('pg-boss')],
  prepare: async (pglite) => {
    await migrated.prepare(pglite);
    const boss = new PgBoss({ db: fromPglite(pglite), backend: 'pglite' });
    await boss.start();
    await boss.stop({ graceful: false });
  },
};
