import { describe, expect, it } from 'vitest';
import type { KbSyncRow } from '../../db/schema/index.ts';
import { INTERRUPTED, knowledgeBaseStatus, knowledgeBaseSummary } from './status.ts';

const now = new Date('2026-01-02T10:00:00.000Z');
const row = (fields: Partial<KbSyncRow> & Pick<KbSyncRow, 'source' | 'state'>): KbSyncRow => ({
  progress: null, attempt: 1, lastError: null, nextAttemptAt: null, startedAt: null, finishedAt: null, lastSuccessAt: null, feedDate: null,
  updatedAt: new Date('2026-01-02T09:59:30.000Z'), ...fields,
});
const status = (rows: KbSyncRow[], data: Parameters<typeof knowledgeBaseStatus>[0]['data'] = []) =>
  knowledgeBaseStatus({ rows, data, automaticSync: true, now });

describe('knowledgeBaseStatus', () => {
  it('gives the percentage of a download whose size is known, and of NVD records', () => {
    const body = status([
      row({ source: 'kev', state: 'running', progress: { phase: 'download', records: 0, totalRecords: null, bytes: 512, totalBytes: 2048 } }),
      row({ source: 'nvd', state: 'running', progress: { phase: 'import', records: 2000, totalRecords: 3000, bytes: 0, totalBytes: null } }),
      row({ source: 'osv', state: 'running', progress: { phase: 'import', records: 7, totalRecords: null, bytes: 10, totalBytes: null } }),
    ]);
    expect(body.state).toBe('importing');
    expect(body.sources.filter((s) => s.progress).map((s) => [s.name, s.state, s.progress?.percent, s.progress?.records])).toEqual([
      ['kev', 'importing', 25, 0], ['nvd', 'importing', 66, 2000], ['osv', 'importing', null, 7],
    ]);
  });

  it('reports a busy row untouched for 10 minutes as interrupted, and the base failed when it holds nothing', () => {
    const body = status([row({ source: 'kev', state: 'running', updatedAt: new Date('2026-01-02T09:50:00.000Z') })]);
    expect(body.state).toBe('failed');
    expect(body.sources.find((s) => s.name === 'kev')).toMatchObject({ state: 'failed', last_error: INTERRUPTED, progress: null });
  });

  it('stays ready with older data while one source fails, and says when the next attempt is', () => {
    const body = status(
      [row({ source: 'nvd', state: 'retrying', lastError: 'https://nvd.example/: HTTP 503', nextAttemptAt: new Date('2026-01-02T10:05:00.000Z') }),
        row({ source: 'kev', state: 'failed', lastError: 'x: HTTP 500' })],
      [{ source: 'kev', rows: 3, lastImport: { origin: 'https://x/kev.json', finishedAt: '2026-01-01T03:20:00.000Z', records: 3, imported: 3, skipped: 0 } }],
    );
    expect(body.state).toBe('importing');
    expect(body.updated).toBe('2026-01-01T03:20:00.000Z');
    expect(body.sources.filter((s) => s.name === 'nvd' || s.name === 'kev').map((s) => [s.name, s.state, s.records, s.last_error, s.next_attempt])).toEqual([
      ['kev', 'failed', 3, 'x: HTTP 500', null],
      ['nvd', 'retrying', 0, 'https://nvd.example/: HTTP 503', '2026-01-02T10:05:00.000Z'],
    ]);
  });
});

describe('knowledgeBaseSummary', () => {
  it.each([
    [[], false, 'empty'],
    [[row({ source: 'kev', state: 'failed' })], false, 'failed'],
    [[row({ source: 'kev', state: 'failed' })], true, 'ready'],
    [[row({ source: 'bundle', state: 'running' })], true, 'importing'],
  ] as const)('%#: rows and data give %s', (rows, hasData, state) => {
    const updated = new Date('2026-01-01T03:20:00.000Z');
    expect(knowledgeBaseSummary({ rows: [...rows], hasData, updated, now })).toEqual({ state, updated: hasData ? '2026-01-01T03:20:00.000Z' : null });
  });
});
