import type { ScopeResolver } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { normaliseKey } from '../groups/custom-data-service.ts';
import type { Viewer } from '../users/viewer.ts';
import type { ScanCustomDataRecord, ScanCustomDataRepository } from './repository.ts';
import type { ScanCustomData, ScanCustomDataCreateBody, ScanCustomDataListQuery, ScanCustomDataUpdateBody } from './schemas.ts';

/**
 * Custom data on scans (spec §3, §7 /rest/custom-data/): key/value pairs, keys upper-cased and
 * values trimmed (spec §5). Lists and creation name the scan, which the route guard has
 * checked; an entry named by its own id is checked here against its scan's group: 404 when
 * the viewer cannot see the scan, 403 without upload_application there.
 */
export interface ScanCustomDataService {
  list(viewer: Viewer, query: ScanCustomDataListQuery, page: PageRequest): Promise<Page<ScanCustomData>>;
  create(viewer: Viewer, body: ScanCustomDataCreateBody): Promise<ScanCustomData>;
  /** Changes the fields sent; equal values (after normalising) write nothing. */
  update(viewer: Viewer, id: number, body: ScanCustomDataUpdateBody): Promise<ScanCustomData>;
  remove(viewer: Viewer, id: number): Promise<void>;
}

export interface ScanCustomDataServiceDeps {
  customData: ScanCustomDataRepository;
  /** The guard's scope resolver: the scan's group and the viewer's permissions there. */
  access: ScopeResolver;
  change: AuditedChange<{ customData: ScanCustomDataRepository }>;
}

export function toScanCustomData(row: ScanCustomDataRecord): ScanCustomData {
  return { id: row.id, url: `/rest/custom-data/${row.id}/`, product: row.scanId, key: row.key, value: row.value };
}

export function createScanCustomDataService(deps: ScanCustomDataServiceDeps): ScanCustomDataService {
  const event = (viewer: Viewer, scanId: number, action: string, details: Record<string, unknown>) =>
    ({ actorId: viewer.userId, action: `scan.custom_data.${action}`, object: `scan:${scanId}`, level: 2 as const, details });

  /** The entry, when the viewer may change it. */
  const changeable = async (viewer: Viewer, id: number): Promise<ScanCustomDataRecord> => {
    const entry = await deps.customData.find(id);
    const access = entry ? await deps.access.resolve(viewer, { scan: entry.scanId }) : null;
    if (!entry || !access) throw new AppError('not_found');
    if (!access.permissions.includes('upload_application')) throw new AppError('forbidden');
    return entry;
  };

  return {
    async list(viewer, query, page) {
      const { rows, count } = await deps.customData.list(query.product, page);
      return pageOf(rows.map(toScanCustomData), count, page, '/rest/custom-data/', query);
    },

    async create(viewer, body) {
      const key = normaliseKey(body.key);
      const value = body.value.trim();
      const created = await deps.change(
        async (tx) => {
          const row = await tx.customData.create(body.product, key, value);
          if (!row) throw new AppError('scan_custom_data_key_taken');
          return row;
        },
        (row) => event(viewer, row.scanId, 'create', { id: row.id, key, value }),
      );
      return toScanCustomData(created);
    },

    async update(viewer, id, body) {
      const current = await changeable(viewer, id);
      const change: { key?: string; value?: string } = {};
      if (body.key !== undefined && normaliseKey(body.key) !== current.key) change.key = normaliseKey(body.key);
      if (body.value !== undefined && body.value.trim() !== current.value) change.value = body.value.trim();
      if (change.key === undefined && change.value === undefined) return toScanCustomData(current);
      const changed = await deps.change(
        async (tx) => {
          if (change.key !== undefined && (await tx.customData.keyTaken(current.scanId, change.key, id))) throw new AppError('scan_custom_data_key_taken');
          const row = await tx.customData.update(id, change);
          if (!row) throw new AppError('not_found');
          return row;
        },
        (row) => event(viewer, row.scanId, 'update', {
          id,
          ...(change.key === undefined ? {} : { key: [current.key, change.key] }),
          ...(change.value === undefined ? {} : { value: [current.value, change.value] }),
        }),
      );
      return toScanCustomData(changed);
    },

    async remove(viewer, id) {
      await changeable(viewer, id);
      await deps.change(
        async (tx) => {
          const row = await tx.customData.remove(id);
          if (!row) throw new AppError('not_found');
          return row;
        },
        (row) => event(viewer, row.scanId, 'delete', { id: row.id, key: row.key, value: row.value }),
      );
    },
  };
}
