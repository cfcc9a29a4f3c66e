// Benchmark: import a synthetic NVD CVE API 2.0 feed (300,000 records) and an OSV feed
// (200,000 records) with the real importers into a PGlite knowledge base (and into
// PostgreSQL when DATABASE_URL is set), then evaluate 2,000 components (purls and CPEs,
// half of them hitting a record). Prints import time, records/s, peak RSS and the
// evaluation time; targets: import under 10 min, memory under 1 GB, evaluation under 1 s.
// The feeds are generated into a temporary directory and removed afterwards. On a shared
// machine wall time depends on the load: CPU time is printed beside it.
//
//   node bench/vulndb/import-and-evaluate.ts [NVD_RECORDS=300000] [OSV_RECORDS=200000] [COMPONENTS=2000]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Component, Identification } from '@binlens/engine';
import { type KbDatabase, type KnowledgeBase, createKnowledgeBase, evaluate, importFeed, openKnowledgeBase } from '@binlens/vulndb';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ECOSYSTEMS, type Catalogue, catalogue, nvdCve, nvdRange, osvRange, osvRecord, random, version, writeFeed } from './synthetic-feeds.ts';

const [nvdCount = 300_000, osvCount = 200_000, componentCount = 2_000] = process.argv.slice(2).map(Number);
const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'vulndb', 'src', 'db', 'migrations');
const MB = 1024 * 1024;

async function measure(name: string, db: KbDatabase, kb: KnowledgeBase, nvdFile: string, osvFile: string, identification: Identification): Promise<void> {
  const memory = rssSampler();
  const started = performance.now();
  for (const [feed, file] of [['NVD', nvdFile], ['OSV', osvFile]] as const) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    const report = await importFeed(db, { path: file });
    const s = (performance.now() - t) / 1000;
    console.log(`${name} import ${feed}: ${report.status}, ${report.imported} imported, ${report.skipped} skipped, ${s.toFixed(1)} s (${(cpuMs(cpu) / 1000).toFixed(1)} s CPU), ${(report.records / s).toFixed(0)} records/s`);
  }
  const importSeconds = (performance.now() - started) / 1000;
  const peak = memory.stop();
  console.log(`${name} import total: ${importSeconds.toFixed(1)} s (target < 600 s); peak RSS ${(peak.sampled / MB).toFixed(0)} MB sampled, ${peak.hwm === null ? 'n/a' : (peak.hwm / MB).toFixed(0)} MB VmHWM (target < 1024 MB)`);
  for (const round of ['cold', 'warm']) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    const evaluation = await evaluate(identification, kb);
    const ms = performance.now() - t;
    const hits = Object.values(evaluation.components).filter((v) => v.length > 0).length;
    const vulns = Object.values(evaluation.components).reduce((n, v) => n + v.length, 0);
    console.log(`${name} evaluate ${identification.components.length} components (${round}): ${ms.toFixed(0)} ms, ${cpuMs(cpu).toFixed(0)} ms CPU (target < 1000 ms), ${hits} with vulnerabilities, ${vulns} matches`);
  }
}

/** Half hitting a record (a version inside its range), half naming nothing the feeds know; purls and CPEs alternately. */
function components(cat: Catalogue, count: number): Identification {
  const rnd = random(3);
  const list: Component[] = [];
  for (let n = 0; n < count; n++) {
    const hit = n % 4 < 2;
    const byPurl = n % 2 === 0;
    const base = { id: `c${n}`, vendor: '', licenses: [], evidence: [] };
    if (byPurl) {
      const j = Math.floor(rnd() * osvCount);
      const ecosystem = ECOSYSTEMS[j % ECOSYSTEMS.length] ?? 'npm';
      const names = cat.packages[ecosystem] ?? [];
      const name = hit ? (names[Math.floor(j / ECOSYSTEMS.length) % names.length] ?? '') : `absent-${n}`;
      const range = osvRange(j);
      const v = version(Number(range.introduced === '0' ? '1' : range.introduced.split('.')[0]), 1, 0);
      list.push({ ...base, name, version: v, codetype: 'NA', purl: purlOf(ecosystem, name, v), cpes: [] });
    } else {
      const i = Math.floor(rnd() * nvdCount);
      const [vendor, product] = hit ? (cat.products[i % cat.products.length] ?? ['', '']) : ['nobody', `absent${n}`];
      const v = version(Number(nvdRange(i).introduced.split('.')[0]), 1, 0);
      list.push({ ...base, name: product, version: v, codetype: 'NA', purl: '', cpes: [`cpe:2.3:a:${vendor}:${product}:${v}:*:*:*:*:*:*:*`] });
    }
  }
  return {
    schemaVersion: 1, input: { name: 'bench', size: 0, sha1: '', sha256: '' }, files: [], components: list, problems: [],
    startedAt: new Date().toISOString(), finishedAt: new Date().toISOString(),
  };
}

const PURL_TYPES: Readonly<Record<string, string>> = {
  npm: 'npm', PyPI: 'pypi', Maven: 'maven', Go: 'golang', 'crates.io': 'cargo', RubyGems: 'gem', NuGet: 'nuget', Packagist: 'composer',
};

function purlOf(ecosystem: string, name: string, v: string): string {
  const path = ecosystem === 'Maven' ? name.replace(':', '/') : name;
  return `pkg:${PURL_TYPES[ecosystem] ?? 'generic'}/${path}@${v}`;
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
  const work = mkdtempSync(join(tmpdir(), 'binlens-bench-vulndb-'));
  try {
    const cat = catalogue(Math.max(1, Math.floor(nvdCount / 6)), Math.max(1, Math.ceil(osvCount / ECOSYSTEMS.length / 2)));
    const nvdFile = join(work, 'nvd.json');
    const osvFile = join(work, 'osv.json');
    let started = performance.now();
    const nvdRnd = random(1);
    const nvdBytes = await writeFeed(nvdFile, 'nvd', nvdCount, (i) => nvdCve(i, cat, nvdRnd));
    const osvRnd = random(2);
    const osvBytes = await writeFeed(osvFile, 'osv', osvCount, (j) => osvRecord(j, cat, osvRnd));
    console.log(`generated: NVD ${nvdCount} records (${(nvdBytes / MB).toFixed(0)} MB), OSV ${osvCount} records (${(osvBytes / MB).toFixed(0)} MB) in ${seconds(started)} s`);

    const identification = components(cat, componentCount);
    const opened = await openKnowledgeBase(join(work, 'pglite'));
    try {
      await measure('PGlite', opened.db, opened.kb, nvdFile, osvFile, identification);
    } finally {
      await opened.close();
    }
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
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
