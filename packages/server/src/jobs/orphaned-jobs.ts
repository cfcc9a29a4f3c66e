// On PGlite one process runs every queue: a job still active when it starts belonged to a
// process that ended (kill -9, power loss), and nobody's heartbeat will ever come for it.
import type { PgBoss } from 'pg-boss';

/** Fails every active job of `queue`; returns their ids. */
export async function failOrphanedJobs(boss: PgBoss, queue: string): Promise<string[]> {
  const orphans: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await boss.findJobs(queue, { limit: 1000, ...(after ? { after } : {}) });
    orphans.push(...page.filter((job) => job.state === 'active').map((job) => job.id));
    if (page.length < 1000) break;
    after = page[page.length - 1]?.id;
  }
  if (orphans.length > 0) await boss.fail(queue, orphans, { message: 'the process running the job ended' });
  return orphans;
}
