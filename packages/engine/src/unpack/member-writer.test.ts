import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberWriter, SMALL_MEMBER_BYTES } from './member-writer.ts';
import { WriteBehind } from './write-behind.ts';

function chunks(total: number, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < total; at += size) out.push(Buffer.alloc(Math.min(size, total - at), at / size));
  return out;
}

describe('MemberWriter', () => {
  let dir: string;
  let next = 0;
  const fresh = (): string => join(dir, String(next++));

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'binlens-writer-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each([
    ['empty', 0],
    ['small, held in memory', 3000],
    ['exactly at the threshold', SMALL_MEMBER_BYTES],
    ['large, streamed', 5 * SMALL_MEMBER_BYTES + 17],
  ])('writes a %s member byte for byte', async (_label, total) => {
    const parts = chunks(total, 7000);
    const path = fresh();
    await pipeline(Readable.from(parts), new MemberWriter(path));
    expect(await readFile(path)).toEqual(Buffer.concat(parts));
  });

  it('never writes over an existing file, small or large', async () => {
    for (const total of [10, 3 * SMALL_MEMBER_BYTES]) {
      const path = fresh();
      await writeFile(path, 'kept');
      await expect(pipeline(Readable.from(chunks(total, 4096)), new MemberWriter(path))).rejects.toMatchObject({ code: 'EEXIST' });
      expect(await readFile(path, 'latin1')).toBe('kept');
    }
  });

  it('keeps the bytes a failing source gave: all of a small member, a prefix of a streamed one', async () => {
    for (const total of [0, 5000, 2 * SMALL_MEMBER_BYTES]) {
      const path = fresh();
      const given = chunks(total, 5000);
      const failing = Readable.from(
        (function* () {
          yield* given;
          throw new Error('source broke');
        })(),
      );
      await expect(pipeline(failing, new MemberWriter(path))).rejects.toThrow('source broke');
      const kept = await readFile(path);
      // A streamed member loses what the stream machinery still had queued, as any file stream would.
      if (total <= SMALL_MEMBER_BYTES) expect(kept.length).toBe(total);
      else expect(kept.length).toBeGreaterThan(SMALL_MEMBER_BYTES);
      expect(kept).toEqual(Buffer.concat(given).subarray(0, kept.length));
    }
  });

  it('gives the contents of a held member once written, none of a streamed one', async () => {
    const small = new MemberWriter(fresh());
    await pipeline(Readable.from(chunks(3000, 1000)), small);
    expect(small.contents).toEqual(Buffer.concat(chunks(3000, 1000)));
    const large = new MemberWriter(fresh());
    await pipeline(Readable.from(chunks(2 * SMALL_MEMBER_BYTES, 4096)), large);
    expect(large.contents).toBeUndefined();
  });

  it('hands a held member to a WriteBehind: on disk once settled; a streamed one is written as before', async () => {
    const behind = new WriteBehind();
    const [small, large] = [fresh(), fresh()];
    await pipeline(Readable.from(chunks(5000, 1000)), new MemberWriter(small, behind));
    await pipeline(Readable.from(chunks(3 * SMALL_MEMBER_BYTES, 4096)), new MemberWriter(large, behind));
    expect(await behind.settled()).toEqual([]);
    expect(await readFile(small)).toEqual(Buffer.concat(chunks(5000, 1000)));
    expect(await readFile(large)).toEqual(Buffer.concat(chunks(3 * SMALL_MEMBER_BYTES, 4096)));
  });
});
