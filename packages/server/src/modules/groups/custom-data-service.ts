import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { Viewer } from '../users/viewer.ts';
import type { GroupCustomDataRepository } from './custom-data-repository.ts';
import type { GroupCustomData, GroupCustomDataCreateBody, GroupCustomDataListQuery, GroupCustomDataUpdateBody } from './custom-data-schemas.ts';

/**
 * A group's custom data (spec §7 /rest/groups/{id}/custom_data/): key/value pairs, keys
 * upper-cased and values trimmed (spec §5). The guard has checked the group and the
 * permission; the group id here is one the viewer may read or change.
 */
export interface GroupCustomDataService {
  list(viewer: Viewer, groupId: number, query: GroupCustomDataListQuery, page: PageRequest): Promise<Page<GroupCustomData>>;
  create(viewer: Viewer, groupId: number, body: GroupCustomDataCreateBody): Promise<GroupCustomData>;
  /** Changes the value of the entry with this key; the same value (after trimming) writes nothing. */
  update(viewer: Viewer, groupId: number, body: GroupCustomDataUpdateBody): Promise<GroupCustomData>;
  remove(viewer: Viewer, groupId: number, key: string): Promise<void>;
}

export interface GroupCustomDataServiceDeps {
  customData: GroupCustomDataRepository;
  /** Writes an entry with its audit event (modules/audit/audited.ts). */
  change: AuditedChange<{ customData: GroupCustomDataRepository }>;
}

/** "product_line" is a key; "product line", "" and "ünit" are not. */
const KEY_PATTERN = /^[A-Za-z0-9_]+$/;

export function createGroupCustomDataService(deps: GroupCustomDataServiceDeps): GroupCustomDataService {
  const event = (viewer: Viewer, groupId: number, action: string, details: Record<string, unknown>) =>
    ({ actorId: viewer.userId, action: `group.custom_data.${action}`, object: `group:${groupId}`, level: 2 as const, details });
  return {
    async list(viewer, groupId, query, page) {
      const { rows, count } = await deps.customData.list(viewer, groupId, page);
      return pageOf(rows, count, page, `/rest/groups/${groupId}/custom_data/`, query);
    },
    async create(viewer, groupId, body) {
      const key = normaliseKey(body.key);
      const value = body.value.trim();
      return deps.change(
        async (tx) => {
          const created = await tx.customData.create(groupId, key, value);
          if (!created) throw new AppError('custom_data_key_taken');
          return created;
        },
        (created) => event(viewer, groupId, 'create', { id: created.id, key, value }),
      );
    },
    async update(viewer, groupId, body) {
      const key = normaliseKey(body.key);
      const value = body.value.trim();
      const current = await deps.customData.find(viewer, groupId, key);
      if (!current) throw new AppError('not_found');
      if (current.value === value) return current;
      return deps.change(
        async (tx) => {
          const changed = await tx.customData.update(groupId, key, value);
          if (!changed) throw new AppError('not_found');
          return changed;
        },
        (changed) => event(viewer, groupId, 'update', { id: changed.id, key, value: [current.value, value] }),
      );
    },
    async remove(viewer, groupId, rawKey) {
      const key = normaliseKey(rawKey);
      await deps.change(
        async (tx) => {
          const removed = await tx.customData.remove(groupId, key);
          if (!removed) throw new AppError('not_found');
          return removed;
        },
        (removed) => event(viewer, groupId, 'delete', { id: removed.id, key, value: removed.value }),
      );
    },
  };
}

/** Spec §5: the key is trimmed and upper-cased; only ASCII letters, digits and _ are kept as keys. */
export function normaliseKey(raw: string): string {
  const key = raw.trim();
  if (!key) throw new AppError('custom_data_key_blank');
  if (!KEY_PATTERN.test(key)) throw new AppError('custom_data_key_invalid');
  return key.toUpperCase();
}
