// One import run: stage every record of a feed with live = false, then swap it in with
// one transaction. Whatever happens before the swap (a crash, an abort, a truncated
// file) leaves the live knowledge base exactly as it was.
import { eq, sql } from 'drizzle-orm';
import type { KbDatabase } from '../db/database.ts';
import {
  type ImportRunStatus, type ImportSkip, STAGED_TABLES, vulnAliases, vulnCpeMatches, vulnDistroCvss, vulnDistroFixes, vulnEpss,
  vulnImportRuns, vulnKev, vulnPackageRanges, vulnRecords,
} from '../db/schema.ts';
import { insertAsJson } from './bulk-insert.ts';
import { type FeedInput, inputName } from './input.ts';
import type { Feed, FeedRows, FeedTable } from './types.ts';

export interface ImportReport {
  readonly runId: number;
  readonly source: string;
  readonly origin: string;
  readonly status: ImportRunStatus;
  /** Records read, imported and skipped (malformed), with the skipped ids and reasons. */
  readonly records: number;
  readonly imported: number;
  readonly skipped: number;
  readonly skips: readonly ImportSkip[];
  readonly error: string | null;
}

export interface ImportOptions {
  signal?: AbortSignal;
  /** Rows buffered per table before an insert. */
  batchSize?: number;
  /** What the run records as read (a download's URL); default the input's name. */
  origin?: string;
}

/** At most this many skips are kept in a report (the count is always exact). */
export const MAX_REPORTED_SKIPS = 1000;

const TABLES = {
  records: vulnRecords,
  aliases: vulnAliases,
  packageRanges: vulnPackageRanges,
  cpeMatches: vulnCpeMatches,
  distroFixes: vulnDistroFixes,
  distroCvss: vulnDistroCvss,
  epss: vulnEpss,
  kev: vulnKev,
} as const satisfies Record<FeedTable, (typeof STAGED_TABLES)[number]>;

/**
 * Imports one feed file. A malformed record is skipped and reported; a feed-level
 * failure (unreadable, truncated) ends the run `failed` with the live data untouched.
 * Aborting throws after the staged rows are removed.
 */
export async function runImport(db: KbDatabase, feed: Feed, input: FeedInput, options: ImportOptions = {}): Promise<ImportReport> {
  await abandonStaleRuns(db, feed.kind);
  const origin = options.origin ?? inputName(input);
  const [run] = await db.insert(vulnImportRuns).values({ source: feed.kind, origin }).returning({ id: vulnImportRuns.id });
  if (!run) throw new Error('import run was not created');
  const runId = run.id;
  const counts = { records: 0, imported: 0, skipped: 0 };
  const skips: ImportSkip[] = [];
  const buffer = new StagingBuffer(db, feed.kind, runId, options.batchSize ?? 500);
  try {
    await feed.read(input, async (item) => {
      options.signal?.throwIfAborted();
      counts.records += 1;
      if ('skip' in item) {
        counts.skipped += 1;
        if (skips.length < MAX_REPORTED_SKIPS) skips.push({ id: item.id, reason: item.skip });
        return;
      }
      counts.imported += 1;
      await buffer.add(item.key ?? item.id, item.rows);
    }, options.signal);
    await buffer.flush();
    await db.transaction(async (tx) => {
      await swapIn(tx, feed, runId);
      await tx.update(vulnImportRuns)
        .set({ status: 'complete', ...counts, skips, finishedAt: new Date() })
        .where(eq(vulnImportRuns.id, runId));
    });
    return { runId, source: feed.kind, origin, status: 'complete', ...counts, skips, error: null };
  } catch (error) {
    await dropStaged(db, runId);
    const message = error instanceof Error ? error.message : String(error);
    await db.update(vulnImportRuns)
      .set({ status: 'failed', ...counts, skips, error: message, finishedAt: new Date() })
      .where(eq(vulnImportRuns.id, runId));
    if (options.signal?.aborted) throw error;
    return { runId, source: feed.kind, origin, status: 'failed', ...counts, skips, error: message };
  }
}

/** Runs left `running` by a process that died: their staged rows go, the run is failed. */
export async function abandonStaleRuns(db: KbDatabase, source: string): Promise<void> {
  const stale = await db.select({ id: vulnImportRuns.id }).from(vulnImportRuns)
    .where(sql`${vulnImportRuns.source} = ${source} and ${vulnImportRuns.status} = 'running'`);
  for (const { id } of stale) {
    await dropStaged(db, id);
    await db.update(vulnImportRuns).set({ status: 'failed', error: 'interrupted', finishedAt: new Date() }).where(eq(vulnImportRuns.id, id));
  }
}

export async function dropStaged(db: KbDatabase, runId: number): Promise<void> {
  for (const table of STAGED_TABLES) await db.execute(sql`delete from ${table} where run_id = ${runId} and not live`);
}

/** Deletes the live rows the run replaces, then makes the run's rows live. */
async function swapIn(tx: KbDatabase, feed: Feed, runId: number): Promise<void> {
  const source = feed.kind;
  const keys = TABLES[feed.keyTable];
  for (const table of STAGED_TABLES) {
    if (feed.replace === 'all') {
      await tx.execute(sql`delete from ${table} where live and source = ${source}`);
    } else {
      await tx.execute(sql`delete from ${table} where live and source = ${source}
        and record_key in (select record_key from ${keys} where run_id = ${runId})`);
    }
    await tx.execute(sql`update ${table} set live = true where run_id = ${runId}`);
  }
}

/** Rows per table, inserted in batches tagged with the run. */
class StagingBuffer {
  private readonly rows = new Map<FeedTable, Record<string, unknown>[]>();
  private readonly db: KbDatabase;
  private readonly source: string;
  private readonly runId: number;
  private readonly batchSize: number;

  constructor(db: KbDatabase, source: string, runId: number, batchSize: number) {
    this.db = db;
    this.source = source;
    this.runId = runId;
    this.batchSize = batchSize;
  }

  async add(recordKey: string, rows: FeedRows): Promise<void> {
    for (const [name, list] of Object.entries(rows) as [FeedTable, Record<string, unknown>[] | undefined][]) {
      if (!list || list.length === 0) continue;
      const pending = this.rows.get(name) ?? [];
      for (const row of list) pending.push({ ...row, source: this.source, recordKey, runId: this.runId, live: false });
      this.rows.set(name, pending);
      if (pending.length >= this.batchSize) await this.flushTable(name);
    }
  }

  async flush(): Promise<void> {
    for (const name of this.rows.keys()) await this.flushTable(name);
  }

  private async flushTable(name: FeedTable): Promise<void> {
    const pending = this.rows.get(name);
    if (!pending || pending.length === 0) return;
    this.rows.set(name, []);
    // The rows were built from the table's own insert type (FeedRows) plus the run's columns.
    await this.db.execute(insertAsJson(TABLES[name], pending));
  }
}
