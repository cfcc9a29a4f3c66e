import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WriteBehind } from './write-behind.ts';

describe('WriteBehind', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'binlens-behind-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes every queued file, never more than its bounds at once', async () => {
    const behind = new WriteBehind(2, 10);
    const sub = join(dir, 'many');
    await rm(sub, { recursive: true, force: true });
    await mkdir(sub);
    for (let i = 0; i < 20; i++) await behind.write(join(sub, String(i)), Buffer.from(`file ${i}`));
    expect(await behind.settled()).toEqual([]);
    const names = (await readdir(sub)).sort((a, b) => Number(a) - Number(b));
    expect(names).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    expect(await readFile(join(sub, '17'), 'utf8')).toBe('file 17');
  });

  it('takes a file larger than its byte bound when nothing else is queued', async () => {
    const behind = new WriteBehind(4, 4);
    await behind.write(join(dir, 'big'), Buffer.alloc(100, 1));
    expect(await behind.settled()).toEqual([]);
    expect((await readFile(join(dir, 'big'))).length).toBe(100);
  });

  it('never writes over an existing file; the failure is answered once by settled', async () => {
    const behind = new WriteBehind();
    const path = join(dir, 'taken');
    await writeFile(path, 'kept');
    await behind.write(path, Buffer.from('new'));
    await behind.done(path);
    const failures = await behind.settled();
    expect(failures.map((f) => [f.path, (f.error as NodeJS.ErrnoException).code])).toEqual([[path, 'EEXIST']]);
    expect(await readFile(path, 'utf8')).toBe('kept');
    expect(await behind.settled()).toEqual([]);
  });

  it('deferred: holds writes until asked for, let go or settled; a forgone write never happens', async () => {
    const sub = join(dir, 'deferred');
    await mkdir(sub);
    const behind = new WriteBehind(4, 1024, { defer: true });
    const at = (name: string) => join(sub, name);
    for (const name of ['asked', 'released', 'forgone', 'settled']) await behind.write(at(name), Buffer.from(name));
    expect(await readdir(sub)).toEqual([]);
    await behind.done(at('asked'));
    expect(await readFile(at('asked'), 'utf8')).toBe('asked');
    expect(behind.forgo(at('forgone'))).toBe(true);
    expect(behind.forgo(at('asked'))).toBe(false);
    behind.release(at('released'));
    await behind.done(at('released'));
    expect(await readFile(at('released'), 'utf8')).toBe('released');
    expect(await behind.settled()).toEqual([]);
    expect((await readdir(sub)).sort()).toEqual(['asked', 'released', 'settled']);
  });

  it('deferred: past its byte bound, the oldest held writes start', async () => {
    const sub = join(dir, 'bounded');
    await mkdir(sub);
    const behind = new WriteBehind(4, 10, { defer: true });
    for (let i = 0; i < 4; i++) await behind.write(join(sub, String(i)), Buffer.alloc(4, i));
    // 16 bytes held against a bound of 10: the first two went to disk.
    await Promise.all(['0', '1'].map((name) => behind.done(join(sub, name))));
    expect(behind.forgo(join(sub, '0'))).toBe(false);
    expect(behind.forgo(join(sub, '3'))).toBe(true);
    expect(await behind.settled()).toEqual([]);
    expect((await readdir(sub)).sort()).toEqual(['0', '1', '2']);
  });
});
