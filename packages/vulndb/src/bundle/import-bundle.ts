// `binlens db import-bundle FILE`: replaces the whole knowledge base with a bundle's.
// Like a feed import, the rows are staged (live = false) under one run; every table's
// row count and sha256 are checked against the manifest; only then does one transaction
// drop the old live rows and make the bundle's live. A bad or truncated bundle leaves
// the knowledge base as it was.
import { eq, getTableName, ne, sql } from 'drizzle-orm';
import type { KbDatabase } from '../db/database.ts';
import { STAGED_TABLES, vulnImportRuns } from '../db/schema.ts';
import { abandonStaleRuns, dropStaged } from '../import/run.ts';
import type { BundleManifest } from './manifest.ts';
import { bundleRows, validateBundle, type ValidBundle } from './validate-bundle.ts';

export interface BundleImportReport {
  readonly runId: number;
  readonly manifest: BundleManifest;
  /** Rows made live per table. */
  readonly rows: Record<string, number>;
}

export interface BundleImportOptions {
  signal?: AbortSignal;
  /** What the run records as read; default the file's path. */
  origin?: string;
  /** The result of validateBundle(file) when the caller checked it already. */
  validated?: ValidBundle;
}

const BATCH = 500;

export async function importBundle(db: KbDatabase, file: string, options: BundleImportOptions = {}): Promise<BundleImportReport> {
  const signal = options.signal ? { signal: options.signal } : {};
  const { manifest, entries } = options.validated ?? await validateBundle(file, signal);
  await abandonStaleRuns(db, 'bundle');
  const [run] = await db.insert(vulnImportRuns).values({ source: 'bundle', origin: options.origin ?? file }).returning({ id: vulnImportRuns.id });
  if (!run) throw new Error('import run was not created');
  const runId = run.id;
  const rows: Record<string, number> = {};
  try {
    let history: (typeof vulnImportRuns.$inferInsert)[] = [];
    for (const entry of manifest.tables) {
      const tarEntry = entries.find((e) => e.name === entry.file);
      if (!tarEntry) throw new Error(`bundle lacks ${entry.file}`);
      const lines = bundleRows(file, tarEntry, entry.sha256, entry.rows, options.signal);
      if (entry.table === getTableName(vulnImportRuns)) {
        history = [];
        for await (const run of lines) history.push(runRow(run));
        continue;
      }
      const table = STAGED_TABLES.find((t) => getTableName(t) === entry.table);
      if (!table) throw new Error(`bundle holds an unknown table ${entry.table}`);
      let batch: Record<string, unknown>[] = [];
      for await (const row of lines) {
        batch.push({ ...row, runId, live: false });
        if (batch.length >= BATCH) {
          await db.insert(table).values(batch as never);
          batch = [];
        }
      }
      if (batch.length > 0) await db.insert(table).values(batch as never);
      rows[entry.table] = entry.rows;
    }
    await db.transaction(async (tx) => {
      for (const table of STAGED_TABLES) {
        await tx.execute(sql`delete from ${table} where live`);
        await tx.execute(sql`update ${table} set live = true where run_id = ${runId}`);
      }
      // The history of what was imported travels with the data: `db status` shows it.
      await tx.delete(vulnImportRuns).where(ne(vulnImportRuns.id, runId));
      if (history.length > 0) await tx.insert(vulnImportRuns).values(history);
      const imported = Object.values(rows).reduce((a, b) => a + b, 0);
      await tx.update(vulnImportRuns).set({ status: 'complete', records: imported, imported, finishedAt: new Date() }).where(eq(vulnImportRuns.id, runId));
    });
    return { runId, manifest, rows };
  } catch (error) {
    await dropStaged(db, runId);
    await db.update(vulnImportRuns)
      .set({ status: 'failed', error: error instanceof Error ? error.message : String(error), finishedAt: new Date() })
      .where(eq(vulnImportRuns.id, runId));
    throw error;
  }
}

/** An import-run line back to a row: dates were written as ISO strings. */
function runRow(run: Record<string, unknown>): typeof vulnImportRuns.$inferInsert {
  const date = (value: unknown): Date | null => (typeof value === 'string' ? new Date(value) : null);
  return { ...(run as typeof vulnImportRuns.$inferInsert), startedAt: date(run.startedAt) ?? new Date(), finishedAt: date(run.finishedAt) };
}
