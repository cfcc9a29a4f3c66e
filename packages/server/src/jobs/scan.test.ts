import type { Identification } from '@binlens/engine/model';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { ScanProgress, ScanStatus } from '../db/schema/index.ts';
import type { ScanJobRepository } from '../modules/scans/job-repository.ts';
import { markDeadScan, runScanJob, type ScanJobDeps } from './scan.ts';

class FakeScans implements ScanJobRepository {
  status: ScanStatus = 'B';
  error: string | null = null;
  identification: Identification | null = null;
  progress: ScanProgress[] = [];
  async load(id: number) {
    return { id, filename: 'fw.bin', blobKey: 'k', status: this.status };
  }
  async markStarted() {
    this.status = 'S';
  }
  async setProgress(_id: number, progress: ScanProgress) {
    this.progress.push(progress);
    if (progress.status) this.status = progress.status;
  }
  async markReady(_id: number, identification: Identification) {
    this.status = 'R';
    this.identification = identification;
  }
  async markFailedIfBusy(_id: number, error: string) {
    if (this.status === 'R' || this.status === 'F') return;
    this.status = 'F';
    this.error = error;
  }
  async staleScanIds() {
    return [];
  }
  async knowledgeBaseChangedAt() {
    return null;
  }
  async loadIdentification() {
    return this.identification ?? undefined;
  }
  async staleMarks() {
    return 0;
  }
  async setVulnerabilityCounts() {
    return true;
  }
}

/** The scan log's lines as "level: message". */
class FakeScanLog {
  lines: string[] = [];
  async append(_scanId: number, level: string, message: string) {
    this.lines.push(`${level}: ${message}`);
  }
}

const released: string[] = [];
const blobs: BlobStore = {
  put: () => Promise.reject(new Error('unused')),
  get: () => Promise.reject(new Error('unused')),
  stat: () => Promise.reject(new Error('unused')),
  localPath: async (key) => `/blobs/${key}`,
  releaseLocalPath: async (key) => void released.push(key),
  delete: async () => undefined,
  removePartialUploads: async () => [],
};
const silent = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger; // only info and warn are called

/** A logger keeping what warn() was given. */
function recordingLog() {
  const warned: { fields: { errorId?: string; err?: unknown; phase?: string }; message: string }[] = [];
  const log = { info: () => undefined, warn: (fields: (typeof warned)[number]['fields'], message: string) => void warned.push({ fields, message }) } as unknown as FastifyBaseLogger;
  return { log, warned };
}

const identification = (name: string): Identification => ({
  schemaVersion: 1,
  input: { name, size: 0, sha1: '', sha256: '' },
  files: [],
  components: [],
  problems: [],
  startedAt: '2024-01-01T00:00:00.000Z',
  finishedAt: '2024-01-01T00:00:01.000Z',
});

const START = Date.parse('2026-01-01T00:00:00.000Z');

function deps(scans: FakeScans, scan: ScanJobDeps['engine']['scan'], scanLog = new FakeScanLog()): ScanJobDeps {
  return { scans, scanLog, blobs, engine: { scan }, log: silent, progressIntervalMs: 0, workerName: 'host-a:42', now: () => START };
}

