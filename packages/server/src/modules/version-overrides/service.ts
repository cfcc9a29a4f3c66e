// Version overrides (spec §3, §9; public-api.md §2.6): the version of a component, for the
// files it was found in (their SHA-1s), at scope 1 result, 2 group or 3 global, each allowed
// only by its company switch. Applied by the one evaluation (modules/adjustments/apply.ts);
// each change marks the scans it may reach for re-evaluation of their stored counts.
import type { VersionOverrideRow } from '../../db/schema/index.ts';
import type { ScopeResolver } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { ScanAdjustments } from '../adjustments/apply.ts';
import { reachOf, type StaleScans } from '../adjustments/stale-scans.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { assertMayChangeOverride, type OverrideScope, overrideTarget } from '../component-adjustments/override-scope.ts';
import { type AdjustableComponents, sameName } from '../component-adjustments/scan-components.ts';
import type { Viewer } from '../users/viewer.ts';
import type { VersionOverridesRepository } from './repository.ts';
import type { VersionOverride, VersionOverrideCreate, VersionOverrideListQuery } from './schemas.ts';

export interface VersionOverridesService {
  list(viewer: Viewer, query: VersionOverrideListQuery, page: PageRequest): Promise<Page<VersionOverride>>;
  get(viewer: Viewer, id: number): Promise<VersionOverride>;
  create(viewer: Viewer, body: VersionOverrideCreate): Promise<VersionOverride>;
  remove(viewer: Viewer, id: number): Promise<void>;
}

/** The company's switches (spec §3 company settings), one per scope. */
export interface VersionOverrideSwitches {
  enableProductVersionOverride: boolean;
  enableGroupVersionOverride: boolean;
  enableGlobalVersionOverride: boolean;
}

export interface VersionOverridesServiceDeps {
  overrides: VersionOverridesRepository;
  change: AuditedChange<{ overrides: VersionOverridesRepository; stale: StaleScans }>;
  /** The guard's scope resolver: a group's or a result's group and the viewer's permissions there. */
  access: ScopeResolver;
  settings: () => Promise<VersionOverrideSwitches>;
  components: AdjustableComponents;
  /** The adjustments that reach an application (for the list's `scan` filter). */
  adjustments: (scanId: number) => Promise<ScanAdjustments>;
  /** Asks the re-evaluation job to bring the marked scans' counts up to date. */
  requestReevaluation: () => Promise<void>;
}

const SWITCH_ERRORS = {
  1: ['enableProductVersionOverride', 'version_override_result_disabled'],
  2: ['enableGroupVersionOverride', 'version_override_group_disabled'],
  3: ['enableGlobalVersionOverride', 'version_override_global_disabled'],
} as const satisfies Record<OverrideScope, readonly [keyof VersionOverrideSwitches, string]>;

export function toVersionOverride(row: VersionOverrideRow): VersionOverride {
  return {
    id: row.id,
    url: `/rest/version-override/${row.id}/`,
    component_name: row.componentName,
    hashes: row.hashes,
    version: row.version,
    scope: row.scope,
    group_scope: row.groupScope,
    result_scope: row.resultScope,
    user: row.createdBy,
    created: row.createdAt.toISOString(),
  };
}

export function createVersionOverridesService(deps: VersionOverridesServiceDeps): VersionOverridesService {
  return {
    async list(viewer, query, page) {
      let ids: number[] | undefined;
      if (query.scan !== undefined) {
        if (!(await deps.access.resolve(viewer, { scan: query.scan }))) throw new AppError('not_found');
        ids = (await deps.adjustments(query.scan)).versionOverrides.map((row) => row.id);
      }
      const { rows, count } = await deps.overrides.list(viewer, {
        ...(ids ? { ids } : {}),
        ...(query.component_name ? { componentName: query.component_name } : {}),
        ...(query.scope ? { scope: query.scope } : {}),
      }, page);
      return pageOf(rows.map(toVersionOverride), count, page, '/rest/version-override/', query);
    },

    async get(viewer, id) {
      const row = await deps.overrides.findVisible(viewer, id);
      if (!row) throw new AppError('not_found');
      return toVersionOverride(row);
    },

    async create(viewer, body) {
      const [setting, disabled] = SWITCH_ERRORS[body.scope];
      if (!(await deps.settings())[setting]) throw new AppError(disabled);
      const target = await overrideTarget(viewer, deps.access, body);
      const version = body.version.trim();
      if (version === '') throw new AppError('version_override_version_blank');
      const components = await deps.components(body.scan);
      if (!components) throw new AppError('scan_not_ready');
      const name = body.component_name.trim();
      const named = components.filter((component) => sameName(component.name, name));
      if (named.length === 0) throw new AppError('override_component_unknown');
      const files = new Set(named.flatMap((component) => [...component.hashes]));
      const hashes = [...new Set(body.hashes.map((hash) => hash.toLowerCase()))];
      const unknown = hashes.find((hash) => !files.has(hash));
      if (unknown !== undefined) throw new AppError('version_override_hashes_unknown', `${unknown} is not a file of ${name} in this application: give the SHA-1s of its files (its objects).`);

      const created = await deps.change(
        async (tx) => {
          const row = await tx.overrides.create({ componentName: named[0]?.name ?? name, hashes, version, ...target, createdBy: viewer.userId });
          await tx.stale.mark([reachOf(row)]);
          return row;
        },
        (row) => ({ actorId: viewer.userId, action: 'version_override.create', object: `version_override:${row.id}`, level: 2, details: { ...auditOf(row), scan: body.scan } }),
      );
      await deps.requestReevaluation();
      return toVersionOverride(created);
    },

    async remove(viewer, id) {
      const row = await deps.overrides.findVisible(viewer, id);
      if (!row) throw new AppError('not_found');
      await assertMayChangeOverride(viewer, deps.access, row);
      await deps.change(
        async (tx) => {
          const removed = await tx.overrides.remove(id);
          if (!removed) throw new AppError('not_found');
          await tx.stale.mark([reachOf(removed)]);
          return removed;
        },
        (removed) => ({ actorId: viewer.userId, action: 'version_override.delete', object: `version_override:${id}`, level: 2, details: auditOf(removed) }),
      );
      await deps.requestReevaluation();
    },
  };
}

function auditOf(row: VersionOverrideRow) {
  return { id: row.id, component: row.componentName, version: row.version, hashes: row.hashes.length, scope: row.scope, group_scope: row.groupScope, result_scope: row.resultScope };
}
