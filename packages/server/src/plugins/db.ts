import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

export interface DbPluginOptions {
  /** Whoever opened the database closes it (start.ts, the tests). */
  database: Database;
}

export const dbPlugin = fp<DbPluginOptions>(
  async (app, { database }) => {
    app.decorate<Database>('database', database);
    app.decorate('db', database.db);
  },
  { name: 'db' },
);
