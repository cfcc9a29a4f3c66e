import type { ImportReport, SyncOptions } from '@binlens/vulndb';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { loadConfig } from '../config.ts';
import type { KbSyncChange } from '../modules/knowledge-base/repository.ts';
import { KB_SYNC_CRON, KB_SYNC_QUEUE, runKbSync, startKbSync, SYNC_ORDER, type SyncFunction } from './kb-sync.ts';

const report = (source: string, status: 'complete' | 'failed' = 'complete'): ImportReport => ({
  runId: 1, source, origin: `https://example.test/${source}`, status, records: 3, imported: 2, skipped: 1, skips: [], error: status === 'failed' ? 'truncated JSON' : null,
});

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A state repository that keeps each change in order. */
function recordingState() {
  const changes: [string, KbSyncChange][] = [];
  return { changes, state: { setSync: async (source: string, change: KbSyncChange) => void changes.push([source, change]), touch: async () => undefined } };
}

describe('BINLENS_KB_SYNC', () => {
  it('is on unless set to 0', () => {
    expect(loadConfig({}).kbSync).toBe(true);
    expect(loadConfig({ BINLENS_KB_SYNC: '1' }).kbSync).toBe(true);
    expect(loadConfig({ BINLENS_KB_SYNC: '0' }).kbSync).toBe(false);
  });
});

describe('kb-sync schedule (pg-boss on PGlite)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const boss = () => {
    const b = t?.app.boss;
    if (!b) throw new Error('no queue');
    return b;
  };
  const never: SyncFunction = () => new Promise(() => undefined);
  const queued = async () => (await boss().findJobs(KB_SYNC_QUEUE)).map((job) => job.state);

  it('when enabled, schedules the queue daily at 03:17 UTC and syncs at once while the knowledge base is empty', async () => {
    t = await startTestApp('pglite');
    await startKbSync(t.app, { enabled: true, state: { ...t.composition.repositories.knowledgeBase }, sync: never });
    const schedules = await boss().getSchedules(KB_SYNC_QUEUE);
    expect(schedules.map((s) => [s.name, s.cron, s.timezone])).toEqual([[KB_SYNC_QUEUE, '17 3 * * *', 'UTC']]);
    expect(KB_SYNC_CRON).toBe('17 3 * * *');
    expect(boss().previewSchedule(KB_SYNC_CRON, { tz: 'UTC', from: new Date('2026-01-01T12:00:00Z') })[0]?.toISOString())
      .toBe('2026-01-02T03:17:00.000Z');
    expect((await queued()).length).toBe(1);
  });

  it('does not sync at start when the knowledge base holds data', async () => {
    t = await startTestApp('pglite');
    await startKbSync(t.app, { enabled: true, state: { ...t.composition.repositories.knowledgeBase, hasData: async () => true }, sync: never });
    expect(await queued()).toEqual([]);
  });

  it('when disabled, keeps the queue for "Sync now" but schedules nothing, and removes an earlier schedule', async () => {
    t = await startTestApp('pglite');
    const state = { ...t.composition.repositories.knowledgeBase, hasData: async () => true };
    await startKbSync(t.app, { enabled: true, state, sync: never });
    await startKbSync(t.app, { enabled: false, state, sync: never });
    expect((await boss().getQueue(KB_SYNC_QUEUE))?.policy).toBe('exclusive');
    expect(await boss().getSchedules(KB_SYNC_QUEUE)).toEqual([]);
    expect(await queued()).toEqual([]);
  });
});

describe('runKbSync', () => {
  it('syncs the sources in order, each on its own, and records each one complete', async () => {
    const { changes, state } = recordingState();
    const asked: (readonly string[] | undefined)[] = [];
    let changed = 0;
    await runKbSync({ db: {} as never, log: quietLog, state, sources: ['kev', 'epss'], onChanged: async () => void (changed += 1), sync: async (_db, options: SyncOptions) => {
      asked.push(options.sources);
      const source = options.sources?.[0] ?? '';
      options.onProgress?.({ source: 'kev', phase: 'download', records: 0, totalRecords: null, bytes: 10, totalBytes: 20, feedDate: '2024-10-01T08:00:00.000Z' });
      options.onReport?.(report(source));
      return [report(source)];
    } });
    expect(asked).toEqual([['kev'], ['epss']]);
    expect(changes.map(([source, change]) => [source, change.state])).toEqual([
      ['kev', 'waiting'], ['epss', 'waiting'],
      ['kev', 'running'], ['kev', 'running'], ['kev', 'complete'],
      ['epss', 'running'], ['epss', 'running'], ['epss', 'complete'],
    ]);
    expect(changes[3]?.[1].progress).toEqual({ phase: 'download', records: 0, totalRecords: null, bytes: 10, totalBytes: 20 });
    expect(changes[4]?.[1]).toMatchObject({ lastError: null, feedDate: new Date('2024-10-01T08:00:00.000Z') });
    expect(changed).toBe(1);
  });

  it('retries a failing source after the others with back-off, then records it failed with its error', async () => {
    const { changes, state } = recordingState();
    const attempts: string[] = [];
    await runKbSync({ db: {} as never, log: quietLog, state, sources: ['kev', 'nvd'], retryDelaysMs: [5, 10], sync: async (_db, options) => {
      const source = options.sources?.[0] ?? '';
      attempts.push(source);
      if (source === 'nvd') throw new Error('https://nvd.example/: HTTP 500');
      return [report(source, attempts.length === 1 ? 'failed' : 'complete')];
    } });
    expect(attempts).toEqual(['kev', 'nvd', 'kev', 'nvd', 'nvd']);
    expect(changes.filter(([, c]) => c.state !== 'running' && c.state !== 'waiting').map(([source, c]) => [source, c.state, c.lastError])).toEqual([
      ['kev', 'failed', 'https://example.test/kev: truncated JSON'],
      ['nvd', 'failed', 'https://nvd.example/: HTTP 500'],
      ['kev', 'retrying', undefined],
      ['nvd', 'retrying', undefined],
      ['kev', 'complete', null],
      ['nvd', 'failed', 'https://nvd.example/: HTTP 500'],
      ['nvd', 'retrying', undefined],
      ['nvd', 'failed', 'https://nvd.example/: HTTP 500'],
      ['nvd', 'failed', undefined],
    ]);
  });

  it('syncs the small feeds first and NVD last', () => {
    expect(SYNC_ORDER).toEqual(['kev', 'epss', 'alpine', 'debian', 'ubuntu', 'osv', 'nvd']);
  });
});
