import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

export interface DbPluginOptions {
  database: Database;
  /** Close the database when the app closes (true when buildApp opened it). */
  owned: boolean;
}

export const dbPlugin = fp<DbPluginOptions>(
  async (app, { database, owned }) => {
    app.decorate<Database>('database', database);
    app.decorate('db', database.db);
    if (owned) app.addHook('onClose', () => database.close());
  },
  { name: 'db' },
);
