import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/binlens.js', import.meta.url));

describe('bin/binlens.js', () => {
  it('runs through its own first line (node with its flags, glibc with its malloc settings)', async () => {
    const first = (await readFile(BIN, 'utf8')).split('\n')[0];
    expect(first).toBe(
      '#!/usr/bin/env -S GLIBC_TUNABLES=glibc.malloc.trim_threshold=67108864:glibc.malloc.top_pad=16777216:glibc.malloc.mmap_threshold=4194304 node --max-semi-space-size=8',
    );
    // The command found first on PATH is this test's Node (24), as `binlens` on a user's PATH would be.
    const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` };
    const child = spawn(BIN, ['scan', '--help'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(0);
    expect(stdout.startsWith('Usage: binlens scan PATH')).toBe(true);
  });

  it('stops quietly with status 0 when its reader closes the pipe early (binlens scan x | head)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-bin-'));
    try {
      // Some 3,000 leak findings: a native JSON of megabytes, far more than a pipe holds.
      const lines = Array.from({ length: 3000 }, (_, i) => `maintainer ${i}: Jane Roe <jane.roe${i}@corp-mail.net>`);
      await writeFile(join(dir, 'AUTHORS'), `${lines.join('\n')}\n`);
      const child = spawn(process.execPath, [BIN, 'scan', dir], { env: { ...process.env, BINLENS_DATA_DIR: join(dir, 'no-data') }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const first = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))));
      child.stdout.destroy();
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      expect(first.startsWith('{\n  "schema_version": 1,')).toBe(true);
      expect(code).toBe(0);
      expect(stderr).not.toContain('EPIPE');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
