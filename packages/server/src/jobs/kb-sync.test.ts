import type { ImportReport } from '@binlens/vulndb';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { loadConfig } from '../config.ts';
import { KB_SYNC_CRON, KB_SYNC_QUEUE, runKbSync, startKbSync, type SyncFunction } from './kb-sync.ts';

const report: ImportReport = {
  runId: 1, source: 'kev', origin: 'https://example.test/kev.json', status: 'complete', records: 3, imported: 2, skipped: 1, skips: [], error: null,
};

function recordingLog() {
  const lines: { level: string; message: string; fields: object }[] = [];
  const at = (level: string) => (fields: object | string, message?: string) => {
    lines.push(typeof fields === 'string' ? { level, message: fields, fields: {} } : { level, message: message ?? '', fields });
  };
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as never };
}

describe('BINLENS_KB_SYNC', () => {
  it('is off unless set to 1', () => {
    expect(loadConfig({}).kbSync).toBe(false);
    expect(loadConfig({ BINLENS_KB_SYNC: '0' }).kbSync).toBe(false);
    expect(loadConfig({ BINLENS_KB_SYNC: '1' }).kbSync).toBe(true);
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
  const never: SyncFunction = () => Promise.reject(new Error('not expected to run'));

  it('schedules the queue daily at 03:17 UTC when enabled', async () => {
    t = await startTestApp('pglite');
    await startKbSync(t.app, { enabled: true, sync: never });
    const schedules = await boss().getSchedules(KB_SYNC_QUEUE);
    expect(schedules.map((s) => [s.name, s.cron, s.timezone])).toEqual([[KB_SYNC_QUEUE, '17 3 * * *', 'UTC']]);
    expect(KB_SYNC_CRON).toBe('17 3 * * *');
    expect(boss().previewSchedule(KB_SYNC_CRON, { tz: 'UTC', from: new Date('2026-01-01T12:00:00Z') })[0]?.toISOString())
      .toBe('2026-01-02T03:17:00.000Z');
  });

  it('creates neither queue nor schedule when disabled, and removes an earlier schedule', async () => {
    t = await startTestApp('pglite');
    await startKbSync(t.app, { enabled: false });
    expect(await boss().getQueue(KB_SYNC_QUEUE)).toBeNull();
    expect(await boss().getSchedules()).toEqual([]);

    await startKbSync(t.app, { enabled: true, sync: never });
    await startKbSync(t.app, { enabled: false });
    expect(await boss().getSchedules(KB_SYNC_QUEUE)).toEqual([]);
  });
});

describe('runKbSync', () => {
  it('syncs the given database and logs each import', async () => {
    const { lines, log } = recordingLog();
    const db = {} as never;
    let seen: unknown;
    await runKbSync({ db, log, sync: async (target, options) => {
      seen = target;
      options.onReport?.(report);
      return [report];
    } });
    expect(seen).toBe(db);
    expect(lines.map((l) => [l.level, l.message])).toEqual([
      ['info', 'knowledge-base sync started'],
      ['info', 'knowledge-base import finished'],
      ['info', 'knowledge-base sync finished'],
    ]);
  });

  it('logs a failing sync instead of throwing', async () => {
    const { lines, log } = recordingLog();
    await expect(runKbSync({ db: {} as never, log, sync: () => Promise.reject(new Error('network down')) })).resolves.toBeUndefined();
    expect(lines.at(-1)).toMatchObject({ level: 'error', message: 'knowledge-base sync failed; the previous knowledge base stays in use' });
    expect((lines.at(-1)?.fields as { err: Error }).err.message).toBe('network down');
  });
});
