// Moving files between the components of one application (spec §4, issue 18): the evidence of
// the moved files goes to the target, and a source left without evidence disappears. Applied
// by the one evaluation (modules/adjustments/apply.ts); removing a move restores both.
import type { ComponentObjectMoveRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { StaleScans } from '../adjustments/stale-scans.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { Viewer } from '../users/viewer.ts';
import type { ComponentMovesRepository } from './repository.ts';
import type { AdjustableComponents } from './scan-components.ts';
import type { ComponentMove, ComponentMoveCreate } from './schemas.ts';

// The routes are scoped to the scan: the guard has checked it and the viewer's permission there.
export interface ComponentMovesService {
  list(scanId: number, page: PageRequest): Promise<Page<ComponentMove>>;
  create(viewer: Viewer, scanId: number, body: ComponentMoveCreate): Promise<ComponentMove>;
  remove(viewer: Viewer, scanId: number, id: number): Promise<void>;
}

export interface ComponentMovesServiceDeps {
  moves: ComponentMovesRepository;
  change: AuditedChange<{ moves: ComponentMovesRepository; stale: StaleScans }>;
  components: AdjustableComponents;
  requestReevaluation: () => Promise<void>;
}

export function toComponentMove(row: ComponentObjectMoveRow): ComponentMove {
  return {
    id: row.id,
    url: `/rest/scans/${row.scanId}/component-adjustments/${row.id}/`,
    scan: row.scanId,
    from_uid: row.fromUid,
    to_uid: row.toUid,
    hashes: row.hashes,
    user: row.createdBy,
    created: row.createdAt.toISOString(),
  };
}

export function createComponentMovesService(deps: ComponentMovesServiceDeps): ComponentMovesService {
  return {
    async list(scanId, page) {
      const { rows, count } = await deps.moves.list(scanId, page);
      return pageOf(rows.map(toComponentMove), count, page, `/rest/scans/${scanId}/component-adjustments/`, {});
    },

    async create(viewer, scanId, body) {
      // The components as earlier moves left them: files already moved are the target's now.
      const components = await deps.components(scanId);
      if (!components) throw new AppError('scan_not_ready');
      const from = components.find((component) => component.uid === body.from_uid);
      if (!from) throw new AppError('move_from_unknown');
      const to = components.find((component) => component.uid === body.to_uid);
      if (!to) throw new AppError('move_to_unknown');
      if (from === to) throw new AppError('move_same_component');
      const hashes = [...new Set(body.hashes.map((hash) => hash.toLowerCase()))];
      const unknown = hashes.find((hash) => !from.hashes.has(hash));
      if (unknown !== undefined) throw new AppError('move_hashes_unknown', `${unknown} is not a file of the component the files are moved from.`);
      const created = await deps.change(
        async (tx) => {
          const row = await tx.moves.create({ scanId, fromUid: from.uid, toUid: to.uid, hashes, createdBy: viewer.userId });
          await tx.stale.mark([{ kind: 'scan', scanId }]);
          return row;
        },
        (row) => ({
          actorId: viewer.userId, action: 'component_move.create', object: `scan:${scanId}`, level: 2,
          details: { id: row.id, from: `${from.name} ${from.version}`.trim(), to: `${to.name} ${to.version}`.trim(), from_uid: row.fromUid, to_uid: row.toUid, hashes: row.hashes },
        }),
      );
      await deps.requestReevaluation();
      return toComponentMove(created);
    },

    async remove(viewer, scanId, id) {
      await deps.change(
        async (tx) => {
          const removed = await tx.moves.remove(scanId, id);
          if (!removed) throw new AppError('not_found');
          await tx.stale.mark([{ kind: 'scan', scanId }]);
          return removed;
        },
        (removed) => ({ actorId: viewer.userId, action: 'component_move.delete', object: `scan:${scanId}`, level: 2, details: { id, from_uid: removed.fromUid, to_uid: removed.toUid, hashes: removed.hashes } }),
      );
      await deps.requestReevaluation();
    },
  };
}
