import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { installedVersion, migrationInputs } from '@binlens/vulndb';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { createQueueHandle, createQueues } from '../src/jobs/queues.ts';
import * as schema from '../src/db/schema/index.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** Every suite runs on PGlite, and on PostgreSQL too when DATABASE_URL is set. */
export const DATABASES: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

/** A fresh, migrated database: in-memory PGlite, or `binlens_t_<random>` on the DATABASE_URL server. */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    // A copy of a database migrated once (loadDataDir skips initdb and the migrations: ~0.4 s instead of ~1.2 s).
    const pglite = new PGlite({ loadDataDir: new Blob([await migratedTemplate()]) });
    await pglite.waitReady;
    const database: Database = { kind: 'pglite', db: drizzle({ client: pglite, schema }), pglite, close: () => pglite.close() };
    return { database, dispose: () => database.close() };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `binlens_t_${randomBytes(6).toString('hex')}`;
  // A copy of a database migrated once (~0.3 s instead of ~1.5 s for the migrations and pg-boss's schema).
  await admin(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(serverUrl)}`);
  const database = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, name) });
  return {
    database,
    dispose: async () => {
      await database.close();
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let pgTemplate: Promise<string> | undefined;

/**
 * The name of a database on the DATABASE_URL server migrated once per set of migrations, with
 * pg-boss's schema and the app's queues, for CREATE DATABASE … TEMPLATE. Workers of one run
 * (and of runs before it) share it: an advisory lock lets one make it, under a temporary name
 * that is renamed when complete, so a half-made template is never copied.
 */
function postgresTemplate(serverUrl: string): Promise<string> {
  pgTemplate ??= (async () => {
    const name = `binlens_tpl_${schemaHash()}`;
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        const partial = `${name}_${randomBytes(4).toString('hex')}`;
        await client.query(`CREATE DATABASE ${partial}`);
        const database = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, partial) });
        try {
          await migrateDatabase(database);
          await createQueueSchema(database);
        } finally {
          await database.close();
        }
        await client.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
      }
      return name;
    } finally {
      await client.end();
    }
  })();
  return pgTemplate;
}

/** pg-boss's schema and the app's queues, as the first start of the app makes them. */
async function createQueueSchema(database: Database): Promise<void> {
  const { boss, scanHeartbeat } = createQueueHandle(database, true);
  if (!boss) throw new Error('expected a queue');
  await boss.start();
  await createQueues(boss, scanHeartbeat);
  await boss.stop({ graceful: false });
}

/** What makes a migrated database: the migrations, PGlite's and pg-boss's versions, the app's queues. */
function schemaHash(): string {
  const hash = createHash('sha256');
  for (const input of migrationInputs(MIGRATIONS)) hash.update(input).update('\0');
  hash.update(installedVersion('@electric-sql/pglite')).update(installedVersion('pg-boss')).update(readFileSync(new URL('../src/jobs/queues.ts', import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const MIGRATIONS = fileURLToPath(new URL('../src/db/migrations/', import.meta.url));
let template: Promise<Buffer> | undefined;

/**
 * The data directory of a freshly migrated PGlite database, made once per set of migrations
 * and kept in the temp directory, so every test file of every worker starts from a copy.
 * Written under a temporary name and renamed, so a worker never reads a half-written one.
 */
function migratedTemplate(): Promise<Buffer> {
  template ??= (async () => {
    const file = path.join(tmpdir(), `binlens-test-pglite-${schemaHash()}.tar`);
    try {
      return await readFile(file);
    } catch {
      const database = await openDatabase({});
      await migrateDatabase(database);
      if (database.kind !== 'pglite') throw new Error('expected PGlite');
      await createQueueSchema(database);
      const dump = Buffer.from(await (await database.pglite.dumpDataDir('none')).arrayBuffer());
      await database.close();
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, dump);
      await rename(partial, file);
      return dump;
    }
  })();
  return template;
}
