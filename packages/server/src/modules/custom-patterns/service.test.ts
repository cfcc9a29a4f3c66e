import { describe, expect, it } from 'vitest';
import type { CustomPatternJobData } from '../../lib/custom-pattern-queue.ts';
import { AppError } from '../../lib/errors.ts';
import { auditedChanges } from '../audit/audited.ts';
import type { AuditEvent } from '../audit/repository.ts';
import type { Viewer } from '../users/viewer.ts';
import type { CustomPatternRecord, CustomPatternsRepository } from './repository.ts';
import type { CustomPatternScansRepository, PatternScan } from './scan-repository.ts';
import { createCustomPatternsService, MAX_PATTERNS, type QueuedSearch } from './service.ts';

const viewer: Viewer = { userId: 7, email: 'cp@example.com', roles: ['CP'], permissions: ['change_infoleakcustomregex'], sessionId: 1, csrfToken: 't' };
const AT = new Date('2026-03-01T10:00:00.000Z');

function fakePatterns(rows: CustomPatternRecord[] = []): CustomPatternsRepository {
  return {
    list: async () => ({ rows, count: rows.length }),
    find: async (id) => rows.find((row) => row.id === id),
    count: async () => rows.length,
    create: async (pattern) => {
      if (rows.some((row) => row.name.toLowerCase() === pattern.name.toLowerCase())) return undefined;
      const id = rows.length + 1;
      rows.push({ ...pattern, id, createdAt: AT, modifiedAt: AT, createdByEmail: viewer.email });
      return id;
    },
    update: async (id, changes) => {
      const row = rows.find((candidate) => candidate.id === id);
      if (!row) return undefined;
      if (changes.name && rows.some((other) => other.id !== id && other.name.toLowerCase() === changes.name?.toLowerCase())) return 'taken';
      const before = { ...row };
      Object.assign(row, changes);
      return before;
    },
    delete: async (id) => {
      const index = rows.findIndex((row) => row.id === id);
      return index === -1 ? undefined : rows.splice(index, 1)[0];
    },
    enabled: async (limit) => rows.filter((row) => row.enabled).slice(0, limit).map(({ id, pattern }) => ({ id, pattern })),
  };
}

const readyScan: PatternScan = { id: 40, status: 'R', filename: 'fw.bin', blobKey: 'a'.repeat(64), sha256: 'a'.repeat(64), binaryRemovedAt: null };

function setUp(options: { rows?: CustomPatternRecord[]; scan?: PatternScan; search?: QueuedSearch | null } = {}) {
  const patterns = fakePatterns(options.rows);
  const audit: AuditEvent[] = [];
  const queued: CustomPatternJobData[] = [];
  const log: [number, string][] = [];
  const scans: CustomPatternScansRepository = {
    find: async (id) => (options.scan?.id === id ? options.scan : undefined),
    searchSettings: async () => undefined,
    replaceCustomFindings: async () => false,
  };
  const service = createCustomPatternsService({
    patterns,
    scans,
    change: auditedChanges<{ patterns: CustomPatternsRepository }>((work) => work({ patterns, audit: { record: async (event) => void audit.push(event) } })),
    enqueueSearch: async (data) => {
      queued.push(data);
      return '5b1f0c5e-0000-4000-8000-000000000001';
    },
    findSearch: async () => options.search ?? null,
    scanLog: async (scanId, message) => void log.push([scanId, message]),
  });
  return { service, audit, queued, log };
}

const row = (id: number, name: string, pattern: string, enabled = true): CustomPatternRecord => ({
  id, name, pattern, description: '', enabled, createdBy: 7, createdByEmail: viewer.email, createdAt: AT, modifiedAt: AT,
});

/** The AppError's code and message a call ended with; 'resolved' when it did not fail. */
const codeOf = async (promise: Promise<unknown>): Promise<'resolved' | [string, string]> =>
  promise.then(
    () => 'resolved',
    (error: unknown) => {
      if (error instanceof AppError) return [error.code, error.message];
      throw error;
    },
  );

