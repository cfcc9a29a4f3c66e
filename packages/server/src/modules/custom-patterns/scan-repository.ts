// What applying custom patterns to a stored scan reads and writes of the scan: its file and
// state, the limits its tree was unpacked with, and its information leaks, whose custom-pattern
// findings are replaced.
import { and, eq } from 'drizzle-orm';
import type { Limits } from '@binlens/engine';
import type { Identification, InfoleakFinding } from '@binlens/engine/model';
import type { Db } from '../../db/client.ts';
import { type ScanRow, scanItems, scans } from '../../db/schema/index.ts';
import { ITEMS_VERSION, splitIdentification } from '../scans/result-items.ts';
import { insertItems } from '../scans/result-store.ts';

export type PatternScan = Pick<ScanRow, 'id' | 'status' | 'filename' | 'blobKey' | 'sha256' | 'binaryRemovedAt'>;

export interface CustomPatternScansRepository {
  /** The scan, or undefined when there is none (no viewer: the guard or the job's sender has checked). */
  find(id: number): Promise<PatternScan | undefined>;
  /** How its tree was unpacked: the limits (Identification.analysis.limits) and the input's name; undefined unless it is ready. */
  searchSettings(id: number): Promise<{ limits: Partial<Limits>; inputName: string } | undefined>;
  /**
   * Replaces the scan's custom-pattern findings by `findings` and records `patternIds` as the
   * patterns it was searched for, its items split again, in one transaction; false when the scan
   * is no longer ready.
   */
  replaceCustomFindings(id: number, findings: readonly InfoleakFinding[], patternIds: readonly string[]): Promise<boolean>;
}

export function createCustomPatternScansRepository(db: Db): CustomPatternScansRepository {
  return {
    async find(id) {
      const [row] = await db
        .select({ id: scans.id, status: scans.status, filename: scans.filename, blobKey: scans.blobKey, sha256: scans.sha256, binaryRemovedAt: scans.binaryRemovedAt })
        .from(scans)
        .where(eq(scans.id, id));
      return row;
    },
    async searchSettings(id) {
      // The core holds them and is a fraction of the whole Identification; scans stored before it existed have only the whole.
      const [row] = await db.select({ core: scans.resultCore }).from(scans).where(and(eq(scans.id, id), eq(scans.status, 'R')));
      if (!row) return undefined;
      const source = row.core ?? (await db.select({ identification: scans.identification }).from(scans).where(eq(scans.id, id)))[0]?.identification;
      // Results of engines before the analysis was recorded were unpacked with the defaults.
      return source ? { limits: (source.analysis?.limits ?? {}) as Partial<Limits>, inputName: source.input.name } : undefined;
    },
    replaceCustomFindings: (id, findings, patternIds) =>
      db.transaction(async (tx) => {
        const [row] = await tx.select({ identification: scans.identification }).from(scans).where(and(eq(scans.id, id), eq(scans.status, 'R'))).for('update');
        if (!row?.identification) return false;
        const identification = withCustomFindings(row.identification, findings, patternIds);
        // The whole list is split again: positions (the findings' ids), kinds' ranks and the file tree's leak counts stay consistent.
        const { core, componentCount, items } = splitIdentification(identification);
        await tx.update(scans).set({ identification, resultCore: core, componentCount, itemsVersion: ITEMS_VERSION }).where(eq(scans.id, id));
        await tx.delete(scanItems).where(eq(scanItems.scanId, id));
        await insertItems(tx, id, items);
        return true;
      }),
  };
}

/**
 * The Identification with its custom-pattern findings replaced: the built-in detectors' findings
 * first, in their order (so their ids do not move when patterns are applied again), then the
 * patterns' findings in the order the engine reported them.
 */
export function withCustomFindings(identification: Identification, findings: readonly InfoleakFinding[], patternIds: readonly string[]): Identification {
  const { infoleaks: before = [], ...rest } = identification;
  const infoleaks = [...before.filter((leak) => leak.kind !== 'custom'), ...findings];
  return {
    ...rest,
    ...(infoleaks.length > 0 ? { infoleaks } : {}),
    analysis: { limits: identification.analysis?.limits ?? {}, infoleakDecoyFilter: identification.analysis?.infoleakDecoyFilter ?? true, customPatterns: [...patternIds] },
  };
}
