// Scan control: rescan, abort, rename and move, removal of a scan or of its file only, one
// scan at a time (the route guard has resolved it) or a selection (each id resolved here).
import type { GroupPermission, ScopeResolver } from '../../lib/access.ts';
import type { BlobStore } from '../../blobs/blob-store.ts';
import { AppError, ERRORS } from '../../lib/errors.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { Viewer } from '../users/viewer.ts';
import type { ControlledScan, ScanControlRepository } from './control-repository.ts';
import type { ScanBulkResult, ScanUpdate } from './control.schemas.ts';
import type { Scan } from './schemas.ts';

export type ScanAction = 'rescan' | 'abort' | 'remove' | 'removeBinary';

/** What each action needs on the scan's group (docs/roles.md: members upload and rescan, managers remove). */
export const ACTION_PERMISSION: Record<ScanAction, GroupPermission> = {
  rescan: 'upload_application',
  abort: 'upload_application',
  remove: 'change_appcheckgroup',
  removeBinary: 'change_appcheckgroup',
};

export interface ScanControlService {
  rescan(viewer: Viewer, id: number): Promise<Scan>;
  abort(viewer: Viewer, id: number): Promise<Scan>;
  update(viewer: Viewer, id: number, body: ScanUpdate): Promise<Scan>;
  remove(viewer: Viewer, id: number): Promise<void>;
  removeBinary(viewer: Viewer, id: number): Promise<Scan>;
  /** The action on each selected scan the viewer may act on; the others are refused with their reason. */
  bulk(viewer: Viewer, action: ScanAction, ids: readonly number[]): Promise<ScanBulkResult>;
  /**
   * Data retention (account settings → data retention): removes the files, then the whole
   * scans, made longer ago than the settings keep them. Busy scans are left for the next sweep.
   */
  sweepRetention(now: Date): Promise<{ binariesRemoved: number[]; scansRemoved: number[] }>;
}

/** The account's retention settings in days; null keeps forever. */
export interface RetentionPeriods {
  binaryDays: number | null;
  resultDays: number | null;
  /** The periods in force in each group that overrides the account's (group settings → data retention). */
  groups?: ReadonlyMap<number, { binaryDays: number | null; resultDays: number | null }>;
}

export interface ScanControlDeps {
  scans: ScanControlRepository;
  access: ScopeResolver;
  blobs: Pick<BlobStore, 'delete'>;
  enqueueScan: (scanId: number) => Promise<void>;
  /** The scan as GET scans/{id}/ answers it. */
  get: (viewer: Viewer, id: number) => Promise<Scan>;
  change: AuditedChange<{ control: ScanControlRepository }>;
  /** The account's data-retention settings (modules/settings). */
  retention: () => Promise<RetentionPeriods>;
  /** After a scan was removed: what the process keeps of it goes (its kept evaluation, scans/evaluation.ts). */
  onRemoved?: (scanId: number) => void;
  now?: () => Date;
}

const DAY_MS = 86_400_000;
const SWEEP_BATCH = 100;

/** What an abort writes as the scan's error: who stopped it. */
export function abortReason(viewer: Pick<Viewer, 'email'>): string {
  return `Aborted by ${viewer.email}`;
}

