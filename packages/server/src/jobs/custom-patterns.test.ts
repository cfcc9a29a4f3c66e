import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePortableScan } from '@binlens/engine';
import type { InfoleakFinding } from '@binlens/engine/model';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { LeakScanner } from '../engine/engine.ts';
import type { CustomPatternJobData } from '../lib/custom-pattern-queue.ts';
import type { CustomPatternScansRepository, PatternScan } from '../modules/custom-patterns/scan-repository.ts';
import { type CustomPatternJobDeps, runCustomPatternJob } from './custom-patterns.ts';

const FINDING: InfoleakFinding = { kind: 'custom', detector: 'custom/3', path: ['etc/deploy.env'], line: 2, value: 'ACME-TOKEN-7f3a9c21', masked: 'ACME***********9c21', context: 'TOKEN=ACME-TOKEN-7f3a9c21' };
const DATA: CustomPatternJobData = { scanId: 40, requestedBy: 7, patterns: [{ id: 3, pattern: 'ACME-TOKEN-[0-9a-f]{8}' }] };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'binlens-pattern-job-'));
  await writeFile(join(dir, 'plain'), 'TOKEN=ACME-TOKEN-7f3a9c21\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function setUp(options: { scan?: PatternScan | undefined; file?: string; scanLeaks?: LeakScanner; stored?: boolean } = {}) {
  const scan = 'scan' in options ? options.scan : { id: 40, status: 'R' as const, filename: 'fw.bin', blobKey: 'k', sha256: 'k', binaryRemovedAt: null };
  const replaced: [number, InfoleakFinding[], string[]][] = [];
  const lines: string[] = [];
  const warned: { errorId?: string }[] = [];
  const released: string[] = [];
  const scans: CustomPatternScansRepository = {
    find: async () => scan,
    searchSettings: async () => ({ limits: { maxDepth: 4 }, inputName: 'fw.bin' }),
    replaceCustomFindings: async (id, findings, ids) => {
      replaced.push([id, [...findings], [...ids]]);
      return options.stored ?? true;
    },
  };
  const blobs = { localPath: async () => join(dir, options.file ?? 'plain'), releaseLocalPath: async (key: string) => void released.push(key) } as unknown as BlobStore;
  const seen: Parameters<LeakScanner>[1][] = [];
  const scanLeaks: LeakScanner = options.scanLeaks ?? (async (_path, leakOptions) => {
    seen.push(leakOptions);
    return { infoleaks: [FINDING], problems: [], customPatterns: ['3'] };
  });
  const log = { info: () => undefined, warn: (fields: { errorId?: string }) => void warned.push(fields) } as unknown as FastifyBaseLogger;
  const deps: CustomPatternJobDeps = { scans, scanLog: { append: async (_id, level, message) => void lines.push(`${level}: ${message.replace(/worker \S+$/, 'worker W')}`) }, blobs, scanLeaks, log };
  return { deps, replaced, lines, warned, released, seen };
}

const failure = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: Error) => [error.name, error.message]);

describe('runCustomPatternJob', () => {
  it('searches the stored file with the scan\'s limits and input name, stores the findings and logs the search', async () => {
    const { deps, replaced, lines, released, seen } = setUp();
    expect(await runCustomPatternJob(deps, DATA, new AbortController().signal)).toEqual({ findings: 1 });
    expect(seen.map(({ signal: _signal, ...rest }) => rest)).toEqual([{ customPatterns: [{ id: '3', pattern: 'ACME-TOKEN-[0-9a-f]{8}' }], name: 'fw.bin', limits: { maxDepth: 4 } }]);
    expect(replaced).toEqual([[40, [FINDING], ['3']]]);
    expect(lines).toEqual(['info: Scanner process: custom pattern search on worker W', 'info: Custom pattern search finished: 1 finding of 1 pattern']);
    expect(released).toEqual(['k']);
  });

  it.each([
    ['a removed scan', { scan: undefined }, 'The scan was removed.'],
    ['a scan whose file was removed', { scan: { id: 40, status: 'R' as const, filename: 'fw.bin', blobKey: 'k', sha256: 'k', binaryRemovedAt: new Date() } }, "The scan's file was removed."],
    ['a scan rescanned meanwhile', { stored: false }, 'The scan is no longer ready: it is being scanned again, or failed.'],
  ])('fails with a reason to show for %s', async (_what, options, message) => {
    const { deps } = setUp(options);
    expect(await failure(runCustomPatternJob(deps, DATA, new AbortController().signal))).toEqual(['CustomPatternSearchFailure', message]);
  });

  it('never searches a portable scan file, whose bytes are not the file the scan analysed', async () => {
    const identification = { schemaVersion: 1, input: { name: 'fw.bin', size: 1, sha1: '', sha256: '' }, files: [], components: [], problems: [], startedAt: '', finishedAt: '' };
    const chunks: Buffer[] = [];
    for await (const chunk of writePortableScan(JSON.stringify(identification), new Date('2026-01-01T00:00:00Z'))) chunks.push(chunk as Buffer);
    await writeFile(join(dir, 'imported.bdba'), Buffer.concat(chunks));
    const { deps, seen, lines } = setUp({ file: 'imported.bdba' });
    const message = 'The scan was imported from a portable scan file: the file it analysed is not stored.';
    expect(await failure(runCustomPatternJob(deps, DATA, new AbortController().signal))).toEqual(['CustomPatternSearchFailure', message]);
    expect([seen.length, lines.at(-1)]).toEqual([0, `error: Custom pattern search failed: ${message}`]);
  });

  it('tells an unexpected failure by an error id only, its details in the server log', async () => {
    const { deps, lines, warned } = setUp({ scanLeaks: () => Promise.reject(new Error('relation "scan_items" does not exist')) });
    const [name, message] = (await failure(runCustomPatternJob(deps, DATA, new AbortController().signal))) as [string, string];
    const errorId = warned[0]?.errorId;
    expect([name, message]).toEqual(['CustomPatternSearchFailure', `The search failed. Error ID: ${errorId}`]);
    expect(lines.at(-1)).toBe(`error: Custom pattern search failed. Error ID: ${errorId}`);
  });
});
