import fp from 'fastify-plugin';
import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../db/client.ts';
import { createQueues } from '../jobs/queues.ts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** pg-boss, or null when the app was built without a queue (openapi-dump). */
    boss: PgBoss | null;
    enqueue: (queue: string, data: object) => Promise<string>;
  }
}

export interface QueuePluginOptions {
  enabled: boolean;
}

export const queuePlugin = fp<QueuePluginOptions>(
  async (app, { enabled }) => {
    const boss = enabled ? await startBoss(app.database, (error) => app.log.error({ err: error }, 'pg-boss error')) : null;
    boss?.on('warning', (warning) => app.log.warn({ warning }, 'pg-boss warning'));
    if (boss) {
      // Graceful: running scans get up to 30 s to finish; their AbortSignal fires after that.
      app.addHook('onClose', () => boss.stop({ graceful: true, timeout: 30_000 }));
    }
    app.decorate('boss', boss);
    app.decorate('enqueue', async (queue: string, data: object) => {
      if (!boss) throw new AppError('queue_unavailable');
      const id = await boss.send(queue, data);
      if (!id) throw new AppError('queue_unavailable');
      return id;
    });
  },
  { name: 'queue', dependencies: ['db'] },
);

async function startBoss(database: Database, onError: (error: Error) => void): Promise<PgBoss> {
  // PGlite is one in-process connection: fromPglite routes parameterised statements to
  // query() and multi-statement SQL to exec(), returning the rows of every statement.
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite' })
      : // Several processes share the queue: the supervisor fails a dead process's jobs by their
        // lost heartbeat (jobs/queues.ts), so it looks every 10 s rather than every minute.
        new PgBoss({ connectionString: database.connectionString, max: 4, superviseIntervalSeconds: 10, monitorIntervalSeconds: 10 });
  boss.on('error', onError);
  await boss.start();
  await createQueues(boss);
  return boss;
}
