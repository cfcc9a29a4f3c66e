import { knowledgeBaseStatus, type SourceStatus, STAGED_TABLES, vulnImportRuns } from '@binlens/vulndb';
import { and, eq, inArray, lt, max, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type KbSyncRow, kbSyncSources } from '../../db/schema/index.ts';

/** A change of one source's row; absent fields keep their value (a new row takes the defaults). */
export type KbSyncChange = Partial<Omit<KbSyncRow, 'source' | 'updatedAt'>> & Pick<KbSyncRow, 'state'>;

export interface KnowledgeBaseRepository {
  /** Every row of kb_sync_sources. */
  syncRows(): Promise<KbSyncRow[]>;
  /** Writes one source's row (insert or update), touching it. */
  setSync(source: string, change: KbSyncChange): Promise<void>;
  /** Touches every busy row (waiting, running, retrying) of these sources: they are alive. */
  touch(sources: readonly string[]): Promise<void>;
  /** Takes `source` for a run: true unless it is busy and was touched after `staleBefore`. */
  claim(source: string, staleBefore: Date): Promise<boolean>;
  /** Forgets the sync rows that are not busy (after a bundle replaced all data). */
  forgetIdle(except: readonly string[]): Promise<void>;
  /** Live rows and the last complete import of each source (vulndb's count). */
  dataStatus(): Promise<SourceStatus[]>;
  /** Whether any live row exists: the cheap check of an empty knowledge base. */
  hasData(): Promise<boolean>;
  /** When the last complete import finished, or null. */
  lastImport(): Promise<Date | null>;
}

const BUSY = ['waiting', 'running', 'retrying'] as const;

export function createKnowledgeBaseRepository(db: Db): KnowledgeBaseRepository {
  return {
    syncRows: () => db.select().from(kbSyncSources).orderBy(kbSyncSources.source),
    async setSync(source, change) {
      const values = { ...change, updatedAt: new Date() };
      await db.insert(kbSyncSources).values({ source, ...values }).onConflictDoUpdate({ target: kbSyncSources.source, set: values });
    },
    async touch(sources) {
      if (sources.length === 0) return;
      await db.update(kbSyncSources).set({ updatedAt: new Date() })
        .where(and(inArray(kbSyncSources.source, [...sources]), inArray(kbSyncSources.state, [...BUSY])));
    },
    async claim(source, staleBefore) {
      const now = new Date();
      const claimed = await db.insert(kbSyncSources)
        .values({ source, state: 'running', attempt: 1, startedAt: now, finishedAt: null, lastError: null, progress: null, updatedAt: now })
        .onConflictDoUpdate({
          target: kbSyncSources.source,
          set: { state: 'running', attempt: 1, startedAt: now, finishedAt: null, lastError: null, progress: null, updatedAt: now },
          setWhere: or(notInArray(kbSyncSources.state, [...BUSY]), lt(kbSyncSources.updatedAt, staleBefore)),
        })
        .returning({ source: kbSyncSources.source });
      return claimed.length === 1;
    },
    async forgetIdle(except) {
      await db.delete(kbSyncSources).where(and(notInArray(kbSyncSources.state, [...BUSY]), notInArray(kbSyncSources.source, [...except])));
    },
    dataStatus: () => knowledgeBaseStatus(db),
    async hasData() {
      for (const table of STAGED_TABLES) {
        const [row] = await db.select({ one: sql<number>`1` }).from(table).where(sql`live`).limit(1);
        if (row) return true;
      }
      return false;
    },
    async lastImport() {
      const [row] = await db.select({ at: max(vulnImportRuns.finishedAt) }).from(vulnImportRuns).where(eq(vulnImportRuns.status, 'complete'));
      return row?.at ?? null;
    },
  };
}
