// The databases a suite runs against: PGlite always, PostgreSQL too when DATABASE_URL is
// set. Each PostgreSQL run gets a database of its own, dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface DatabaseTarget {
  name: 'pglite' | 'postgresql';
  /** Creates the database (PostgreSQL) and returns its URL; undefined means PGlite. */
  create: () => Promise<string | undefined>;
  drop: () => Promise<void>;
}

export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [{ name: 'pglite', create: async () => undefined, drop: async () => {} }];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) targets.push(postgresTarget(serverUrl));
  return targets;
}

function postgresTarget(serverUrl: string): DatabaseTarget {
  const name = `binlens_e2e_${randomBytes(6).toString('hex')}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'postgresql',
    create: async () => {
      await admin((client) => client.query(`CREATE DATABASE ${name}`));
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    drop: async () => {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
