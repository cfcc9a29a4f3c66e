import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { report, runTogether } from './run-together.ts';

const script = path.join(import.meta.dirname, 'run-together.ts');

describe('runTogether', () => {
  it('runs the commands at the same time and keeps each one\'s output and status apart', async () => {
    // Each waits for the file the other writes: they can only both end when they run together.
    const dir = await mkdtemp(path.join(tmpdir(), 'run-together-'));
    const waitFor = (file: string) => `for i in $(seq 100); do [ -e ${file} ] && break; sleep 0.1; done; [ -e ${file} ]`;
    const first = `touch a; ${waitFor('b')} && echo first && echo first again >&2`;
    const second = `touch b; ${waitFor('a')} && echo second && exit 3`;
    try {
      const outcomes = await runTogether([first, second], dir);
      expect(outcomes.map(({ command, status, output }) => ({ command, status, output }))).toEqual([
        { command: first, status: 0, output: 'first\nfirst again\n' },
        { command: second, status: 3, output: 'second\n' },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('report', () => {
  it('heads the output with the command, its verdict and its time', () => {
    expect(report({ command: 'npm run lint', status: 0, output: 'clean', seconds: 12.34 })).toBe('\n== npm run lint: passed in 12.3 s\nclean\n');
    expect(report({ command: 'npm run typecheck', status: 2, output: 'error TS2322\n', seconds: 1 })).toBe('\n== npm run typecheck: failed (exit 2) in 1.0 s\nerror TS2322\n');
  });
});

describe('the command line', () => {
  it('fails when any command fails, after every command ran', () => {
    const result = spawnSync(process.execPath, [script, 'exit 1', 'echo ran'], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('== echo ran: passed in ');
    expect(result.stdout).toContain('== exit 1: failed (exit 1) in ');
    expect(result.stderr).toBe('\nexit 1 failed\n');
  });

  it('passes when every command passes', () => {
    const result = spawnSync(process.execPath, [script, 'true', 'true'], { encoding: 'utf8' });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
  });
});
