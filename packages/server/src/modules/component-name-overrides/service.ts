// Component name overrides (spec §3, §7): the name a component is shown by, account-wide,
// for one catalogue entry (component_id) or for what the engine calls it (the mimir fields:
// name, and optionally code type, vendor and distribution). Shown as the result component's
// name_override; the engine's name stays what vulnerabilities are matched by.
import type { CodeType } from '@binlens/engine/model';
import type { ComponentNameOverrideRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { StaleScans } from '../adjustments/stale-scans.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { catalogueEntry } from '../components/catalogue.ts';
import type { Viewer } from '../users/viewer.ts';
import type { ComponentNameOverridesRepository, NameOverrideTarget, NewComponentNameOverride } from './repository.ts';
import type { ComponentNameOverride, ComponentNameOverrideCreate, ComponentNameOverrideListQuery, ComponentNameOverrideUpdate } from './schemas.ts';

export interface ComponentNameOverridesService {
  list(query: ComponentNameOverrideListQuery, page: PageRequest): Promise<Page<ComponentNameOverride>>;
  create(viewer: Viewer, body: ComponentNameOverrideCreate): Promise<ComponentNameOverride>;
  /** Changes the fields sent; equal values write nothing. */
  update(viewer: Viewer, id: number, body: ComponentNameOverrideUpdate): Promise<ComponentNameOverride>;
  remove(viewer: Viewer, id: number): Promise<void>;
}

export interface ComponentNameOverridesServiceDeps {
  overrides: ComponentNameOverridesRepository;
  change: AuditedChange<{ overrides: ComponentNameOverridesRepository; stale: StaleScans }>;
  requestReevaluation: () => Promise<void>;
}

/** Spec §9 component code types. */
const CODE_TYPES: readonly CodeType[] = ['GO', 'NA', 'MA', 'JA', 'MS', 'DP', 'RB', 'PY', 'JS', 'CP'];

export function toComponentNameOverride(row: ComponentNameOverrideRow): ComponentNameOverride {
  return {
    id: row.id,
    url: `/rest/component-name-overrides/${row.id}/`,
    display_name: row.displayName,
    component_id: row.componentId,
    mimir_name: row.mimirName,
    mimir_codetype: row.mimirCodetype,
    mimir_vendor: row.mimirVendor,
    mimir_variant: row.mimirVariant,
    user: row.createdBy,
    created: row.createdAt.toISOString(),
  };
}

export function createComponentNameOverridesService(deps: ComponentNameOverridesServiceDeps): ComponentNameOverridesService {
  /** The stored fields of a request, checked: a name, and exactly one way of naming the component. */
  const fieldsOf = async (body: ComponentNameOverrideCreate, exceptId: number | null): Promise<Omit<NewComponentNameOverride, 'createdBy'>> => {
    const displayName = body.display_name.trim();
    if (displayName === '') throw new AppError('name_override_blank');
    const componentId = blankToNull(body.component_id);
    const mimirName = blankToNull(body.mimir_name);
    const target: NameOverrideTarget = componentId !== null
      ? { componentId, mimirName: null, mimirCodetype: null, mimirVendor: null, mimirVariant: null }
      : { componentId: null, mimirName, mimirCodetype: blankToNull(body.mimir_codetype), mimirVendor: blankToNull(body.mimir_vendor), mimirVariant: blankToNull(body.mimir_variant) };
    const mimirGiven = [body.mimir_name, body.mimir_codetype, body.mimir_vendor, body.mimir_variant].some((value) => blankToNull(value) !== null);
    if ((componentId === null) === (mimirName === null) || (componentId !== null && mimirGiven)) throw new AppError('name_override_target');
    if (componentId !== null && !catalogueEntry(componentId)) throw new AppError('name_override_component_unknown');
    if (target.mimirCodetype != null && !(CODE_TYPES as readonly string[]).includes(target.mimirCodetype)) throw new AppError('name_override_codetype_invalid');
    if (await deps.overrides.sameTarget(target, exceptId)) throw new AppError('name_override_taken');
    return { displayName, ...target };
  };

  return {
    async list(query, page) {
      const { rows, count } = await deps.overrides.list({
        ...(query.component_id ? { componentId: query.component_id } : {}),
        ...(query.mimir_name ? { mimirName: query.mimir_name } : {}),
      }, page);
      return pageOf(rows.map(toComponentNameOverride), count, page, '/rest/component-name-overrides/', query);
    },

    async create(viewer, body) {
      const fields = await fieldsOf(body, null);
      const created = await deps.change(
        async (tx) => {
          const row = await tx.overrides.create({ ...fields, createdBy: viewer.userId });
          // A name shows wherever the component is found: any scan.
          await tx.stale.mark([{ kind: 'all' }]);
          return row;
        },
        (row) => ({ actorId: viewer.userId, action: 'component_name_override.create', object: `component_name_override:${row.id}`, level: 2, details: auditOf(row) }),
      );
      await deps.requestReevaluation();
      return toComponentNameOverride(created);
    },

    async update(viewer, id, body) {
      const current = await deps.overrides.find(id);
      if (!current) throw new AppError('not_found');
      const targetSent = [body.component_id, body.mimir_name, body.mimir_codetype, body.mimir_vendor, body.mimir_variant].some((value) => value !== undefined);
      // A new target replaces the old one whole: component_id, or the mimir fields sent.
      const merged: ComponentNameOverrideCreate = targetSent
        ? { display_name: body.display_name ?? current.displayName, ...withoutUndefined({ component_id: body.component_id, mimir_name: body.mimir_name, mimir_codetype: body.mimir_codetype, mimir_vendor: body.mimir_vendor, mimir_variant: body.mimir_variant }) }
        : { display_name: body.display_name ?? current.displayName, component_id: current.componentId, mimir_name: current.mimirName, mimir_codetype: current.mimirCodetype, mimir_vendor: current.mimirVendor, mimir_variant: current.mimirVariant };
      const fields = await fieldsOf(merged, id);
      const patch = Object.fromEntries(Object.entries(fields).filter(([key, value]) => current[key as keyof typeof fields] !== value)) as Partial<NewComponentNameOverride>;
      if (Object.keys(patch).length === 0) return toComponentNameOverride(current);
      const updated = await deps.change(
        async (tx) => {
          const row = await tx.overrides.update(id, patch);
          if (!row) throw new AppError('not_found');
          await tx.stale.mark([{ kind: 'all' }]);
          return row;
        },
        (row) => ({ actorId: viewer.userId, action: 'component_name_override.update', object: `component_name_override:${id}`, level: 2, details: { before: auditOf(current), after: auditOf(row) } }),
      );
      await deps.requestReevaluation();
      return toComponentNameOverride(updated);
    },

    async remove(viewer, id) {
      await deps.change(
        async (tx) => {
          const removed = await tx.overrides.remove(id);
          if (!removed) throw new AppError('not_found');
          await tx.stale.mark([{ kind: 'all' }]);
          return removed;
        },
        (removed) => ({ actorId: viewer.userId, action: 'component_name_override.delete', object: `component_name_override:${id}`, level: 2, details: auditOf(removed) }),
      );
      await deps.requestReevaluation();
    },
  };
}

function blankToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function auditOf(row: ComponentNameOverrideRow) {
  return {
    id: row.id, display_name: row.displayName, component_id: row.componentId,
    mimir_name: row.mimirName, mimir_codetype: row.mimirCodetype, mimir_vendor: row.mimirVendor, mimir_variant: row.mimirVariant,
  };
}
