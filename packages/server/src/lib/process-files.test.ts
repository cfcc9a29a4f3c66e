import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive, removeDeadProcessEntries } from './process-files.ts';

describe('removeDeadProcessEntries', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("removes dead processes' and our own pid's entries, keeps live ones and foreign names", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'binlens-owned-'));
    // A process that has run and exited: its pid is free (or reused, then it is kept, which is safe).
    const dead = spawnSync(process.execPath, ['-e', '0']).pid ?? 0;
    expect(isProcessAlive(dead)).toBe(false);
    const live = process.ppid;
    await mkdir(path.join(dir, `${dead}-scan`));
    await writeFile(path.join(dir, `${dead}-abc`), 'partial');
    await mkdir(path.join(dir, `${process.pid}-earlier`));
    await mkdir(path.join(dir, `${live}-running`));
    await writeFile(path.join(dir, 'notes.txt'), '');
    expect((await removeDeadProcessEntries(dir)).sort()).toEqual([`${dead}-abc`, `${dead}-scan`, `${process.pid}-earlier`].sort());
    expect((await readdir(dir)).sort()).toEqual([`${live}-running`, 'notes.txt'].sort());
  });

  it('answers nothing for a directory that does not exist', async () => {
    expect(await removeDeadProcessEntries(path.join(os.tmpdir(), 'binlens-no-such-dir-4711'))).toEqual([]);
  });
});
