import { describe, expect, it } from 'vitest';
import { estimateSeconds, ScanProgressTracker, scannerProcessOf, statusOfProcess } from './scan-progress.ts';

describe('scannerProcessOf', () => {
  it('maps every engine stage to its spec §9 scanner process', () => {
    expect(
      (['downloading file', 'file extractors', 'static analysis', 'infoleak', 'custom pattern search', 'BOM matching', 'BOM postprocessing', 'other'] as const).map(scannerProcessOf),
    ).toEqual(['downloading file', 'file extractors', 'Rapid Scan Static', 'infoleak', 'custom pattern search', 'BOM matching', 'BOM postprocessing', 'other']);
  });

  it('gives S while fetching and unpacking, P while analysing, D while finishing', () => {
    expect(
      (['downloading file', 'file extractors', 'Rapid Scan Static', 'infoleak', 'custom pattern search', 'BOM matching', 'BOM postprocessing', 'other'] as const).map(statusOfProcess),
    ).toEqual(['S', 'S', 'P', 'P', 'P', 'P', 'D', 'P']);
  });
});

describe('estimateSeconds', () => {
  const files = (done: number, total: number) => ({ files_done: done, files_total: total, bytes_done: null, bytes_total: null });

  it('answers time spent × work left ÷ work done, bytes before files', () => {
    expect(estimateSeconds({ files_done: 1, files_total: 100, bytes_done: 25, bytes_total: 100 }, 10_000)).toBe(30);
    expect(estimateSeconds(files(40, 100), 8_000)).toBe(12);
  });

  it('gives none before 2% of the work or 2 seconds, and 0 when all is done', () => {
    expect(estimateSeconds(files(1, 100), 60_000)).toBe(null);
    expect(estimateSeconds(files(50, 100), 1_999)).toBe(null);
    expect(estimateSeconds(files(0, 0), 60_000)).toBe(null);
    expect(estimateSeconds(files(7, 7), 60_000)).toBe(0);
  });
});

describe('ScanProgressTracker', () => {
  it('keeps one entry per process, closes each as the next begins, and estimates the current one', () => {
    let now = Date.parse('2026-01-01T00:00:00.000Z');
    const tracker = new ScanProgressTracker(() => now);
    expect(tracker.refresh()).toBe(null);
    tracker.update({ stage: 'file extractors', done: 0, total: 1, bytesDone: 0, bytesTotal: 1000 });
    now += 4000;
    expect(tracker.update({ stage: 'file extractors', done: 3, total: 9, bytesDone: 800, bytesTotal: 1000 })).toEqual({
      stage: 'file extractors',
      done: 3,
      total: 9,
      status: 'S',
      processes: [
        { name: 'file extractors', files_done: 3, files_total: 9, bytes_done: 800, bytes_total: 1000, started: '2026-01-01T00:00:00.000Z', finished: null },
      ],
      eta_seconds: 1,
    });
    now += 1000;
    expect(tracker.update({ stage: 'static analysis', done: 0, total: 2 })).toEqual({
      stage: 'Rapid Scan Static',
      done: 0,
      total: 2,
      status: 'P',
      processes: [
        { name: 'file extractors', files_done: 3, files_total: 9, bytes_done: 800, bytes_total: 1000, started: '2026-01-01T00:00:00.000Z', finished: '2026-01-01T00:00:05.000Z' },
        { name: 'Rapid Scan Static', files_done: 0, files_total: 2, bytes_done: null, bytes_total: null, started: '2026-01-01T00:00:05.000Z', finished: null },
      ],
      eta_seconds: null,
    });
    expect(tracker.current).toBe('Rapid Scan Static');
    // No event for 4 s after the first of 2 files: the estimate moves on from the last event.
    tracker.update({ stage: 'static analysis', done: 1, total: 2 });
    now += 4000;
    expect(tracker.refresh()).toMatchObject({ stage: 'Rapid Scan Static', done: 1, total: 2, eta_seconds: 4 });
    expect(tracker.update({ stage: 'BOM postprocessing', done: 0, total: 1 }).status).toBe('D');
  });
});
