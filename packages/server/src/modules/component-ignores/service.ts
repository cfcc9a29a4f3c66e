// Component ignores (spec §3, §7, §9): a component left out of an application's
// vulnerabilities and counts, for one version or all, with the triage scopes (CA account, G
// group, R application, FN application name, FH file hash). Applied by the one evaluation
// (modules/adjustments/apply.ts); each change marks the scans it may reach for re-evaluation.
import type { ComponentIgnoreRow } from '../../db/schema/index.ts';
import type { ScopeResolver } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { ScanAdjustments } from '../adjustments/apply.ts';
import { missingScopeField } from '../adjustments/scope.ts';
import { reachOf, type StaleScans } from '../adjustments/stale-scans.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { type AdjustableComponents, sameName } from '../component-adjustments/scan-components.ts';
import type { Viewer } from '../users/viewer.ts';
import type { ComponentIgnoresRepository, NewComponentIgnore } from './repository.ts';
import type { ComponentIgnore, ComponentIgnoreCreate, ComponentIgnoreListQuery } from './schemas.ts';

export interface ComponentIgnoresService {
  list(viewer: Viewer, query: ComponentIgnoreListQuery, page: PageRequest): Promise<Page<ComponentIgnore>>;
  create(viewer: Viewer, body: ComponentIgnoreCreate): Promise<ComponentIgnore>;
  remove(viewer: Viewer, id: number): Promise<void>;
}

export interface ComponentIgnoresServiceDeps {
  ignores: ComponentIgnoresRepository;
  change: AuditedChange<{ ignores: ComponentIgnoresRepository; stale: StaleScans }>;
  /** The guard's scope resolver: whether the viewer sees a group or an application. */
  access: ScopeResolver;
  components: AdjustableComponents;
  adjustments: (scanId: number) => Promise<ScanAdjustments>;
  requestReevaluation: () => Promise<void>;
}

export function toComponentIgnore(row: ComponentIgnoreRow): ComponentIgnore {
  return {
    id: row.id,
    url: `/rest/component-ignores/${row.id}/`,
    scan_id: row.scanId,
    component_name: row.componentName,
    component_version: row.componentVersion,
    description: row.description,
    scope: row.scope,
    group_scope: row.groupScope,
    result_scope: row.resultScope,
    application_name: row.applicationName,
    triaged_obj: row.fileHash,
    user: row.createdBy,
    created: row.createdAt.toISOString(),
  };
}

export function createComponentIgnoresService(deps: ComponentIgnoresServiceDeps): ComponentIgnoresService {
  const sees = async (viewer: Viewer, target: { group: number } | { scan: number }) => (await deps.access.resolve(viewer, target)) !== null;

  /** The stored row a request makes, checked against the application it names. */
  const rowOf = async (viewer: Viewer, body: ComponentIgnoreCreate): Promise<NewComponentIgnore> => {
    const missing = missingScopeField(body.scope, body);
    if (missing === 'group_scope') throw new AppError('triage_scope_group');
    if (missing === 'result_scope') throw new AppError('triage_scope_result');
    if (missing === 'triaged_obj') throw new AppError('triage_scope_hash');
    if (body.scope === 'G' && body.group_scope != null && !(await sees(viewer, { group: body.group_scope }))) throw new AppError('triage_group_not_found');
    const resultScope = body.result_scope ?? null;
    if (resultScope !== null && !(await sees(viewer, { scan: resultScope }))) throw new AppError('triage_result_not_found');
    const scanId = body.scan_id ?? resultScope;
    if (scanId === null) throw new AppError('ignore_scan_missing');
    if (!(await sees(viewer, { scan: scanId }))) throw new AppError('ignore_scan_not_found');

    const components = await deps.components(scanId);
    if (!components) throw new AppError('scan_not_ready');
    const name = body.component_name.trim();
    const version = body.component_version?.trim() || null;
    const named = components.filter((component) => sameName(component.name, name));
    if (named.length === 0) throw new AppError('override_component_unknown');
    const held = named.filter((component) => version === null || component.version === version);
    if (held.length === 0) throw new AppError('override_component_version_unknown');
    const fileHash = body.scope === 'FH' ? (body.triaged_obj ?? '').toLowerCase() : null;
    if (fileHash !== null && !held.some((component) => component.hashes.has(fileHash))) throw new AppError('ignore_file_unknown');
    const applicationName = body.scope === 'FN' ? ((await deps.ignores.applicationName(resultScope ?? scanId)) ?? null) : null;
    return {
      scanId,
      componentName: named[0]?.name ?? name,
      componentVersion: version,
      description: (body.description ?? '').trim(),
      scope: body.scope,
      // FN and FH hold beyond their result: they do not go with it (the origin stays in scanId).
      groupScope: body.scope === 'G' ? (body.group_scope ?? null) : null,
      resultScope: body.scope === 'R' ? resultScope : null,
      applicationName,
      fileHash,
      createdBy: viewer.userId,
    };
  };

  return {
    async list(viewer, query, page) {
      let ids: number[] | undefined;
      if (query.scan !== undefined) {
        if (!(await sees(viewer, { scan: query.scan }))) throw new AppError('not_found');
        ids = (await deps.adjustments(query.scan)).ignores.map((row) => row.id);
      }
      const { rows, count } = await deps.ignores.list(viewer, {
        ...(ids ? { ids } : {}),
        ...(query.component_name ? { componentName: query.component_name } : {}),
        ...(query.scope ? { scope: query.scope } : {}),
      }, page);
      return pageOf(rows.map(toComponentIgnore), count, page, '/rest/component-ignores/', query);
    },

    async create(viewer, body) {
      const row = await rowOf(viewer, body);
      const created = await deps.change(
        async (tx) => {
          const made = await tx.ignores.create(row);
          await tx.stale.mark([reachOf(made)]);
          return made;
        },
        (made) => ({ actorId: viewer.userId, action: 'component_ignore.create', object: `component_ignore:${made.id}`, level: 2, details: auditOf(made) }),
      );
      await deps.requestReevaluation();
      return toComponentIgnore(created);
    },

    async remove(viewer, id) {
      const row = await deps.ignores.findVisible(viewer, id);
      if (!row) throw new AppError('not_found');
      await deps.change(
        async (tx) => {
          const removed = await tx.ignores.remove(id);
          if (!removed) throw new AppError('not_found');
          await tx.stale.mark([reachOf(removed)]);
          return removed;
        },
        (removed) => ({ actorId: viewer.userId, action: 'component_ignore.delete', object: `component_ignore:${id}`, level: 2, details: auditOf(removed) }),
      );
      await deps.requestReevaluation();
    },
  };
}

function auditOf(row: ComponentIgnoreRow) {
  return {
    id: row.id, scan: row.scanId, component: row.componentName, version: row.componentVersion, scope: row.scope,
    group_scope: row.groupScope, result_scope: row.resultScope, application_name: row.applicationName, file_hash: row.fileHash,
  };
}
