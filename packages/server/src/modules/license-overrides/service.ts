// Licence overrides (spec §3, §4, §9): the licence a component is shown with, for one version
// or all, at scope 1 result, 2 group or 3 global. The newest that holds wins; removing it
// falls back to the next remaining one or to the detected licence (modules/adjustments/apply.ts).
import type { LicenseOverrideRow } from '../../db/schema/index.ts';
import type { ScopeResolver } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { ScanAdjustments } from '../adjustments/apply.ts';
import { reachOf, type StaleScans } from '../adjustments/stale-scans.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { assertMayChangeOverride, overrideTarget, type OverrideTarget } from '../component-adjustments/override-scope.ts';
import { type AdjustableComponents, sameName } from '../component-adjustments/scan-components.ts';
import type { Viewer } from '../users/viewer.ts';
import type { LicenseOverridePatch, LicenseOverridesRepository } from './repository.ts';
import type { LicenseOverride, LicenseOverrideCreate, LicenseOverrideListQuery, LicenseOverrideUpdate } from './schemas.ts';
import { isSpdxExpression } from './spdx-expression.ts';

export interface LicenseOverridesService {
  list(viewer: Viewer, query: LicenseOverrideListQuery, page: PageRequest): Promise<Page<LicenseOverride>>;
  create(viewer: Viewer, body: LicenseOverrideCreate): Promise<LicenseOverride>;
  /** Changes the fields sent; equal values write nothing. */
  update(viewer: Viewer, id: number, body: LicenseOverrideUpdate): Promise<LicenseOverride>;
  remove(viewer: Viewer, id: number): Promise<void>;
}

export interface LicenseOverridesServiceDeps {
  overrides: LicenseOverridesRepository;
  change: AuditedChange<{ overrides: LicenseOverridesRepository; stale: StaleScans }>;
  /** The guard's scope resolver: a group's or a result's group and the viewer's permissions there. */
  access: ScopeResolver;
  components: AdjustableComponents;
  /** The adjustments that reach an application (for the list's `scan` filter). */
  adjustments: (scanId: number) => Promise<ScanAdjustments>;
  requestReevaluation: () => Promise<void>;
}

export function toLicenseOverride(row: LicenseOverrideRow): LicenseOverride {
  return {
    id: row.id,
    url: `/rest/license-override/${row.id}/`,
    scan: row.scanId,
    component_name: row.componentName,
    component_version: row.componentVersion,
    scope: row.scope,
    group_scope: row.groupScope,
    result_scope: row.resultScope,
    license_name: row.licenseName,
    user: row.createdBy,
    created: row.createdAt.toISOString(),
  };
}

export function createLicenseOverridesService(deps: LicenseOverridesServiceDeps): LicenseOverridesService {
  /** The component's name as the application has it; checks the version too when one is given. */
  const namedComponent = async (scanId: number, componentName: string, version: string | null): Promise<string> => {
    const components = await deps.components(scanId);
    if (!components) throw new AppError('scan_not_ready');
    const named = components.filter((component) => sameName(component.name, componentName));
    if (named.length === 0) throw new AppError('override_component_unknown');
    if (version !== null && !named.some((component) => component.version === version)) throw new AppError('override_component_version_unknown');
    return named[0]?.name ?? componentName;
  };

  return {
    async list(viewer, query, page) {
      let ids: number[] | undefined;
      if (query.scan !== undefined) {
        if (!(await deps.access.resolve(viewer, { scan: query.scan }))) throw new AppError('not_found');
        ids = (await deps.adjustments(query.scan)).licenseOverrides.map((row) => row.id);
      }
      const { rows, count } = await deps.overrides.list(viewer, {
        ...(ids ? { ids } : {}),
        ...(query.component_name ? { componentName: query.component_name } : {}),
        ...(query.component_version ? { componentVersion: query.component_version } : {}),
        ...(query.scope ? { scope: query.scope } : {}),
      }, page);
      return pageOf(rows.map(toLicenseOverride), count, page, '/rest/license-override/', query);
    },

    async create(viewer, body) {
      const target = await overrideTarget(viewer, deps.access, body);
      const licenseName = licenseNameOf(body.license_name);
      const version = versionOf(body.component_version);
      const componentName = await namedComponent(body.scan, body.component_name.trim(), version);
      const created = await deps.change(
        async (tx) => {
          const row = await tx.overrides.create({ scanId: body.scan, componentName, componentVersion: version, licenseName, ...target, createdBy: viewer.userId });
          await tx.stale.mark([reachOf(row)]);
          return row;
        },
        (row) => ({ actorId: viewer.userId, action: 'license_override.create', object: `license_override:${row.id}`, level: 2, details: auditOf(row) }),
      );
      await deps.requestReevaluation();
      return toLicenseOverride(created);
    },

    async update(viewer, id, body) {
      const current = await deps.overrides.findVisible(viewer, id);
      if (!current) throw new AppError('not_found');
      await assertMayChangeOverride(viewer, deps.access, current);
      const patch: LicenseOverridePatch = {};
      if (body.license_name !== undefined) {
        const licenseName = licenseNameOf(body.license_name);
        if (licenseName !== current.licenseName) patch.licenseName = licenseName;
      }
      if (body.component_version !== undefined) {
        const version = versionOf(body.component_version);
        if (version !== current.componentVersion) {
          // Checked on the application it was made on while that is still there.
          if (current.scanId !== null) await namedComponent(current.scanId, current.componentName, version);
          patch.componentVersion = version;
        }
      }
      if (body.scope !== undefined || body.group_scope !== undefined || body.result_scope !== undefined) {
        const target = await overrideTarget(viewer, deps.access, {
          scope: body.scope ?? current.scope,
          group_scope: body.group_scope !== undefined ? body.group_scope : current.groupScope,
          result_scope: body.result_scope !== undefined ? body.result_scope : current.resultScope,
        });
        if (!sameTarget(target, current)) Object.assign(patch, target);
      }
      if (Object.keys(patch).length === 0) return toLicenseOverride(current);
      const updated = await deps.change(
        async (tx) => {
          const row = await tx.overrides.update(id, patch);
          if (!row) throw new AppError('not_found');
          await tx.stale.mark([reachOf(current), reachOf(row)]);
          return row;
        },
        (row) => ({ actorId: viewer.userId, action: 'license_override.update', object: `license_override:${id}`, level: 2, details: { before: auditOf(current), after: auditOf(row) } }),
      );
      await deps.requestReevaluation();
      return toLicenseOverride(updated);
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
        (removed) => ({ actorId: viewer.userId, action: 'license_override.delete', object: `license_override:${id}`, level: 2, details: auditOf(removed) }),
      );
      await deps.requestReevaluation();
    },
  };
}

function licenseNameOf(text: string): string {
  const name = text.trim();
  if (!isSpdxExpression(name)) throw new AppError('license_override_name_invalid');
  return name;
}

/** A blank version means every version. */
function versionOf(text: string | null | undefined): string | null {
  const version = text?.trim() ?? '';
  return version === '' ? null : version;
}

function sameTarget(target: OverrideTarget, row: LicenseOverrideRow): boolean {
  return target.scope === row.scope && target.groupScope === row.groupScope && target.resultScope === row.resultScope;
}

function auditOf(row: LicenseOverrideRow) {
  return {
    id: row.id, scan: row.scanId, component: row.componentName, version: row.componentVersion, license_name: row.licenseName,
    scope: row.scope, group_scope: row.groupScope, result_scope: row.resultScope,
  };
}
