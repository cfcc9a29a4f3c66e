import { describe, expect, it } from 'vitest';
import type { TriageRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { NO_ADJUSTMENTS } from '../adjustments/apply.ts';
import type { Reach, StaleScans } from '../adjustments/stale-scans.ts';
import { auditedChanges } from '../audit/audited.ts';
import type { AuditEvent } from '../audit/repository.ts';
import type { Viewer } from '../users/viewer.ts';
import type { NewTriage, TriagesRepository } from './repository.ts';
import type { TriageCreate } from './schemas.ts';
import { createTriagesService, type TriageTarget } from './service.ts';

const viewer: Viewer = { userId: 3, email: 'a@example.com', roles: ['AU'], permissions: ['add_vulnerabilityinvalidation'], sessionId: 1, csrfToken: 't' };
const AT = new Date('2026-12-01T10:00:00.000Z');

function fakeTriages(rows: TriageRow[] = []) {
  let next = rows.length + 1;
  const repository: TriagesRepository = {
    list: async () => ({ rows, count: rows.length }),
    findVisible: async (_viewer, ids) => rows.filter((r) => ids.includes(r.id)),
    visibleGroup: async (_viewer, id) => id === 4,
    visibleScan: async (_viewer, id) => (id === 7 ? { id, filename: 'router.bin', groupId: 4, status: 'R' } : undefined),
    createMany: async (made: readonly NewTriage[]) => made.map((row) => {
      const stored = { ...row, id: next++, createdAt: AT, modifiedAt: AT } as TriageRow;
      rows.push(stored);
      return stored;
    }),
    update: async (id, patch) => {
      const found = rows.find((r) => r.id === id);
      if (found) Object.assign(found, patch);
      return found;
    },
    remove: async (ids) => {
      for (const id of ids) rows.splice(rows.findIndex((r) => r.id === id), 1);
    },
  };
  return { repository, rows };
}

const TARGETS: TriageTarget[] = [{ name: 'openssl', version: '3.0.11', purl: 'pkg:generic/openssl@3.0.11', vulnIds: new Set(['CVE-2023-5678']) }];

function serviceOver(repository: TriagesRepository, settings = { triageEnabled: true, triageDescriptionMandatory: false }) {
  const audit: AuditEvent[] = [];
  const marked: Reach[][] = [];
  const stale: StaleScans = { mark: async (reaches) => void marked.push([...reaches]) };
  let reevaluations = 0;
  const service = createTriagesService({
    triages: repository,
    change: auditedChanges<{ triages: TriagesRepository; stale: StaleScans }>((work) => work({ triages: repository, stale, audit: { record: async (e) => void audit.push(e) } })),
    settings: async () => settings,
    targets: async (scanId) => (scanId === 7 ? TARGETS : null),
    adjustments: async () => NO_ADJUSTMENTS,
    requestReevaluation: async () => void (reevaluations += 1),
  });
  return { service, audit, marked, reevaluations: () => reevaluations };
}

const body = (fields: Partial<TriageCreate> = {}): TriageCreate => ({
  component_name: 'openssl', component_version: '3.0.11', vuln_id: 'CVE-2023-5678', rationale: 'FD', scope: 'G', group_scope: 4, scan_id: 7, description: ' No DH. ', ...fields,
});

describe('triages service', () => {
  it('makes a group triage, marks the group\'s scans stale, audits and asks for a re-evaluation', async () => {
    const { repository, rows } = fakeTriages();
    const { service, audit, marked, reevaluations } = serviceOver(repository);
    const [made] = await service.create(viewer, [body()]);
    expect(made).toMatchObject({ id: 1, scope: 'G', group_scope: 4, result_scope: null, scan_id: 7, description: 'No DH.', rationale: 'FD', user: 3 });
    expect(rows[0]).toMatchObject({ applicationName: null, fileHash: null, adjustedSeverity: null });
    expect(marked).toEqual([[{ kind: 'group', groupId: 4 }]]);
    expect(audit.map((e) => [e.action, e.level])).toEqual([['triage.create', 2]]);
    expect(reevaluations()).toBe(1);
  });

  it('stores the application name of an FN triage and the lower-case hash of an FH one, apart from their result', async () => {
    const { repository, rows } = fakeTriages();
    const { service, marked } = serviceOver(repository);
    await service.create(viewer, [body({ scope: 'FN', result_scope: 7, scan_id: null }), body({ scope: 'FH', result_scope: 7, triaged_obj: 'AB'.repeat(20) })]);
    expect(rows.map((r) => [r.scope, r.resultScope, r.scanId, r.applicationName, r.fileHash])).toEqual([
      ['FN', null, 7, 'router.bin', null],
      ['FH', null, 7, null, 'ab'.repeat(20)],
    ]);
    expect(marked).toEqual([[{ kind: 'application-name', applicationName: 'router.bin' }, { kind: 'all' }]]);
  });

  it('stores nothing of a batch with one bad triage, naming it', async () => {
    const { repository, rows } = fakeTriages();
    const { service } = serviceOver(repository);
    const refused = service.create(viewer, [body(), body({ group_scope: 9 })]);
    await expect(refused).rejects.toThrow(new AppError('triage_group_not_found', 'Triage 2: Invalid pk - object does not exist.'));
    expect(rows).toEqual([]);
  });

  it('changes only the fields sent, and writes nothing when nothing changed', async () => {
    const { repository } = fakeTriages();
    const { service, audit } = serviceOver(repository);
    const [made] = await service.create(viewer, [body()]);
    const id = made?.id ?? 0;
    expect(await service.update(viewer, id, { description: 'No DH.' })).toMatchObject({ description: 'No DH.' });
    expect(audit.map((e) => e.action)).toEqual(['triage.create']);
    expect(await service.update(viewer, id, { version_range: '>=3.0.0 <3.0.13' })).toMatchObject({ component_version: null, version_range: '>=3.0.0 <3.0.13', rationale: 'FD' });
    expect(audit.map((e) => e.action)).toEqual(['triage.create', 'triage.update']);
  });

  it('refuses every change while triage is turned off', async () => {
    const { repository } = fakeTriages();
    const { service } = serviceOver(repository, { triageEnabled: false, triageDescriptionMandatory: false });
    await expect(service.create(viewer, [body()])).rejects.toThrow(new AppError('triage_disabled'));
    await expect(service.remove(viewer, [1])).rejects.toThrow(new AppError('triage_disabled'));
  });

  it('removes all of a list or, with one id unknown, none', async () => {
    const { repository, rows } = fakeTriages();
    const { service } = serviceOver(repository);
    await service.create(viewer, [body(), body({ rationale: 'CO' })]);
    await expect(service.remove(viewer, [1, 2, 99])).rejects.toThrow(new AppError('not_found'));
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
    await service.remove(viewer, [1, 2]);
    expect(rows).toEqual([]);
  });
});