describe('runScanJob', () => {
  it('scans with the server\'s extraction limits', async () => {
    const scans = new FakeScans();
    let limits: unknown;
    const scan: ScanJobDeps['engine']['scan'] = async (_path, options) => {
      limits = options.limits;
      return identification('fw.bin');
    };
    await runScanJob({ ...deps(scans, scan), limits: { maxCompressionRatio: 5000 } }, 7, new AbortController().signal);
    expect([scans.status, limits]).toEqual(['R', { maxCompressionRatio: 5000 }]);
  });

  it('searches for the account\'s enabled custom patterns, read as the scan starts, and fails with a short reason when they cannot be read', async () => {
    const scans = new FakeScans();
    const scanLog = new FakeScanLog();
    let infoleak: unknown;
    const scan: ScanJobDeps['engine']['scan'] = async (_path, options) => {
      infoleak = options.infoleak;
      return identification('fw.bin');
    };
    const customPatterns = async () => [{ id: '3', pattern: 'ACME-[0-9]+' }, { id: '5', pattern: 'tok_[a-z]+' }];
    await runScanJob({ ...deps(scans, scan, scanLog), customPatterns }, 7, new AbortController().signal);
    expect([scans.status, infoleak]).toEqual(['R', { customPatterns: await customPatterns() }]);
    expect(scanLog.lines).toContain('info: Custom patterns searched for: 3, 5');

    const failing = new FakeScans();
    const { log, warned } = recordingLog();
    await runScanJob({ ...deps(failing, scan), log, customPatterns: () => Promise.reject(new Error('select "pattern" from "custom_patterns": connection lost')) }, 8, new AbortController().signal);
    expect([failing.status, failing.error]).toEqual(['F', `The scan failed: the custom patterns could not be read. Error ID: ${warned[0]?.fields.errorId}`]);
  });

  it('stores the identification under the uploaded name, writes progress per scanner process and logs each', async () => {
    const scans = new FakeScans();
    const scanLog = new FakeScanLog();
    let seen: { path: string; name: string | undefined } | undefined;
    const statuses: ScanStatus[] = [];
    await runScanJob(
      deps(
        scans,
        async (path, options, onProgress) => {
          seen = { path, name: options.name };
          statuses.push(scans.status);
          onProgress?.({ stage: 'file extractors', done: 1, total: 2, bytesDone: 10, bytesTotal: 20, message: 'x' });
          await new Promise((done) => setTimeout(done, 5));
          statuses.push(scans.status);
          onProgress?.({ stage: 'static analysis', done: 0, total: 1 });
          await new Promise((done) => setTimeout(done, 5));
          statuses.push(scans.status);
          return identification(options.name ?? '');
        },
        scanLog,
      ),
      7,
      new AbortController().signal,
    );
    expect(seen).toEqual({ path: '/blobs/k', name: 'fw.bin' });
    expect([...statuses, scans.status]).toEqual(['S', 'S', 'P', 'R']);
    expect(scans.identification?.input.name).toBe('fw.bin');
    const at = '2026-01-01T00:00:00.000Z';
    const extractors = { name: 'file extractors', files_done: 1, files_total: 2, bytes_done: 10, bytes_total: 20, started: at, finished: null };
    expect(scans.progress).toEqual([
      { stage: 'file extractors', done: 1, total: 2, status: 'S', processes: [extractors], eta_seconds: null },
      {
        stage: 'Rapid Scan Static',
        done: 0,
        total: 1,
        status: 'P',
        processes: [{ ...extractors, finished: at }, { name: 'Rapid Scan Static', files_done: 0, files_total: 1, bytes_done: null, bytes_total: null, started: at, finished: null }],
        eta_seconds: null,
      },
    ]);
    expect(scanLog.lines).toEqual([
      'info: Started on worker host-a:42',
      'info: Scanner process: file extractors',
      'info: Scanner process: Rapid Scan Static',
      'info: Finished: ready; 0 components in 0 files',
    ]);
    expect(released.at(-1)).toBe('k');
  });

  it('says in the scan log which attempt a retry is', async () => {
    const scans = new FakeScans();
    scans.status = 'P';
    const scanLog = new FakeScanLog();
    await runScanJob(deps(scans, async () => identification('fw.bin'), scanLog), 7, new AbortController().signal, { number: 2, of: 3 });
    expect(scanLog.lines).toEqual([
      'warning: Started again on worker host-a:42 (attempt 2 of 3): the previous attempt stopped',
      'info: Finished: ready; 0 components in 0 files',
    ]);
  });

  it("marks the scan failed with the engine's reason and an error id the log carries too", async () => {
    const scans = new FakeScans();
    const { log, warned } = recordingLog();
    await runScanJob({ ...deps(scans, () => Promise.reject(new Error('disk full'))), log }, 7, new AbortController().signal);
    const errorId = warned[0]?.fields.errorId ?? '';
    expect(errorId).toMatch(/^[0-9a-f]{12}$/);
    expect([scans.status, scans.error]).toEqual(['F', `The scan failed: disk full. Error ID: ${errorId}`]);
    expect([warned[0]?.message, warned[0]?.fields.phase]).toEqual(['scan failed', 'scan']);
  });

  it('keeps the SQL and parameters of a failed store out of the scan, in the log under the error id', async () => {
    const scans = new FakeScans();
    const sqlError = new Error(`Failed query: update "scans" set "identification" = $1 where "scans"."id" = $2\nparams: {"files":"${'x'.repeat(5000)}"},7`);
    scans.markReady = () => Promise.reject(sqlError);
    const { log, warned } = recordingLog();
    await runScanJob({ ...deps(scans, async () => identification('fw.bin')), log }, 7, new AbortController().signal);
    const errorId = warned[0]?.fields.errorId ?? '';
    expect(errorId).toMatch(/^[0-9a-f]{12}$/);
    expect([scans.status, scans.error]).toEqual(['F', `The scan failed: its result could not be stored. Error ID: ${errorId}`]);
    expect([warned[0]?.fields.err, warned[0]?.fields.phase]).toEqual([sqlError, 'store']);
  });

  it('cuts a long engine reason to its first line and 200 characters', async () => {
    const scans = new FakeScans();
    const { log, warned } = recordingLog();
    await runScanJob({ ...deps(scans, () => Promise.reject(new Error(`${'y'.repeat(300)}\nat somewhere`))), log }, 7, new AbortController().signal);
    expect(scans.error).toBe(`The scan failed: ${'y'.repeat(200)}…. Error ID: ${warned[0]?.fields.errorId ?? ''}`);
  });

  it('passes the work directory to the engine', async () => {
    const scans = new FakeScans();
    let tempDir: string | undefined;
    await runScanJob({ ...deps(scans, async (_path, options) => ((tempDir = options.tempDir), identification(''))), tempDir: '/data/work/42-x' }, 7, new AbortController().signal);
    expect(tempDir).toBe('/data/work/42-x');
  });

  it('rethrows when aborted so the queue retries, leaving the scan busy', async () => {
    const scans = new FakeScans();
    const controller = new AbortController();
    const run = runScanJob(
      deps(scans, async (_path, options) => {
        controller.abort(new Error('aborted'));
        options.signal?.throwIfAborted();
        return identification('');
      }),
      7,
      controller.signal,
    );
    await expect(run).rejects.toThrow('aborted');
    expect(scans.status).toBe('S');
  });

  it('skips a scan that is no longer busy', async () => {
    const scans = new FakeScans();
    scans.status = 'R';
    let called = false;
    await runScanJob(deps(scans, async () => ((called = true), identification(''))), 7, new AbortController().signal);
    expect(called).toBe(false);
  });

  it('dead letter marks a busy scan failed with the attempts it took, and leaves a finished one alone', async () => {
    const busy = new FakeScans();
    busy.status = 'P';
    const scanLog = new FakeScanLog();
    await markDeadScan({ scans: busy, scanLog, log: silent }, 1);
    expect([busy.status, busy.error]).toEqual(['F', 'The scan stopped 3 times (worker lost); giving up. Upload the file again or rescan to retry.']);
    expect(scanLog.lines).toEqual(['error: The scan stopped 3 times (worker lost); giving up. Upload the file again or rescan to retry.']);
    const done = new FakeScans();
    done.status = 'R';
    const untouched = new FakeScanLog();
    await markDeadScan({ scans: done, scanLog: untouched, log: silent }, 1);
    expect([done.status, untouched.lines]).toEqual(['R', []]);
  });
});
