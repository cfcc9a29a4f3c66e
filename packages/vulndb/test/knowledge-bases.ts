// Knowledge bases for tests: in-memory PGlite always; a fresh PostgreSQL database too when
// DATABASE_URL is set (created per call, dropped by dispose).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { KbDatabase } from '../src/db/database.ts';
import { openKnowledgeBase } from '../src/kb/open.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export const DATABASES: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'feeds');

export interface TestKb {
  db: KbDatabase;
  dispose(): Promise<void>;
}

export async function openTestKb(kind: DatabaseKind): Promise<TestKb> {
  if (kind === 'pglite') {
    const opened = await openKnowledgeBase(null);
    return { db: opened.db, dispose: () => opened.close() };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `binlens_kb_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  // pool.end() resolves before its connections have closed, so the forced DROP below can
  // terminate one still closing (57P01); any other error on an idle connection is real.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') throw error;
  });
  const db = drizzle({ client: pool });
  await migrate(db, { migrationsFolder: path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'db', 'migrations') });
  return {
    db,
    dispose: async () => {
      await pool.end();
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
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

export function fixture(name: string): { path: string } {
  return { path: path.join(FIXTURES, name) };
}