export function createScanControlService(deps: ScanControlDeps): ScanControlService {
  const now = deps.now ?? (() => new Date());
  const event = (viewer: Viewer, action: string, scan: ControlledScan, details: Record<string, unknown> = {}) => ({
    actorId: viewer.userId,
    action: `scan.${action}`,
    object: `scan:${scan.id}`,
    level: action === 'delete' || action === 'binary_delete' ? (3 as const) : (2 as const),
    details: { group: scan.groupId, filename: scan.filename, ...details },
  });

  const found = async (id: number): Promise<ControlledScan> => {
    const scan = await deps.scans.find(id);
    if (!scan) throw new AppError('not_found');
    return scan;
  };

  /** Removes the blob unless another scan still holds the same bytes; a failure leaves an orphan file, never a broken scan. */
  const dropBlob = async (blobKey: string) => {
    if (!(await deps.scans.blobInUse(blobKey))) await deps.blobs.delete(blobKey);
  };

  const actions = {
    async rescan(viewer: Viewer, id: number) {
      const scan = await found(id);
      if (scan.binaryRemovedAt) throw new AppError('scan_binary_removed');
      // Refused inside the transaction, so a refusal writes nothing and records no event.
      await deps.change(
        async (tx) => {
          if (await tx.control.resetForRescan(id)) return;
          throw new AppError((await tx.control.find(id))?.binaryRemovedAt ? 'scan_binary_removed' : 'scan_busy');
        },
        () => event(viewer, 'rescan', scan),
      );
      try {
        await deps.enqueueScan(id);
      } catch (error) {
        await deps.scans.abort(id, 'The scan could not be queued. Please try the rescan again.');
        throw error;
      }
    },
    async abort(viewer: Viewer, id: number) {
      const scan = await found(id);
      // The running job sees the scan failed and stops its engine (jobs/scan.ts); a queued one never starts.
      await deps.change(
        async (tx) => {
          if (!(await tx.control.abort(id, abortReason(viewer)))) throw new AppError('scan_not_busy');
        },
        () => event(viewer, 'abort', scan),
      );
    },
    async remove(viewer: Viewer, id: number) {
      const scan = await found(id);
      await deps.change((tx) => tx.control.remove(id), () => event(viewer, 'delete', scan, { binary_removed: scan.binaryRemovedAt !== null }));
      deps.onRemoved?.(id);
      if (!scan.binaryRemovedAt) await dropBlob(scan.blobKey);
    },
    async removeBinary(viewer: Viewer, id: number) {
      const scan = await found(id);
      if (scan.binaryRemovedAt) throw new AppError('scan_binary_already_removed');
      await deps.change(
        async (tx) => {
          if (!(await tx.control.markBinaryRemoved(id, now()))) throw new AppError('scan_binary_already_removed');
        },
        () => event(viewer, 'binary_delete', scan),
      );
      await dropBlob(scan.blobKey);
    },
  } satisfies Record<ScanAction, (viewer: Viewer, id: number) => Promise<void>>;

  /** Every scan made before `before` (holding its file, with `withBinary`), a batch at a time. */
  async function* expired(before: Date, withBinary: boolean) {
    let after = 0;
    for (;;) {
      const batch = await deps.scans.olderThan(before, after, SWEEP_BATCH, withBinary);
      yield* batch;
      if (batch.length < SWEEP_BATCH) return;
      after = batch[batch.length - 1]?.id ?? after;
    }
  }
  const retentionEvent = (action: string, scan: ControlledScan, days: number) => ({
    actorId: null,
    action: `scan.${action}`,
    object: `scan:${scan.id}`,
    level: 3 as const,
    details: { group: scan.groupId, filename: scan.filename, retention_days: days },
  });

  return {
    async sweepRetention(at) {
      const periods = await deps.retention();
      const groups = [...(periods.groups?.values() ?? [])];
      const cutoff = (days: number) => new Date(at.getTime() - days * DAY_MS);
      /** The shortest period anywhere finds every candidate; each is then held to its own group's. */
      const shortest = (key: 'binaryDays' | 'resultDays') => {
        const all = [periods, ...groups].map((p) => p[key]).filter((days): days is number => days !== null);
        return all.length > 0 ? Math.min(...all) : null;
      };
      const daysOf = (scan: ControlledScan, key: 'binaryDays' | 'resultDays') => (periods.groups?.get(scan.groupId) ?? periods)[key];
      const scansRemoved: number[] = [];
      const binariesRemoved: number[] = [];
      const resultScan = shortest('resultDays');
      if (resultScan !== null) {
        for await (const scan of expired(cutoff(resultScan), false)) {
          const resultDays = daysOf(scan, 'resultDays');
          if (resultDays === null || scan.createdAt >= cutoff(resultDays)) continue;
          await deps.change((tx) => tx.control.remove(scan.id), () => retentionEvent('retention_delete', scan, resultDays));
          deps.onRemoved?.(scan.id);
          if (!scan.binaryRemovedAt) await dropBlob(scan.blobKey);
          scansRemoved.push(scan.id);
        }
      }
      const binaryScan = shortest('binaryDays');
      if (binaryScan !== null) {
        for await (const scan of expired(cutoff(binaryScan), true)) {
          const binaryDays = daysOf(scan, 'binaryDays');
          if (binaryDays === null || scan.createdAt >= cutoff(binaryDays)) continue;
          const removed = await deps.change((tx) => tx.control.markBinaryRemoved(scan.id, at), () => retentionEvent('retention_binary_delete', scan, binaryDays));
          if (!removed) continue;
          await dropBlob(scan.blobKey);
          binariesRemoved.push(scan.id);
        }
      }
      return { binariesRemoved, scansRemoved };
    },

    async rescan(viewer, id) {
      await actions.rescan(viewer, id);
      return deps.get(viewer, id);
    },
    async abort(viewer, id) {
      await actions.abort(viewer, id);
      return deps.get(viewer, id);
    },
    remove: actions.remove,
    async removeBinary(viewer, id) {
      await actions.removeBinary(viewer, id);
      return deps.get(viewer, id);
    },

    async update(viewer, id, body) {
      const scan = await found(id);
      const changes: Record<string, [unknown, unknown]> = {};
      const name = body.name?.trim();
      if (body.name !== undefined && !name) throw new AppError('scan_name_blank');
      if (name !== undefined && name !== scan.filename) changes.name = [scan.filename, name];
      if (body.group !== undefined && body.group !== scan.groupId) {
        const target = await deps.access.resolve(viewer, { group: body.group });
        if (!target) throw new AppError('scan_group_not_found');
        if (!target.permissions.includes('upload_application')) throw new AppError('scan_group_no_upload');
        const source = await deps.access.resolve(viewer, { scan: id });
        if (!source?.permissions.includes('change_appcheckgroup')) throw new AppError('forbidden');
        changes.group = [scan.groupId, body.group];
      }
      // Nothing differs from what is stored: nothing is written, no event.
      if (Object.keys(changes).length === 0) return deps.get(viewer, id);
      await deps.change(
        async (tx) => {
          if (changes.name) await tx.control.rename(id, name as string);
          if (changes.group) await tx.control.move(id, body.group as number);
        },
        () => event(viewer, 'update', scan, { changes }),
      );
      return deps.get(viewer, id);
    },

    async bulk(viewer, action, ids) {
      const result: ScanBulkResult = { done: [], refused: [] };
      for (const id of ids) {
        const access = await deps.access.resolve(viewer, { scan: id });
        if (!access) {
          result.refused.push({ id, detail: ERRORS.not_found.message });
          continue;
        }
        if (!access.permissions.includes(ACTION_PERMISSION[action])) {
          result.refused.push({ id, detail: ERRORS.forbidden.message });
          continue;
        }
        try {
          await actions[action](viewer, id);
          result.done.push(id);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          result.refused.push({ id, detail: error.message });
        }
      }
      return result;
    },
  };
}
