// Triage (spec §3, §4, §9): decisions on one vulnerability of one component, with a scope.
// Checked whole before anything is stored (a batch is made entirely or not at all), applied by
// the one evaluation (modules/adjustments), and followed by a re-evaluation of the stored
// counts of every scan the change may reach.
import { cvssSeverity, environmentalScoreV3, scoreCvss } from '@binlens/vulndb';
import type { TriageRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { ScanAdjustments } from '../adjustments/apply.ts';
import { missingScopeField } from '../adjustments/scope.ts';
import { reachOf, type StaleScans } from '../adjustments/stale-scans.ts';
import { toTriageDto } from '../adjustments/triage-dto.ts';
import { parseVersionRange, versionHolds } from '../adjustments/version-match.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { Viewer } from '../users/viewer.ts';
import type { NewTriage, TriagesRepository } from './repository.ts';
import type { Triage, TriageCreate, TriageListQuery, TriageUpdate } from './schemas.ts';

/** The components of an application as its evaluation sees them: name, version, purl and vulnerability ids (aliases included). */
export interface TriageTarget {
  name: string;
  version: string;
  purl: string;
  vulnIds: ReadonlySet<string>;
}

export interface TriagesService {
  list(viewer: Viewer, query: TriageListQuery, page: PageRequest): Promise<Page<Triage>>;
  get(viewer: Viewer, id: number): Promise<Triage>;
  create(viewer: Viewer, bodies: readonly TriageCreate[]): Promise<Triage[]>;
  update(viewer: Viewer, id: number, body: TriageUpdate): Promise<Triage>;
  remove(viewer: Viewer, ids: readonly number[]): Promise<void>;
}

export interface TriagesServiceDeps {
  triages: TriagesRepository;
  change: AuditedChange<{ triages: TriagesRepository; stale: StaleScans }>;
  settings: () => Promise<{ triageEnabled: boolean; triageDescriptionMandatory: boolean }>;
  /** The components of a ready application the viewer sees, evaluated; null when it is not ready. */
  targets: (scanId: number) => Promise<readonly TriageTarget[] | null>;
  /** The adjustments that reach an application (for the list's `scan` filter). */
  adjustments: (scanId: number) => Promise<ScanAdjustments>;
  /** Asks the re-evaluation job to bring the marked scans' counts up to date. */
  requestReevaluation: () => Promise<void>;
}

export const MAX_TRIAGES_PER_REQUEST = 1000;

export function createTriagesService(deps: TriagesServiceDeps): TriagesService {
  const enabled = async () => {
    const settings = await deps.settings();
    if (!settings.triageEnabled) throw new AppError('triage_disabled');
    return settings;
  };

  /** The stored row a request makes, checked against the application it names. */
  const rowOf = async (viewer: Viewer, body: TriageCreate, descriptionMandatory: boolean, index: number | null, targetsOf: TargetsOf): Promise<NewTriage> => {
    const fail = (code: Parameters<typeof codeError>[0]) => codeError(code, index);
    const description = (body.description ?? '').trim();
    if (descriptionMandatory && description === '') throw fail('triage_description_required');
    const missing = missingScopeField(body.scope, body);
    if (missing === 'group_scope') throw fail('triage_scope_group');
    if (missing === 'result_scope') throw fail('triage_scope_result');
    if (missing === 'triaged_obj') throw fail('triage_scope_hash');
    if (body.scope === 'G' && body.group_scope != null && !(await deps.triages.visibleGroup(viewer, body.group_scope))) throw fail('triage_group_not_found');
    const resultScope = body.result_scope ?? null;
    const result = resultScope !== null ? await deps.triages.visibleScan(viewer, resultScope) : undefined;
    if (resultScope !== null && !result) throw fail('triage_result_not_found');
    const scanId = body.scan_id ?? resultScope;
    if (scanId === null) throw fail('triage_scan_missing');
    if (scanId !== resultScope && !(await deps.triages.visibleScan(viewer, scanId))) throw fail('triage_scan_not_found');

    const version = body.component_version?.trim() || null;
    const range = body.version_range?.trim() || null;
    if (version !== null && range !== null) throw fail('triage_version_both');
    if (version === null && range === null) throw fail('triage_version_missing');
    if (range !== null && parseVersionRange(range) === null) throw fail('triage_range_invalid');

    const targets = await targetsOf(scanId);
    if (!targets) throw new AppError('scan_not_ready');
    const named = targets.filter((t) => t.name.toLowerCase() === body.component_name.trim().toLowerCase() && versionHolds({ componentVersion: version, versionRange: range }, t.version, t.purl));
    if (named.length === 0) throw fail('triage_component_unknown');
    if (!named.some((t) => t.vulnIds.has(body.vuln_id))) throw fail('triage_vulnerability_unknown');

    const vector = body.environmental_vector?.trim() || null;
    const adjustedScore = vector === null ? null : environmentalScore(vector, index);
    return {
      scanId,
      componentName: body.component_name.trim(),
      mappedComponentId: body.mapped_component_id ?? null,
      componentVersion: version,
      versionRange: range,
      vulnId: body.vuln_id,
      description,
      rationale: body.rationale,
      scope: body.scope,
      // FN and FH hold beyond their result: they do not go with it (the origin stays in scanId).
      groupScope: body.scope === 'G' ? (body.group_scope ?? null) : null,
      resultScope: body.scope === 'R' ? resultScope : null,
      applicationName: body.scope === 'FN' ? (result?.filename ?? null) : null,
      fileHash: body.scope === 'FH' ? (body.triaged_obj ?? '').toLowerCase() : null,
      triagedObj: body.triaged_obj ?? null,
      adjustedSeverity: body.adjusted_severity ?? (adjustedScore !== null ? severityOfScore(adjustedScore) : null),
      environmentalVector: vector,
      adjustedScore,
      createdBy: viewer.userId,
    };
  };

  return {
    async list(viewer, query, page) {
      const ids = query.scan !== undefined ? await reachingIds(deps, viewer, query.scan) : undefined;
      const { rows, count } = await deps.triages.list(viewer, {
        ...(ids ? { ids } : {}),
        ...(query.vuln_id ? { vulnId: query.vuln_id } : {}),
        ...(query.component_name ? { componentName: query.component_name } : {}),
        ...(query.scope ? { scope: query.scope } : {}),
        ...(query.rationale ? { rationale: query.rationale } : {}),
        ...(query.q ? { q: query.q } : {}),
        ordering: query.ordering ?? '-modified',
      }, page);
      const { limit: _limit, offset: _offset, ...links } = query;
      return pageOf(rows.map(toTriageDto), count, page, '/rest/triages/', links);
    },

    async get(viewer, id) {
      const [row] = await deps.triages.findVisible(viewer, [id]);
      if (!row) throw new AppError('not_found');
      return toTriageDto(row);
    },

    async create(viewer, bodies) {
      const settings = await enabled();
      if (bodies.length === 0) throw new AppError('triage_list_empty');
      if (bodies.length > MAX_TRIAGES_PER_REQUEST) throw new AppError('triage_list_too_long');
      // A batch names one application, or a few: each is evaluated once.
      const targetsOf = perBatch(deps.targets);
      const rows: NewTriage[] = [];
      for (const [index, body] of bodies.entries()) rows.push(await rowOf(viewer, body, settings.triageDescriptionMandatory, bodies.length > 1 ? index : null, targetsOf));
      const created = await deps.change(
        async (tx) => {
          const made = await tx.triages.createMany(rows);
          await tx.stale.mark(made.map(reachOf));
          return made;
        },
        (made) => ({ actorId: viewer.userId, action: 'triage.create', object: auditObject(made), level: 2, details: { triages: made.map(auditOf) } }),
      );
      await deps.requestReevaluation();
      return created.map(toTriageDto);
    },

    async update(viewer, id, body) {
      const settings = await enabled();
      const [current] = await deps.triages.findVisible(viewer, [id]);
      if (!current) throw new AppError('not_found');
      const merged: TriageCreate = { ...requestOf(current), ...withoutUndefined(body) };
      // A range replaces the version and a version the range, unless both are sent.
      if (body.version_range != null && body.component_version === undefined) merged.component_version = null;
      if (body.component_version != null && body.version_range === undefined) merged.version_range = null;
      const row = await rowOf(viewer, merged, settings.triageDescriptionMandatory, null, deps.targets);
      const changed = changedFields(current, row);
      if (Object.keys(changed).length === 0) return toTriageDto(current);
      // A new description changes no scan's counts: nothing to re-evaluate.
      const counted = Object.keys(changed).some((key) => key !== 'description');
      const updated = await deps.change(
        async (tx) => {
          const saved = await tx.triages.update(id, changed);
          if (!saved) throw new AppError('not_found');
          if (counted) await tx.stale.mark([reachOf(current), reachOf(saved)]);
          return saved;
        },
        (saved) => ({ actorId: viewer.userId, action: 'triage.update', object: auditObject([saved]), level: 2, details: { before: auditOf(current), after: auditOf(saved) } }),
      );
      if (counted) await deps.requestReevaluation();
      return toTriageDto(updated);
    },

    async remove(viewer, ids) {
      await enabled();
      const unique = [...new Set(ids)];
      const found = await deps.triages.findVisible(viewer, unique);
      // All or nothing: an id the viewer cannot see is as unknown as one that does not exist.
      if (found.length !== unique.length) throw new AppError('not_found');
      await deps.change(
        async (tx) => {
          await tx.triages.remove(unique);
          await tx.stale.mark(found.map(reachOf));
        },
        () => ({ actorId: viewer.userId, action: 'triage.delete', object: auditObject(found), level: 2, details: { triages: found.map(auditOf) } }),
      );
      await deps.requestReevaluation();
    },
  };
}

async function reachingIds(deps: TriagesServiceDeps, viewer: Viewer, scanId: number): Promise<number[]> {
  if (!(await deps.triages.visibleScan(viewer, scanId))) throw new AppError('not_found');
  return (await deps.adjustments(scanId)).triages.map((t) => t.id);
}

function codeError(code: 'triage_description_required' | 'triage_scope_group' | 'triage_scope_result' | 'triage_scope_hash' | 'triage_group_not_found'
  | 'triage_result_not_found' | 'triage_scan_missing' | 'triage_scan_not_found' | 'triage_version_both' | 'triage_version_missing' | 'triage_range_invalid'
  | 'triage_component_unknown' | 'triage_vulnerability_unknown' | 'triage_vector_invalid', index: number | null): AppError {
  const error = new AppError(code);
  return index === null ? error : new AppError(code, `Triage ${index + 1}: ${error.message}`);
}

function environmentalScore(vector: string, index: number | null): number {
  const parsed = scoreCvss(vector);
  const environmental = ['CR', 'IR', 'AR', 'MAV', 'MAC', 'MPR', 'MUI', 'MS', 'MC', 'MI', 'MA', 'E', 'RL', 'RC'];
  if (!parsed.valid || !parsed.version.startsWith('3') || !environmental.some((key) => (parsed.metrics[key] ?? 'X') !== 'X')) throw codeError('triage_vector_invalid', index);
  return environmentalScoreV3(parsed.metrics);
}

/** The v3 scale; a score of 0 (no impact left) counts as low, the lowest severity a re-scoring names. */
function severityOfScore(score: number): string {
  const severity = cvssSeverity('3.1', score);
  return severity === 'none' ? 'low' : severity;
}

type TargetsOf = (scanId: number) => Promise<readonly TriageTarget[] | null>;

function perBatch(targets: TargetsOf): TargetsOf {
  const read = new Map<number, Promise<readonly TriageTarget[] | null>>();
  return (scanId) => {
    const known = read.get(scanId) ?? targets(scanId);
    read.set(scanId, known);
    return known;
  };
}

/** A stored triage as the request that would make it. */
function requestOf(row: TriageRow): TriageCreate {
  return {
    scan_id: row.scanId,
    component_name: row.componentName,
    mapped_component_id: row.mappedComponentId,
    component_version: row.componentVersion,
    version_range: row.versionRange,
    vuln_id: row.vulnId,
    description: row.description,
    rationale: row.rationale,
    scope: row.scope,
    group_scope: row.groupScope,
    result_scope: row.scope === 'FN' || row.scope === 'FH' ? row.scanId : row.resultScope,
    triaged_obj: row.triagedObj,
    adjusted_severity: row.environmentalVector === null ? (row.adjustedSeverity as TriageCreate['adjusted_severity']) : null,
    environmental_vector: row.environmentalVector,
  };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function changedFields(current: TriageRow, next: NewTriage): Partial<NewTriage> {
  const changed: Partial<NewTriage> = {};
  for (const [key, value] of Object.entries(next) as [keyof NewTriage, unknown][]) {
    if (key === 'createdBy' || key === 'scanId') continue;
    if ((current as unknown as Record<string, unknown>)[key] !== value) (changed as Record<string, unknown>)[key] = value;
  }
  return changed;
}

/** The application the triages were made on, so that its feed shows them; or the triage, or triages at large. */
function auditObject(rows: readonly TriageRow[]): string {
  const scans = new Set(rows.map((r) => r.scanId));
  const [only] = scans;
  if (scans.size === 1 && only != null) return `scan:${only}`;
  return rows.length === 1 && rows[0] ? `triage:${rows[0].id}` : 'triage';
}

function auditOf(row: TriageRow) {
  return {
    id: row.id, vuln_id: row.vulnId, component: row.componentName, version: row.componentVersion, range: row.versionRange,
    rationale: row.rationale, scope: row.scope, group_scope: row.groupScope, result_scope: row.resultScope,
    application_name: row.applicationName, file_hash: row.fileHash, adjusted_severity: row.adjustedSeverity,
  };
}
