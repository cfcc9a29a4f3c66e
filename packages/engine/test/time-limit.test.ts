// The per-scan time limit on a real nested fixture (fixtures/unpack/squashfs-variants:
// a tar.xz of SquashFS images). Time is made to run out at a chosen point of the walk
// by a progress listener that holds the scan up, so the outcome is exact.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scan } from '../src/index.ts';
import type { Identification, Progress } from '../src/model/index.ts';

const INPUT = fileURLToPath(new URL('../fixtures/unpack/squashfs-variants/images.tar.xz', import.meta.url));

/** Blocks the event loop until `until` (epoch ms): the scan's clock runs on while it waits. */
function holdUntil(until: number): void {
  while (Date.now() < until) {
    // busy wait: the listener is synchronous
  }
}

function wellFormed(result: Identification): void {
  expect(result.input.name).toBe('images.tar.xz');
  expect(result.files[0]?.path).toEqual([]);
  for (const file of result.files) expect(file.sha256).toMatch(file.linkTarget === undefined ? /^[0-9a-f]{64}$/ : /^$/);
}

describe('per-scan time limit', () => {
  it('a limit of 0 stops before anything is taken apart, with one error and a well-formed result', async () => {
    const result = await scan(INPUT, { limits: { timeMs: 0 } });
    wellFormed(result);
    expect(result.files.map((f) => f.path)).toEqual([[]]);
    expect(result.components).toEqual([]);
    expect(result.problems.filter((p) => p.code === 'time-limit-exceeded')).toEqual([
      {
        level: 'error',
        location: [],
        plugin: 'engine/pipeline',
        code: 'time-limit-exceeded',
        message: 'scan time limit of 0 s (timeMs) reached in stage "file extractors": 1 of 1 files not examined; later stages skipped',
      },
    ]);
  });

  it('time running out mid-walk keeps what was unpacked and names what was not', async () => {
    // The first two files (the .xz, then the tar) take far less than 3 s; the hold-up
    // then outlasts the limit, whose clock started after `started`.
    const timeMs = 3000;
    const started = Date.now();
    const onProgress = (p: Progress): void => {
      if (p.stage === 'file extractors' && p.done === 2) holdUntil(started + timeMs + 200);
    };
    const result = await scan(INPUT, { limits: { timeMs } }, onProgress);
    wellFormed(result);
    // Unpacked before the limit: the tar and its six images; the images' contents were not.
    expect(result.files.map((f) => f.path.join('/'))).toEqual([
      '',
      'images.tar',
      'images.tar/gzip.squashfs',
      'images.tar/lz4.squashfs',
      'images.tar/lzma.squashfs',
      'images.tar/lzo.squashfs',
      'images.tar/xz.squashfs',
      'images.tar/zstd.squashfs',
    ]);
    expect(result.components).toEqual([]);
    expect(result.problems.filter((p) => p.level === 'error')).toEqual([
      {
        level: 'error',
        location: [],
        plugin: 'engine/pipeline',
        code: 'time-limit-exceeded',
        message: 'scan time limit of 3 s (timeMs) reached in stage "file extractors": 5 of 8 files not examined; later stages skipped',
      },
    ]);
  });
});
