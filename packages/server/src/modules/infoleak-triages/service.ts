// Infoleak triage (spec §3.9): a finding's value, in a scope, is no longer listed as matched.
// Triages are kept apart from the scans and applied when a list is read (reach.ts), so a new
// upload that the scope reaches is triaged as soon as it is ready.
import type { ScopeResolver } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { missingScopeField, ruleReachesScan, type ScanScopeContext } from '../adjustments/scope.ts';
import type { Viewer } from '../users/viewer.ts';
import type { LeakItemsRepository, StoredLeak } from './leak-items.ts';
import { buildReach, type LeakTriageReach, NO_REACH, toInfoleakTriage, withHeldIds } from './reach.ts';
import type { InfoleakTriageRecord, InfoleakTriagesRepository, NewInfoleakTriage } from './repository.ts';
import type { InfoleakCacheUpdate, InfoleakTriageCreate, InfoleakTriageCreated } from './schemas.ts';
import { infoleakValueKey, leaksHeldWhere } from './value-key.ts';

export interface InfoleakTriagesService {
  /** Triages findings of `kind` in the body's scan; the guard has checked the scan and the permission. */
  create(viewer: Viewer, kind: string, body: InfoleakTriageCreate): Promise<InfoleakTriageCreated>;
  /** Removes a triage that reaches the scan; 404 for one that does not, or of another kind. */
  remove(viewer: Viewer, kind: string, id: number, scanId: number): Promise<InfoleakCacheUpdate>;
  /** For the lists: the triages that reach a scan's findings of a kind (every kind when undefined), read once. */
  reach(scanId: number, kind: string | undefined): Promise<LeakTriageReach>;
  /** Triaged findings by kind, documentation examples left out: what the summary and metadata counts leave out. */
  triagedCounts(scanId: number): Promise<Map<string, number>>;
}

export interface InfoleakTriagesServiceDeps {
  triages: InfoleakTriagesRepository;
  leaks: LeakItemsRepository;
  /** A scan's place for the scopes (adjustments/scan-context.ts); undefined when it does not exist. */
  scanContext: (scanId: number) => Promise<ScanScopeContext | undefined>;
  /** Whether the viewer sees the group or scan a scope names. */
  access: ScopeResolver;
  settings: () => Promise<{ triageEnabled: boolean; triageDescriptionMandatory: boolean }>;
  change: AuditedChange<{ triages: InfoleakTriagesRepository }>;
}

/** Ids a cache-updated answer names at most: a page of the lists is 500. */
const MAX_CHANGED_IDS = 10_000;
/**
 * Triaged findings of a scan named by id in a list's query; past it (a scan with more triaged
 * findings than this) the lists select them by value key, hashing the stored items per query.
 */
const MAX_HELD_IDS = 100_000;

