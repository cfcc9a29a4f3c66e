import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.ts';
import { NO_DATA_NOTE } from './commands/scan-knowledge-base.ts';
import { scanLimits, timeLimit } from './limit-options.ts';

const FLASH = fileURLToPath(new URL('../../engine/fixtures/unpack/carve-flash/flash.bin', import.meta.url));

describe('--time-limit SECONDS', () => {
  it('becomes the engine limit in milliseconds', () => {
    expect([timeLimit(undefined), timeLimit('90'), timeLimit('0.25')]).toEqual([{}, { timeMs: 90_000 }, { timeMs: 250 }]);
    expect([timeLimit('0'), timeLimit('-3'), timeLimit('soon'), timeLimit('')]).toEqual([
      '--time-limit must be a positive number of seconds, not "0"',
      '--time-limit must be a positive number of seconds, not "-3"',
      '--time-limit must be a positive number of seconds, not "soon"',
      '--time-limit must be a positive number of seconds, not ""',
    ]);
  });

  it.each(['scan', 'unpack'])('binlens %s takes it; a bad value is a usage error', async (command) => {
    const bad = await runCli([command, FLASH, '--time-limit', 'soon']);
    expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([2, 'binlens: --time-limit must be a positive number of seconds, not "soon"']);
    const ok = await runCli([command, FLASH, '--time-limit', '600']);
    expect([ok.code, ok.stderr]).toEqual([0, command === 'scan' ? NO_DATA_NOTE : '']);
    expect(ok.stdout).toContain('0x10000.squashfs');
  });
});

describe('--limit NAME=VALUE', () => {
  it('sets any limit but the time, as a whole number', () => {
    expect(scanLimits({ limit: ['maxCompressionRatio=5000', 'maxDepth=3'], 'time-limit': '60' })).toEqual({ maxCompressionRatio: 5000, maxDepth: 3, timeMs: 60_000 });
    expect(scanLimits({})).toEqual({});
    expect(scanLimits({ limit: ['timeMs=5'] })).toBe('--limit takes one of maxDepth, maxFiles, maxTotalBytes, maxFileBytes, maxCompressionRatio, maxDecoderMemory, not "timeMs"');
    expect(scanLimits({ limit: ['maxDepth=-1'] })).toBe('--limit maxDepth must be a whole number ≥ 0, not "-1"');
    expect(scanLimits({ limit: ['maxFiles=1.5'] })).toBe('--limit maxFiles must be a whole number ≥ 0, not "1.5"');
    expect(scanLimits({ limit: ['maxFiles'] })).toBe('--limit maxFiles must be a whole number ≥ 0, not ""');
  });

  it('a nearly empty disk image past the default ratio unpacks with a higher one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-limit-'));
    try {
      // 3 MiB of zeros: ~1000:1, over the default 250:1.
      const image = join(dir, 'disk.img.gz');
      await writeFile(image, gzipSync(Buffer.alloc(3 * 1024 * 1024)));
      const refused = await runCli(['unpack', image, '--json']);
      const json = JSON.parse(refused.stdout) as { files: unknown[]; problems: { code: string }[] };
      expect([refused.code, json.files.length, json.problems.map((p) => p.code)]).toEqual([0, 0, ['limit-exceeded']]);
      const allowed = await runCli(['unpack', image, '--limit', 'maxCompressionRatio=5000']);
      expect([allowed.code, allowed.stdout]).toEqual([0, 'disk.img\t-\t3145728\tcompress/gzip\t-\t-\n']);
      const bad = await runCli(['scan', image, '--limit', 'ratio=9']);
      expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([2, 'binlens: --limit takes one of maxDepth, maxFiles, maxTotalBytes, maxFileBytes, maxCompressionRatio, maxDecoderMemory, not "ratio"']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
