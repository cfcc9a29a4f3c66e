// Where an evaluation's time goes on a kept knowledge base (see import-and-evaluate.ts
// --kb): evaluates the synthetic components once to warm up, replays each knowledge-base
// lookup alone with its real keys and times it, then prints the plan of every statement
// the lookups ran (EXPLAIN (ANALYZE, BUFFERS)). --cpu-prof NAME writes CPU profiles of the
// cold and the warm evaluation to NAME.cold.cpuprofile and NAME.warm.cpuprofile (open them
// in Chrome's DevTools).
//
//   node bench/vulndb/query-plans.ts --kb DIR [--cpu-prof NAME] [NVD_RECORDS=300000] [OSV_RECORDS=200000] [COMPONENTS=2000]
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { type KnowledgeBase, evaluate, openKnowledgeBase } from '@binlens/vulndb';
import { holdsImport } from './kept-knowledge-base.ts';
import { syntheticComponents } from './synthetic-components.ts';
import { ECOSYSTEMS, catalogue } from './synthetic-feeds.ts';

const { values: flags, positionals } = parseArgs({ options: { kb: { type: 'string' }, 'cpu-prof': { type: 'string' } }, allowPositionals: true });
const [nvdCount = 300_000, osvCount = 200_000, componentCount = 2_000] = positionals.map(Number);

/** What the lookups need of the PGlite client under Drizzle (`db.$client`). */
interface QueryClient {
  query<T>(sql: string, params?: unknown[], options?: unknown): Promise<{ rows: T[] }>;
}

interface Call {
  readonly method: keyof KnowledgeBase;
  readonly args: unknown[];
}

/**
 * The knowledge base with every call recorded (method and arguments). Without its kept rows
 * (atCurrentVersion), so that every lookup of the cold evaluation reaches the database.
 */
function recording(kb: KnowledgeBase, calls: Call[]): KnowledgeBase {
  return new Proxy(kb, {
    get(target, method: keyof KnowledgeBase) {
      if (method === 'atCurrentVersion') return undefined;
      const lookup = target[method] as (...args: unknown[]) => Promise<unknown[]>;
      return (...args: unknown[]) => {
        calls.push({ method, args });
        return lookup.apply(target, args);
      };
    },
  });
}

async function profile(file: string, run: () => Promise<unknown>): Promise<void> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  await run();
  const { profile: taken } = await session.post('Profiler.stop');
  session.disconnect();
  writeFileSync(file, JSON.stringify(taken));
}

async function main(): Promise<void> {
  const dir = flags.kb;
  if (dir === undefined || !holdsImport(dir, { nvd: nvdCount, osv: osvCount })) {
    throw new Error('--kb DIR must name a knowledge base import-and-evaluate.ts --kb DIR has imported with the same feed sizes');
  }
  const opened = await openKnowledgeBase(dir);
  // Every statement Drizzle sends goes through the client's query(): recorded while logging.
  const client = (opened.db as unknown as { $client: QueryClient }).$client;
  const query = client.query.bind(client);
  const statements: { sql: string; params: unknown[] }[] = [];
  let logging = false;
  client.query = <T>(sql: string, params: unknown[] = [], options?: unknown) => {
    if (logging) statements.push({ sql, params });
    return query<T>(sql, params, options);
  };
  try {
    const calls: Call[] = [];
    const cat = catalogue(Math.max(1, Math.floor(nvdCount / 6)), Math.max(1, Math.ceil(osvCount / ECOSYSTEMS.length / 2)));
    const identification = syntheticComponents(cat, nvdCount, osvCount, componentCount);
    const { kb } = opened;
    const profileName = flags['cpu-prof'];
    for (const round of ['cold', 'warm']) {
      const run = (): Promise<unknown> => evaluate(identification, round === 'cold' ? recording(kb, calls) : kb, {});
      const started = performance.now();
      if (profileName === undefined) await run();
      else await profile(`${profileName}.${round}.cpuprofile`, run);
      console.log(`evaluate (${round}): ${(performance.now() - started).toFixed(0)} ms`);
    }
    logging = true;
    for (const { method, args } of calls) {
      const lookup = kb[method] as (...a: unknown[]) => Promise<unknown[]>;
      const keys = Array.isArray(args[0]) ? args[0].length : 0;
      // The fastest of three: the machine is shared. CPU time counts PGlite's too (it runs in this process).
      let best = { wall: Infinity, cpu: Infinity, rows: 0 };
      for (let round = 0; round < 3; round++) {
        const started = performance.now();
        const cpu = process.cpuUsage();
        const rows = await lookup.apply(kb, args);
        const used = process.cpuUsage(cpu);
        best = { wall: Math.min(best.wall, performance.now() - started), cpu: Math.min(best.cpu, (used.user + used.system) / 1000), rows: rows.length };
        logging = false;
      }
      logging = true;
      console.log(`${method}: ${keys} keys, ${best.rows} rows, ${best.wall.toFixed(1)} ms, ${best.cpu.toFixed(1)} ms CPU`);
    }
    logging = false;
    for (const { sql, params } of statements) {
      const plan = await query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      console.log(`\n${sql.slice(0, 400)}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  } finally {
    await opened.close();
  }
}

await main();
