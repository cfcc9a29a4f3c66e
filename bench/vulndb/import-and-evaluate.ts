// Benchmark: import a synthetic NVD CVE API 2.0 feed (300,000 records) and an OSV feed
// (200,000 records) with the real importers into a PGlite knowledge base (and into
// PostgreSQL when DATABASE_URL is set), then evaluate 2,000 components (purls and CPEs,
// half of them hitting a record). Prints import time, records/s, peak RSS and the
// evaluation time; targets: import under 10 min, memory under 1 GB, evaluation under 1 s
// cold and under 200 ms warm. Warm rounds answer from the rows kept for the knowledge base's
// version (kb/row-cache.ts); the same rounds with nothing kept (every lookup a query, as
// after an import) follow, and must give the same evaluation.
// The feeds are generated into a temporary directory and removed afterwards. On a shared
// machine wall time depends on the load: CPU time is printed beside it.
//
//   node bench/vulndb/import-and-evaluate.ts [--kb DIR] [--out FILE] [--warm N] [NVD_RECORDS=300000] [OSV_RECORDS=200000] [COMPONENTS=2000]
//
// --kb DIR keeps the PGlite knowledge base in DIR: an empty (or absent) DIR gets the import,
// one already holding a complete import of the same seeded feeds is only evaluated (the
// components are built from the same seeds, so they are the same). PostgreSQL is skipped
// then. --out FILE writes the warm evaluation as JSON, to compare two versions' answers;
// --warm N evaluates N times after the cold round (the median is steadier under load).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Identification } from '@binlens/engine';
import { type Evaluation, type KbDatabase, type KnowledgeBase, createKnowledgeBase, evaluate, importFeed, openKnowledgeBase } from '@binlens/vulndb';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { holdsImport, stampImport } from './kept-knowledge-base.ts';
import { syntheticComponents } from './synthetic-components.ts';
import { ECOSYSTEMS, catalogue, nvdCve, osvRecord, random, writeFeed } from './synthetic-feeds.ts';

const { values: flags, positionals } = parseArgs({ options: { kb: { type: 'string' }, out: { type: 'string' }, warm: { type: 'string', default: '1' } }, allowPositionals: true });
const [nvdCount = 300_000, osvCount = 200_000, componentCount = 2_000] = positionals.map(Number);
const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'vulndb', 'src', 'db', 'migrations');
const MB = 1024 * 1024;

/** Imports both feeds, then evaluates; answers whether both imports completed. */
async function measure(name: string, db: KbDatabase, kb: KnowledgeBase, nvdFile: string, osvFile: string, identification: Identification): Promise<boolean> {
  let complete = true;
  const memory = rssSampler();
  const started = performance.now();
  for (const [feed, file] of [['NVD', nvdFile], ['OSV', osvFile]] as const) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    const report = await importFeed(db, { path: file });
    complete &&= report.status === 'complete';
    const s = (performance.now() - t) / 1000;
    console.log(`${name} import ${feed}: ${report.status}, ${report.imported} imported, ${report.skipped} skipped, ${s.toFixed(1)} s (${(cpuMs(cpu) / 1000).toFixed(1)} s CPU), ${(report.records / s).toFixed(0)} records/s`);
  }
  const importSeconds = (performance.now() - started) / 1000;
  const peak = memory.stop();
  console.log(`${name} import total: ${importSeconds.toFixed(1)} s (target < 600 s); peak RSS ${(peak.sampled / MB).toFixed(0)} MB sampled, ${peak.hwm === null ? 'n/a' : (peak.hwm / MB).toFixed(0)} MB VmHWM (target < 1024 MB)`);
  await measureEvaluation(name, db, kb, identification);
  return complete;
}

async function measureEvaluation(name: string, db: KbDatabase, kb: KnowledgeBase, identification: Identification): Promise<void> {
  const warmRounds = Math.max(1, Number(flags.warm) || 1);
  const kept = await evaluationRounds(`${name} evaluate`, kb, identification, ['cold', ...Array.from({ length: warmRounds }, () => 'warm')]);
  if (flags.out) writeFileSync(flags.out, `${JSON.stringify(kept, null, 1)}\n`);
  const uncached = createKnowledgeBase(db, { cacheRows: 0 });
  const fromDatabase = await evaluationRounds(`${name} evaluate, nothing kept`, uncached, identification, Array.from({ length: warmRounds }, () => 'warm'));
  console.log(`${name} the same evaluation with and without kept rows: ${JSON.stringify(kept) === JSON.stringify(fromDatabase) ? 'yes' : 'NO'}`);
}

