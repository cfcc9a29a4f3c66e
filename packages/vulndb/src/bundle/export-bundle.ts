// `binlens db export-bundle FILE`: the whole live knowledge base as one file for
// air-gapped installations. A bundle is a tar archive of
//   manifest.json            {format, version, schema, createdAt, tables: [{table, file, rows, sha256}]}
//   <table>.ndjson           one live row per line (without row id, run id and live flag)
// Each table is first written to a temporary file (so the archive header can carry its
// size and the manifest its hash), read back in pages by row id: memory stays flat.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { and, asc, eq, getTableName, gt } from 'drizzle-orm';
import type { KbDatabase } from '../db/database.ts';
import { STAGED_TABLES, vulnImportRuns } from '../db/schema.ts';
import { BUNDLE_FORMAT, BUNDLE_VERSION, type BundleManifest, type BundleTable, schemaTag } from './manifest.ts';
import { endTar, writeTarEntry } from './tar.ts';

const PAGE = 2000;

export interface ExportOptions {
  signal?: AbortSignal;
}

/** Writes the bundle to `file`; answers its manifest. */
export async function exportBundle(db: KbDatabase, file: string, options: ExportOptions = {}): Promise<BundleManifest> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'binlens-bundle-'));
  try {
    const tables: BundleTable[] = [];
    tables.push(await dumpTable(dir, getTableName(vulnImportRuns), async (write) => {
      const runs = await db.select().from(vulnImportRuns).where(eq(vulnImportRuns.status, 'complete')).orderBy(asc(vulnImportRuns.id));
      for (const { id: _id, ...run } of runs) await write(run);
    }));
    for (const table of STAGED_TABLES) {
      options.signal?.throwIfAborted();
      tables.push(await dumpTable(dir, getTableName(table), async (write) => {
        let after = 0;
        for (;;) {
          options.signal?.throwIfAborted();
          const rows = await db.select().from(table).where(and(eq(table.live, true), gt(table.id, after))).orderBy(asc(table.id)).limit(PAGE);
          for (const { id: _id, runId: _runId, live: _live, ...row } of rows) await write(row);
          const last = rows.at(-1);
          if (!last || rows.length < PAGE) break;
          after = last.id;
        }
      }));
    }
    const manifest: BundleManifest = { format: BUNDLE_FORMAT, version: BUNDLE_VERSION, schema: await schemaTag(), createdAt: new Date().toISOString(), tables };
    const out = createWriteStream(file);
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await writeTarEntry(out, 'manifest.json', manifestBytes.length, (async function* () { yield manifestBytes; })());
    for (const table of tables) {
      const part = path.join(dir, table.file);
      await writeTarEntry(out, table.file, (await stat(part)).size, createReadStream(part) as AsyncIterable<Buffer>);
    }
    await endTar(out);
    out.end();
    await finished(out);
    return manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Writes one table's rows as NDJSON into `dir`, counting and hashing them. */
async function dumpTable(dir: string, table: string, rows: (write: (row: object) => Promise<void>) => Promise<void>): Promise<BundleTable> {
  const file = `${table}.ndjson`;
  const out = createWriteStream(path.join(dir, file));
  const hash = createHash('sha256');
  let count = 0;
  await rows(async (row) => {
    const line = Buffer.from(`${JSON.stringify(row)}\n`);
    hash.update(line);
    count += 1;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  });
  out.end();
  await finished(out);
  return { table, file, rows: count, sha256: hash.digest('hex') };
}
