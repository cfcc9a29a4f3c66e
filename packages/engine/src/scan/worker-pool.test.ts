import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETECTORS } from '../infoleak/registry.ts';
import { SignatureMatcher } from '../signatures/matcher.ts';
import { allSignatures } from '../signatures/registry.ts';
import { FILE_WORKER_URL, type FileJob, type FileJobResult } from './file-job.ts';
import type { FileWorkerData } from './file-worker.ts';
import { searchFile } from './infoleak-file.ts';
import { readFileLicenses } from './license-file.ts';
import { type WireFileHits, fileHits, toWire } from './signature-file.ts';
import { threadShares } from './thread-shares.ts';
import { feedWorkers, runInWorkers } from './worker-pool.ts';

const url = FILE_WORKER_URL;
const data: FileWorkerData = { customPatterns: [], decoys: true, builtIn: true, shares: threadShares() };

// The stages' worker threads must give what the stages compute on their own thread.
describe('runInWorkers', () => {
  let dir: string;
  let files: string[];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'binlens-pool-'));
    const contents = [
      'password = "hunter2hunter2"\nmail root@example.org or admin@binlens.dev\n',
      Buffer.concat([Buffer.from('\x7fELF\0\0\0'), Buffer.from('\0OpenSSL 3.0.11 19 Sep 2023\0host 10.20.30.40\0'), Buffer.alloc(64)]),
      'nothing to see here\n',
      Buffer.concat([Buffer.alloc(16), Buffer.from('zlib 1.2.13 deflate 1.2.13 Copyright 1995-2022 Jean-loup Gailly and Mark Adler\0')]),
    ];
    files = await Promise.all(contents.map(async (c, i) => {
      const path = join(dir, `f${i}`);
      await writeFile(path, c);
      return path;
    }));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('infoleak: same findings and problems per file, in job order', async () => {
    const jobs: FileJob[] = files.map((f, i) => ({ diskPath: f, location: [`f${i}`], leaks: true }));
    const run = await runInWorkers<FileJob, FileJobResult>(url, data, jobs, 2, new AbortController().signal, () => false);
    const alone = await Promise.all(jobs.map((j) => searchFile(j, j.location, { detectors: DETECTORS, decoys: true, builtIn: true })));
    expect(run.failed).toBe(false);
    expect(run.results).toEqual(alone.map((leaks) => ({ leaks })));
    expect(alone.flatMap((r) => r.findings).length).toBeGreaterThan(0);
  });

  it('signatures: same hits per file, text files left out', async () => {
    const jobs: FileJob[] = files.map((f, i) => ({ diskPath: f, location: [`f${i}`], signatures: { sniff: true } }));
    const run = await runInWorkers<FileJob, FileJobResult>(url, data, jobs, 2, new AbortController().signal, () => false);
    const matcher = new SignatureMatcher(allSignatures());
    const alone: WireFileHits[] = [];
    // One file at a time: a matcher keeps state while it reads a file.
    for (const j of jobs) alone.push(toWire(await fileHits(matcher, j, true)));
    expect(run.results).toEqual(alone.map((hits) => ({ hits })));
    expect(alone.map((r) => 'hits' in r && r.hits === null)).toEqual([true, false, true, false]);
    expect(alone.flatMap((r) => ('hits' in r ? (r.hits ?? []) : [])).map((h) => h.version)).toEqual(expect.arrayContaining(['1.2.13', '3.0.11']));
  });

  it('every part of a file from one job, kept bytes or the file, as each stage finds it alone', async () => {
    const kept = await readFile(files[3] ?? '');
    const jobs: FileJob[] = [
      ...files.map((f, i) => ({ diskPath: f, location: [`f${i}`], leaks: true, signatures: { sniff: true }, licences: true })),
      { diskPath: join(dir, 'not-on-disk'), contents: kept, location: ['f3'], leaks: true, signatures: { sniff: false }, licences: true },
    ];
    const run = await runInWorkers<FileJob, FileJobResult>(url, data, jobs, 2, new AbortController().signal, () => false);
    const matcher = new SignatureMatcher(allSignatures());
    const alone: FileJobResult[] = [];
    for (const j of jobs) {
      alone.push({
        leaks: await searchFile(j, j.location, { detectors: DETECTORS, decoys: true, builtIn: true }),
        hits: toWire(await fileHits(matcher, j, j.signatures?.sniff ?? false)),
        licences: await readFileLicenses(j, j.location, j.contents?.length ?? (await readFile(j.diskPath ?? '')).length),
      });
    }
    expect(run.results).toEqual(alone);
    expect(run.results[4]).toEqual({ ...run.results[3], leaks: { ...run.results[3]?.leaks, findings: run.results[3]?.leaks?.findings.map((f) => ({ ...f, path: ['f3'] })) } });
  });

  it('a file that cannot be read: each part asked for records the failure', async () => {
    const job: FileJob = { diskPath: join(dir, 'missing'), location: ['gone'], leaks: true, signatures: { sniff: true }, licences: true };
    const [result] = (await runInWorkers<FileJob, FileJobResult>(url, data, [job], 1, new AbortController().signal, () => false)).results;
    expect(result?.leaks?.problems.map((p) => [p.plugin, p.code])).toEqual([['engine/infoleak', 'internal-error']]);
    expect(result?.licences?.problems.map((p) => [p.plugin, p.code])).toEqual([['engine/licenses', 'internal-error']]);
    expect(result?.hits).toEqual({ error: expect.stringContaining('ENOENT') });
  });

  it('stops sending jobs when asked, leaving the rest undone', async () => {
    const jobs: FileJob[] = files.map((f, i) => ({ diskPath: f, location: [`f${i}`], leaks: true }));
    const run = await runInWorkers<FileJob, FileJobResult>(url, data, jobs, 1, new AbortController().signal, (next) => next >= 2);
    expect(run.results.map((r) => r !== undefined)).toEqual([true, true, false, false]);
  });

  it('rejects with the signal reason when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const jobs: FileJob[] = [{ diskPath: files[0] ?? '', location: ['f0'], leaks: true }];
    await expect(runInWorkers(url, data, jobs, 1, controller.signal, () => false)).rejects.toThrow('stop');
  });

  it('feedWorkers: jobs added while the threads run, some once a promise resolves, answered as runInWorkers does', async () => {
    const jobs: FileJob[] = files.map((f, i) => ({ diskPath: f, location: [`f${i}`], leaks: true }));
    const feed = feedWorkers<FileJob, FileJobResult>(url, data, 2, new AbortController().signal, () => false);
    feed.add(jobs[0] as FileJob);
    await new Promise((resolve) => setTimeout(resolve, 50));
    let ready: () => void = () => undefined;
    feed.add(new Promise<FileJob>((resolve) => (ready = () => resolve(jobs[1] as FileJob))));
    feed.add(jobs[2] as FileJob);
    // Kept bytes instead of the file, for the last one.
    feed.add({ diskPath: join(dir, 'not-on-disk'), contents: await readFile(files[3] ?? ''), location: ['f3'], leaks: true });
    setTimeout(ready, 20);
    const fed = await feed.end();
    const all = await runInWorkers<FileJob, FileJobResult>(url, data, jobs, 2, new AbortController().signal, () => false);
    expect(fed).toEqual(all);
  });
});
