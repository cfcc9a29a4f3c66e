// The threaded scan gives what the in-process engine gives, reports progress, honours
// abort and turns a failure inside the thread into a rejected promise.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scan, scanLeaks } from '@binlens/engine';
import type { Identification, Progress } from '@binlens/engine/model';
import { describe, expect, it } from 'vitest';
import { scanInWorker, scanLeaksInWorker } from './threaded-scan.ts';

const DEB = fileURLToPath(new URL('../../../engine/fixtures/unpack/deb-zstd/libbinlens-tools1_0.9.1-3_amd64.deb', import.meta.url));

const timeless = ({ startedAt: _s, finishedAt: _f, ...rest }: Identification) => rest;

describe('scanInWorker', () => {
  it('returns the same Identification as the in-process scan, with progress', async () => {
    const progress: Progress[] = [];
    const threaded = await scanInWorker(DEB, { name: 'upload.deb' }, (p) => progress.push(p));
    const inProcess = await scan(DEB, { name: 'upload.deb' });
    expect(timeless(threaded)).toEqual(timeless(inProcess));
    expect(threaded.input.name).toBe('upload.deb');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => typeof p.stage === 'string' && p.done <= p.total || p.total === 0)).toBe(true);
  });

  it('rejects with the engine\'s message when the input cannot be read', async () => {
    const missing = join(tmpdir(), 'binlens-no-such-file-9f3a');
    await expect(scanInWorker(missing)).rejects.toThrow(/ENOENT/);
  });

  it('rejects at once for a signal already aborted, and with the signal\'s reason when aborted during the scan', async () => {
    const early = new AbortController();
    early.abort(new Error('stop'));
    await expect(scanInWorker(DEB, { signal: early.signal })).rejects.toThrow('stop');

    const dir = await mkdtemp(join(tmpdir(), 'binlens-threaded-'));
    try {
      // Enough files that the scan is still running when the abort arrives.
      await Promise.all(Array.from({ length: 400 }, (_, i) => writeFile(join(dir, `f${i}.txt`), `file ${i} https://example.org/${i}\n`.repeat(200))));
      const controller = new AbortController();
      const running = scanInWorker(dir, { signal: controller.signal }, () => controller.abort(new Error('user abort')));
      await expect(running).rejects.toThrow('user abort');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('searches a file for custom patterns in a thread as in process, and passes the engine\'s refusal of a bad pattern on', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-threaded-leaks-'));
    try {
      const file = join(dir, 'deploy.env');
      await writeFile(file, 'TOKEN=ACME-TOKEN-7f3a9c21\n');
      const options = { customPatterns: [{ id: '3', pattern: 'ACME-TOKEN-[0-9a-f]{8}' }], name: 'deploy.env' };
      const threaded = await scanLeaksInWorker(file, options);
      expect(threaded).toEqual(await scanLeaks(file, options));
      expect(threaded.infoleaks.map((leak) => leak.value)).toEqual(['ACME-TOKEN-7f3a9c21']);
      await expect(scanLeaksInWorker(file, { customPatterns: [{ id: '4', pattern: '(a)\\1' }] })).rejects.toThrow('custom pattern 4: Invalid regular expression: /(a)\\1/u: invalid escape sequence: \\1');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
