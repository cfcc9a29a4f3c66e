import fp from 'fastify-plugin';
import type { PgBoss } from 'pg-boss';
import { createQueues, type QueueHandle } from '../jobs/queues.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** pg-boss, started; null when the app was built without a queue (openapi-dump). */
    boss: PgBoss | null;
  }
}

export interface QueuePluginOptions {
  /** Built by the composition root (composition.ts). */
  queue: QueueHandle;
}

/** Starts the composition's pg-boss with the app and stops it when the app closes. */
export const queuePlugin = fp<QueuePluginOptions>(
  async (app, { queue }) => {
    const { boss } = queue;
    if (boss) {
      boss.on('error', (error) => app.log.error({ err: error }, 'pg-boss error'));
      boss.on('warning', (warning) => app.log.warn({ warning }, 'pg-boss warning'));
      await boss.start();
      await createQueues(boss, queue.scanHeartbeat);
      // Graceful: running scans get up to 30 s to finish; their AbortSignal fires after that.
      app.addHook('onClose', () => boss.stop({ graceful: true, timeout: 30_000 }));
    }
    app.decorate('boss', boss);
  },
  { name: 'queue', dependencies: ['db'] },
);