describe('custom patterns service', () => {
  it('saves a pattern RE2 takes, its name and description trimmed, and audits it', async () => {
    const { service, audit } = setUp();
    const created = await service.create(viewer, { name: ' Build token ', pattern: 'ACME-TOKEN-[0-9a-f]{8}', description: ' CI ' });
    expect(created).toEqual({
      id: 1, name: 'Build token', pattern: 'ACME-TOKEN-[0-9a-f]{8}', description: 'CI', enabled: true,
      created_by: { id: 7, email: viewer.email }, created: AT.toISOString(), modified: AT.toISOString(),
    });
    expect(audit).toEqual([{ actorId: 7, action: 'custom_pattern.create', object: 'custom_pattern:1', level: 2, details: { name: 'Build token', pattern: 'ACME-TOKEN-[0-9a-f]{8}', description: 'CI', enabled: true } }]);
  });

  it.each([
    ['(a)\\1', 'Invalid RE2 pattern at position 3: invalid escape sequence: \\1'],
    ['abc(?=x)', 'Invalid RE2 pattern at position 3: invalid perl operator: (?='],
    ['(abc', 'Invalid RE2 pattern at position 4: missing ): (abc'],
    ['a|', 'The pattern matches the empty string, so it would match everywhere.'],
    ['', 'The pattern is empty.'],
  ])('refuses %s with where RE2 stopped', async (pattern, message) => {
    const { service, audit } = setUp();
    expect(await codeOf(service.create(viewer, { name: 'x', pattern }))).toEqual(['custom_pattern_invalid', message]);
    expect(audit).toEqual([]);
  });

  it('refuses a blank or taken name, and a pattern past the account\'s limit', async () => {
    const { service } = setUp({ rows: [row(1, 'Serial', 'SN-[0-9]+')] });
    expect(await codeOf(service.create(viewer, { name: '  ', pattern: 'x+' }))).toEqual(['custom_pattern_name_blank', 'This field may not be blank.']);
    expect(await codeOf(service.create(viewer, { name: 'SERIAL', pattern: 'x+' }))).toEqual(['custom_pattern_name_taken', 'A custom pattern with this name already exists.']);
    const full = setUp({ rows: Array.from({ length: MAX_PATTERNS }, (_, i) => row(i + 1, `p${i}`, 'x+')) });
    expect((await codeOf(full.service.create(viewer, { name: 'one more', pattern: 'x+' })))[0]).toBe('custom_pattern_limit');
  });

  it('changes only what differs, audits each change as [before, after], and records nothing for no change', async () => {
    const { service, audit } = setUp({ rows: [row(1, 'Serial', 'SN-[0-9]+')] });
    await service.update(viewer, 1, { name: 'Serial', enabled: true });
    expect(audit).toEqual([]);
    const changed = await service.update(viewer, 1, { enabled: false, description: ' Device serials ' });
    expect([changed.enabled, changed.description]).toEqual([false, 'Device serials']);
    expect(audit).toEqual([{ actorId: 7, action: 'custom_pattern.update', object: 'custom_pattern:1', level: 2, details: { enabled: [true, false], description: ['', 'Device serials'] } }]);
    expect(await codeOf(service.update(viewer, 9, { enabled: true }))).toEqual(['not_found', 'Not found.']);
  });

  it('lists some ids, 100 at most', async () => {
    const { service } = setUp({ rows: [row(1, 'a', 'a+')] });
    expect(await codeOf(service.list({ id__in: '1,two' }, { limit: 20, offset: 0 }))).toEqual(['id_list_invalid', 'Give comma-separated ids.']);
    expect(await codeOf(service.list({ id__in: Array.from({ length: 101 }, (_, i) => i + 1).join(',') }, { limit: 20, offset: 0 }))).toEqual(['id_list_invalid', 'At most 100 ids per request.']);
    expect((await service.list({ id__in: '1' }, { limit: 20, offset: 0 })).links).toEqual({ next: null, previous: null });
  });

  it('gives new scans the enabled patterns with string ids', async () => {
    const { service } = setUp({ rows: [row(3, 'a', 'a+'), row(4, 'b', 'b+', false), row(5, 'c', 'c+')] });
    expect(await service.forScans()).toEqual([{ id: '3', pattern: 'a+' }, { id: '5', pattern: 'c+' }]);
  });

  it('queues the search of a ready scan with the enabled patterns, audited on the scan and in its log', async () => {
    const { service, audit, queued, log } = setUp({ rows: [row(3, 'a', 'a+'), row(4, 'b', 'b+', false)], scan: readyScan });
    const run = await service.apply(viewer, 40);
    expect(run).toEqual({ id: '5b1f0c5e-0000-4000-8000-000000000001', scan: 40, state: 'queued', patterns: [3], findings: null, error: null });
    expect(queued).toEqual([{ scanId: 40, requestedBy: 7, patterns: [{ id: 3, pattern: 'a+' }] }]);
    expect(audit).toEqual([{ actorId: 7, action: 'custom_pattern.apply', object: 'scan:40', level: 2, details: { patterns: [3], job: run.id } }]);
    expect(log).toEqual([[40, 'Custom pattern search queued by cp@example.com: 1 enabled pattern']]);
  });

  it.each([
    ['whose file was removed', { ...readyScan, binaryRemovedAt: AT }, 'scan_binary_removed'],
    ['that is busy', { ...readyScan, status: 'P' as const }, 'scan_not_ready'],
    ['that failed', { ...readyScan, status: 'F' as const }, 'scan_not_ready'],
    ['imported from a portable scan file', { ...readyScan, sha256: 'b'.repeat(64) }, 'custom_pattern_scan_imported'],
  ])('refuses a scan %s', async (_what, scan, code) => {
    const { service, queued } = setUp({ scan });
    expect((await codeOf(service.apply(viewer, 40)))[0]).toBe(code);
    expect(queued).toEqual([]);
  });

  const search = (state: QueuedSearch['state'], output: unknown, scanId = 40): QueuedSearch => ({
    id: 'j', state, data: { scanId, requestedBy: 7, patterns: [{ id: 3, pattern: 'a+' }] }, output,
  });

  it.each([
    ['created', null, { state: 'queued', findings: null, error: null }],
    ['active', null, { state: 'running', findings: null, error: null }],
    ['completed', { findings: 2 }, { state: 'completed', findings: 2, error: null }],
    ['failed', { name: 'CustomPatternSearchFailure', message: "The scan's file was removed." }, { state: 'failed', findings: null, error: "The scan's file was removed." }],
    // A failure the search did not explain (a lost worker) is told in general terms, never with its internals.
    ['failed', { name: 'Error', message: 'job heartbeat expired' }, { state: 'failed', findings: null, error: 'The search stopped before it finished (the worker running it ended). Apply the patterns again.' }],
  ] as const)('tells a %s search as %j', async (state, output, expected) => {
    const { service } = setUp({ search: search(state, output) });
    expect(await service.run(40, 'j')).toEqual({ id: 'j', scan: 40, patterns: [3], ...expected });
  });

  it('answers 404 for a search of another scan', async () => {
    const { service } = setUp({ search: search('completed', { findings: 1 }, 41) });
    expect(await codeOf(service.run(40, 'j'))).toEqual(['not_found', 'Not found.']);
  });
});
