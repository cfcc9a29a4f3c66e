import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.ts';
import { timeLimit } from './time-limit.ts';

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
    expect([ok.code, ok.stderr]).toEqual([0, '']);
    expect(ok.stdout).toContain('0x10000.squashfs');
  });
});