/** Evaluates once per round, prints each and the warm rounds' median; answers the last evaluation. */
async function evaluationRounds(label: string, kb: KnowledgeBase, identification: Identification, rounds: readonly string[]): Promise<Evaluation> {
  const warm: number[] = [];
  let last: Evaluation | null = null;
  for (const round of rounds) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    const evaluation = await evaluate(identification, kb);
    const ms = performance.now() - t;
    const hits = Object.values(evaluation.components).filter((v) => v.length > 0).length;
    const vulns = Object.values(evaluation.components).reduce((n, v) => n + v.length, 0);
    const target = round === 'cold' ? 1000 : 200;
    console.log(`${label} ${identification.components.length} components (${round}): ${ms.toFixed(0)} ms, ${cpuMs(cpu).toFixed(0)} ms CPU (target < ${target} ms), ${hits} with vulnerabilities, ${vulns} matches`);
    if (round === 'warm') warm.push(ms);
    last = evaluation;
  }
  if (warm.length > 1) {
    const sorted = [...warm].sort((a, b) => a - b);
    console.log(`${label} warm over ${warm.length} rounds: median ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0)} ms, fastest ${(sorted[0] ?? 0).toFixed(0)} ms`);
  }
  if (!last) throw new Error('no round');
  return last;
}

/** The highest RSS seen every 100 ms, and the kernel's own peak (VmHWM, reset at start). */
function rssSampler(): { stop(): { sampled: number; hwm: number | null } } {
  try {
    // "5" resets the peak RSS counter (proc(5), clear_refs).
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux: the sampled figure only.
  }
  let sampled = process.memoryUsage.rss();
  const timer = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage.rss());
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      sampled = Math.max(sampled, process.memoryUsage.rss());
      return { sampled, hwm: peakRss() };
    },
  };
}

/** The kernel's VmHWM in bytes, or null off Linux. */
function peakRss(): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

async function openPostgres(serverUrl: string): Promise<{ db: KbDatabase; dispose(): Promise<void> }> {
  const name = `binlens_bench_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  const db = drizzle({ client: pool });
  await migrate(db, { migrationsFolder: MIGRATIONS });
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

/** User and system CPU time of this process since `since`: PGlite runs inside it, PostgreSQL does not. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}

async function main(): Promise<void> {
  const cat = catalogue(Math.max(1, Math.floor(nvdCount / 6)), Math.max(1, Math.ceil(osvCount / ECOSYSTEMS.length / 2)));
  const kbDir = flags.kb ?? null;
  if (kbDir !== null && holdsImport(kbDir, { nvd: nvdCount, osv: osvCount })) {
    const started = performance.now();
    const opened = await openKnowledgeBase(kbDir);
    console.log(`kept knowledge base ${kbDir} (${nvdCount} NVD, ${osvCount} OSV records) opened in ${seconds(started)} s`);
    try {
      await measureEvaluation('PGlite', opened.db, opened.kb, syntheticComponents(cat, nvdCount, osvCount, componentCount));
    } finally {
      await opened.close();
    }
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'binlens-bench-vulndb-'));
  try {
    const nvdFile = join(work, 'nvd.json');
    const osvFile = join(work, 'osv.json');
    let started = performance.now();
    const nvdRnd = random(1);
    const nvdBytes = await writeFeed(nvdFile, 'nvd', nvdCount, (i) => nvdCve(i, cat, nvdRnd));
    const osvRnd = random(2);
    const osvBytes = await writeFeed(osvFile, 'osv', osvCount, (j) => osvRecord(j, cat, osvRnd));
    console.log(`generated: NVD ${nvdCount} records (${(nvdBytes / MB).toFixed(0)} MB), OSV ${osvCount} records (${(osvBytes / MB).toFixed(0)} MB) in ${seconds(started)} s`);

    const identification = syntheticComponents(cat, nvdCount, osvCount, componentCount);
    const opened = await openKnowledgeBase(kbDir ?? join(work, 'pglite'));
    let complete = false;
    try {
      complete = await measure('PGlite', opened.db, opened.kb, nvdFile, osvFile, identification);
    } finally {
      await opened.close();
    }
    // Written last: only a complete import is ever reused.
    if (kbDir !== null && complete) stampImport(kbDir, { nvd: nvdCount, osv: osvCount });
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl && kbDir === null) {
      started = performance.now();
      const pgKb = await openPostgres(serverUrl);
      try {
        await measure('PostgreSQL', pgKb.db, createKnowledgeBase(pgKb.db), nvdFile, osvFile, identification);
      } finally {
        await pgKb.dispose();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
