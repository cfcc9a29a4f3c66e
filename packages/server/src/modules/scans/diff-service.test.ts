import { IDENTIFICATION_SCHEMA_VERSION, type Identification } from '@binlens/engine/model';
import type { KnowledgeBase } from '@binlens/vulndb';
import { describe, expect, it } from 'vitest';
import type { GroupAccess } from '../../lib/access.ts';
import type { Viewer } from '../users/viewer.ts';
import { createScanDiffService, type ScanDiffServiceDeps } from './diff-service.ts';
import type { ScanRecord } from './repository.ts';
import { NO_ADJUSTMENTS } from '../adjustments/apply.ts';

const viewer: Viewer = { userId: 1, email: 'a@example.com', roles: [], permissions: [], sessionId: 1, csrfToken: 't' };

const record = (id: number, fields: Partial<ScanRecord> = {}): ScanRecord => ({
  id, groupId: 7, groupName: 'Routers', filename: `router-${id}.tar`, size: 10, sha1: '0'.repeat(40), status: 'R', progress: null, error: null,
  createdAt: new Date('2026-01-01T00:00:00Z'), finishedAt: new Date('2026-01-01T00:01:00Z'), componentCount: 1, vulnerabilityCounts: null, binaryRemovedAt: null, verdictReason: null,
  ...fields,
});

const core = (name: string, lodash: string): Identification => ({
  schemaVersion: IDENTIFICATION_SCHEMA_VERSION,
  input: { name, size: 10, sha1: '0'.repeat(40), sha256: '0'.repeat(64) },
  files: [],
  components: [{ id: `lodash@${lodash}`, name: 'lodash', version: lodash, codetype: 'JS', vendor: '', purl: `pkg:npm/lodash@${lodash}`, cpes: [], licenses: ['MIT'], evidence: [] }],
  problems: [],
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:01:00.000Z',
});

/** A knowledge base that holds nothing and counts the lookups made of it. */
function countingKnowledgeBase(): { kb: KnowledgeBase; lookups: () => number } {
  let count = 0;
  const none = async () => {
    count += 1;
    return [];
  };
  return {
    kb: { packageRanges: none, cpeMatches: none, distroFixes: none, records: none, recordSummaries: none, aliases: none, cpeSources: none, epss: none, kev: none, distroCvss: none },
    lookups: () => count,
  };
}

/** Scans 1 and 2 ready in group 7 and seen; `scans` replaces or adds records; `hidden` ids the viewer cannot see. */
function deps(options: { scans?: ScanRecord[]; hidden?: number[]; reads?: string[] } = {}) {
  const records = new Map([record(1), record(2), ...(options.scans ?? [])].map((scan) => [scan.id, scan]));
  const reads = options.reads ?? [];
  const snapshot = countingKnowledgeBase();
  const service: ScanDiffServiceDeps = {
    adjustments: { forScan: async () => NO_ADJUSTMENTS },
    access: {
      resolve: async (_viewer, target): Promise<GroupAccess | null> => {
        const id = 'scan' in target ? target.scan : 0;
        return records.has(id) && !options.hidden?.includes(id) ? { groupId: 7, permissions: ['view_appcheckgroup'] } : null;
      },
    },
    scans: {
      findVisible: async (_viewer, id) => {
        reads.push(`scan ${id}`);
        return options.hidden?.includes(id) ? undefined : records.get(id);
      },
      findResultCore: async (_viewer, id) => ({ status: 'R' as const, core: core(`router-${id}.tar`, id === 1 ? '4.17.20' : '4.17.21') }),
    },
    diff: { executables: async () => [] },
    knowledgeBaseSummary: async () => ({ state: 'ready' as const, updated: '2026-01-01T00:00:00.000Z' }),
    knowledgeBaseSnapshot: async (work) => {
      reads.push('snapshot');
      return work(snapshot.kb);
    },
  };
  return { service, snapshotLookups: snapshot.lookups };
}

const failure = async (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('scan diff service', () => {
  it('evaluates both scans inside one snapshot of the knowledge base', async () => {
    const reads: string[] = [];
    const { service, snapshotLookups } = deps({ reads });
    const diff = await createScanDiffService(service).diff(viewer, 1, 2);
    expect(reads).toEqual(['scan 1', 'scan 2', 'snapshot']);
    // Each evaluation asks the snapshot, and no other knowledge base exists here to ask.
    expect(snapshotLookups()).toBeGreaterThan(0);
    expect(diff.components.changed.map((c) => [c.base_version, c.target_version])).toEqual([['4.17.20', '4.17.21']]);
    expect([diff.base, diff.target].map((scan) => [scan.id, scan.name, scan.group_name, scan.created])).toEqual([
      [1, 'router-1.tar', 'Routers', '2026-01-01T00:00:00.000Z'],
      [2, 'router-2.tar', 'Routers', '2026-01-01T00:00:00.000Z'],
    ]);
  });

  it('refuses one scan twice before reading anything', async () => {
    const reads: string[] = [];
    const error = await failure(createScanDiffService(deps({ reads }).service).diff(viewer, 1, 1));
    expect(error).toMatchObject({ code: 'diff_same_scan', status: 400, message: 'Choose two different scans to compare.' });
    expect(reads).toEqual([]);
  });

  it('answers not found for a target the viewer cannot see, as for one that does not exist', async () => {
    const service = createScanDiffService(deps({ hidden: [2] }).service);
    expect(await failure(service.diff(viewer, 1, 2))).toMatchObject({ code: 'not_found', status: 404 });
    expect(await failure(service.diff(viewer, 1, 99))).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('names a scan that failed or is still being scanned, and never evaluates', async () => {
    const reads: string[] = [];
    const service = createScanDiffService(deps({ scans: [record(3, { status: 'F' }), record(4, { status: 'P' })], reads }).service);
    expect(await failure(service.diff(viewer, 3, 1))).toMatchObject({ status: 400, message: 'router-3.tar (scan 3) has no result to compare: it failed.' });
    expect(await failure(service.diff(viewer, 1, 4))).toMatchObject({ status: 400, message: 'router-4.tar (scan 4) has no result to compare: it is still being scanned.' });
    expect(reads).not.toContain('snapshot');
  });
});