export function createInfoleakTriagesService(deps: InfoleakTriagesServiceDeps): InfoleakTriagesService {
  const contextOf = async (scanId: number): Promise<ScanScopeContext> => {
    const context = await deps.scanContext(scanId);
    if (!context) throw new AppError('not_found');
    return context;
  };

  /** What `rules` hold for in the scan: file-hash rules are decided here, per file of a candidate finding. */
  const reachOf = async (scan: ScanScopeContext, rules: readonly InfoleakTriageRecord[]): Promise<LeakTriageReach> => {
    const reaching = rules.filter((rule) => ruleReachesScan(rule, scan));
    if (reaching.length === 0) return NO_REACH;
    const byFile = reaching.filter((rule) => rule.scope === 'FH');
    // The stored items are read below: split a scan stored before the split first.
    await deps.leaks.ensureCurrent(scan.scanId);
    let candidates: StoredLeak[] = [];
    let hashes = new Map<string, string | null>();
    if (byFile.length > 0) {
      const keys = { kinds: [...new Set(byFile.map((rule) => rule.kind))], keys: [...new Set(byFile.map((rule) => rule.valueKey))] };
      candidates = await deps.leaks.leaksWhere(scan.scanId, leaksHeldWhere(keys, []), MAX_CHANGED_IDS);
      hashes = await deps.leaks.fileHashes(scan.scanId, candidates.map((leak) => leak.path));
    }
    const reach = buildReach(reaching, candidates, hashes);
    const where = reach.where(true);
    if (reach.empty || where === undefined) return reach;
    const held = await deps.leaks.idsWhere(scan.scanId, where, MAX_HELD_IDS + 1);
    return held.length > MAX_HELD_IDS ? reach : withHeldIds(reach, held);
  };

  const reachingScan = async (scan: ScanScopeContext, kinds: readonly string[] | undefined) => reachOf(scan, await deps.triages.reaching(scan, kinds));

  const enabled = async () => {
    const settings = await deps.settings();
    if (!settings.triageEnabled) throw new AppError('triage_disabled');
    return settings;
  };

  return {
    async create(viewer, kind, body) {
      const settings = await enabled();
      const description = (body.description ?? '').trim();
      if (settings.triageDescriptionMandatory && description === '') throw new AppError('triage_description_required');
      const scope = await scopeColumns(viewer, body);
      const scan = await contextOf(body.scan);
      await deps.leaks.ensureCurrent(body.scan);
      const ids = [...new Set(body.triaged_obj)];
      const leaks = await deps.leaks.leaks(body.scan, kind, ids);
      if (leaks.length !== ids.length) {
        const found = new Set(leaks.map((leak) => leak.id));
        throw new AppError('infoleak_triage_ids_unknown', `The scan has no ${kind} finding with the id ${ids.filter((id) => !found.has(id)).join(', ')}.`);
      }
      const hashes = body.scope === 'FH' ? await deps.leaks.fileHashes(body.scan, leaks.map((leak) => leak.path)) : new Map<string, string | null>();
      const rows = new Map<string, NewInfoleakTriage>();
      for (const leak of leaks) {
        const fileHash = body.scope === 'FH' ? hashes.get(JSON.stringify(leak.path)) ?? null : null;
        if (body.scope === 'FH' && fileHash === null) throw new AppError('infoleak_triage_no_file_hash', `Scope FH needs the file finding ${leak.id} sits in, and it has no SHA-1.`);
        const valueKey = infoleakValueKey(kind, leak.value);
        // One triage per value (and file): the findings of one value are one decision.
        rows.set(`${valueKey}:${fileHash ?? ''}`, { kind, valueKey, scanId: body.scan, rationale: body.rationale, description, ...scope, fileHash, createdBy: viewer.userId });
      }
      const created = await deps.change(
        (tx) => tx.triages.create([...rows.values()]),
        (made) => ({
          actorId: viewer.userId,
          action: 'infoleak_triage.create',
          object: `scan:${body.scan}`,
          level: 2,
          details: { kind, triages: made.map((row) => row.id), findings: ids, scope: body.scope, rationale: body.rationale },
        }),
      );
      const reach = await reachOf(scan, created);
      const triagedIds = await heldIds(body.scan, reach);
      return { triages: created.map(toInfoleakTriage), group: kind, triagedIds, unTriagedIds: [] };
    },

    async remove(viewer, kind, id, scanId) {
      await enabled();
      const triage = await deps.triages.find(id);
      const scan = await contextOf(scanId);
      if (!triage || triage.kind !== kind || !ruleReachesScan(triage, scan)) throw new AppError('not_found');
      const affected = await heldIds(scanId, await reachOf(scan, [triage]));
      await deps.change(
        (tx) => tx.triages.remove(id),
        () => ({
          actorId: viewer.userId,
          action: 'infoleak_triage.delete',
          object: `scan:${scanId}`,
          level: 2,
          details: { kind, triage: id, scope: triage.scope, rationale: triage.rationale },
        }),
      );
      const remaining = await reachingScan(scan, [kind]);
      const still = new Set(affected.length === 0 ? [] : await heldIds(scanId, remaining, affected));
      return { group: kind, triagedIds: affected.filter((leak) => still.has(leak)), unTriagedIds: affected.filter((leak) => !still.has(leak)) };
    },

    async reach(scanId, kind) {
      const scan = await deps.scanContext(scanId);
      return scan ? reachingScan(scan, kind === undefined ? undefined : [kind]) : NO_REACH;
    },

    async triagedCounts(scanId) {
      const scan = await deps.scanContext(scanId);
      if (!scan) return new Map();
      const reach = await reachingScan(scan, undefined);
      const where = reach.where(true);
      return reach.empty || where === undefined ? new Map() : deps.leaks.countsWhere(scanId, where);
    },
  };

  /** The scan's findings the reach holds for (among `among` when given). */
  async function heldIds(scanId: number, reach: LeakTriageReach, among?: readonly number[]): Promise<number[]> {
    const where = reach.where(true);
    return reach.empty || where === undefined ? [] : deps.leaks.idsWhere(scanId, where, MAX_CHANGED_IDS, among);
  }

  /** The scope columns of a new triage: what its scope names, checked against what the viewer sees; the rest null. */
  async function scopeColumns(viewer: Viewer, body: InfoleakTriageCreate): Promise<Pick<NewInfoleakTriage, 'scope' | 'groupScope' | 'resultScope' | 'applicationName'>> {
    // FH names no object of the body: the hash is each finding's file's.
    const missing = body.scope === 'FH' ? null : missingScopeField(body.scope, { group_scope: body.group_scope ?? null, result_scope: body.result_scope ?? null });
    if (missing === 'group_scope') throw new AppError('triage_scope_group');
    if (missing === 'result_scope') throw new AppError('triage_scope_result');
    const none = { scope: body.scope, groupScope: null, resultScope: null, applicationName: null };
    if (body.scope === 'G') {
      const groupId = body.group_scope ?? 0;
      if (!(await deps.access.resolve(viewer, { group: groupId }))) throw new AppError('triage_group_not_found');
      return { ...none, groupScope: groupId };
    }
    if (body.scope === 'R' || body.scope === 'FN') {
      const resultId = body.result_scope ?? 0;
      const result = (await deps.access.resolve(viewer, { scan: resultId })) ? await deps.scanContext(resultId) : undefined;
      if (!result) throw new AppError('triage_result_not_found');
      return { ...none, resultScope: resultId, applicationName: body.scope === 'FN' ? result.applicationName : null };
    }
    return none;
  }
}
