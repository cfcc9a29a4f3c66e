import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETECTORS } from '../infoleak/registry.ts';
import { SignatureMatcher } from '../signatures/matcher.ts';
import { allSignatures } from '../signatures/registry.ts';
import { type FileLeaks, searchFile } from './infoleak-file.ts';
import type { LeakJob } from './infoleak-worker.ts';
import { type WireFileHits, fileHits } from './signature-file.ts';
import type { SignatureJob } from './signature-worker.ts';
import { feedWorkers, runInWorkers } from './worker-pool.ts';

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
    const jobs: LeakJob[] = files.map((f, i) => ({ diskPath: f, location: [`f${i}`] }));
    const url = new URL('./infoleak-worker.ts', import.meta.url);
    const run = await runInWorkers<LeakJob, FileLeaks>(url, { customPatterns: [], decoys: true, builtIn: true }, jobs, 2, new AbortController().signal, () => false);
    const alone = await Promise.all(jobs.map((j) => searchFile(j, j.location, { detectors: DETECTORS, decoys: true, builtIn: true })));
    expect(run.failed).toBe(false);
    expect(run.results).toEqual(alone);
    expect(alone.flatMap((r) => r.findings).length).toBeGreaterThan(0);
  });

  it('signatures: same hits per file, text files left out', async () => {
    const jobs: SignatureJob[] = files.map((f) => ({ diskPath: f, sniff: true }));
    const url = new URL('./signature-worker.ts', import.meta.url);
    const run = await runInWorkers<SignatureJob, WireFileHits>(url, null, jobs, 2, new AbortController().signal, () => false);
    const matcher = new SignatureMatcher(allSignatures());
    const alone: WireFileHits[] = [];
    for (const j of jobs) {
      // One file at a time: a matcher keeps state while it reads a file.
      const hits = await fileHits(matcher, j, j.sniff);
      alone.push({ hits: hits === undefined ? null : hits.map((h) => ({ id: h.signature.id, version: h.version, offset: h.offset, text: h.text })) });
    }
    expect(run.results).toEqual(alone);
    expect(alone.map((r) => 'hits' in r && r.hits === null)).toEqual([true, false, true, false]);
    expect(alone.flatMap((r) => ('hits' in r ? (r.hits ?? []) : [])).map((h) => h.version)).toEqual(expect.arrayContaining(['1.2.13', '3.0.11']));
  });

  it('stops sending jobs when asked, leaving the rest undone', async () => {
    const jobs: LeakJob[] = files.map((f, i) => ({ diskPath: f, location: [`f${i}`] }));
    const url = new URL('./infoleak-worker.ts', import.meta.url);
    const run = await runInWorkers<LeakJob, FileLeaks>(url, { customPatterns: [], decoys: true, builtIn: true }, jobs, 1, new AbortController().signal, (next) => next >= 2);
    expect(run.results.map((r) => r !== undefined)).toEqual([true, true, false, false]);
  });

  it('rejects with the signal reason when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const url = new URL('./infoleak-worker.ts', import.meta.url);
    const jobs: LeakJob[] = [{ diskPath: files[0] ?? '', location: ['f0'] }];
    await expect(runInWorkers(url, { customPatterns: [], decoys: true, builtIn: true }, jobs, 1, controller.signal, () => false)).rejects.toThrow('stop');
  });

  it('feedWorkers: jobs added while the threads run, some once a promise resolves, answered as runInWorkers does', async () => {
    const url = new URL('./infoleak-worker.ts', import.meta.url);
    const data = { customPatterns: [], decoys: true, builtIn: true };
    const jobs: LeakJob[] = files.map((f, i) => ({ diskPath: f, location: [`f${i}`] }));
    const feed = feedWorkers<LeakJob, FileLeaks>(url, data, 2, new AbortController().signal, () => false);
    feed.add(jobs[0] as LeakJob);
    await new Promise((resolve) => setTimeout(resolve, 50));
    let ready: () => void = () => undefined;
    feed.add(new Promise<LeakJob>((resolve) => (ready = () => resolve(jobs[1] as LeakJob))));
    feed.add(jobs[2] as LeakJob);
    // Kept bytes instead of the file, for the last one.
    feed.add({ diskPath: join(dir, 'not-on-disk'), contents: await readFile(files[3] ?? ''), location: ['f3'] });
    setTimeout(ready, 20);
    const fed = await feed.end();
    const all = await runInWorkers<LeakJob, FileLeaks>(url, data, jobs, 2, new AbortController().signal, () => false);
    expect(fed).toEqual(all);
  });
});
