// ARJ from arj itself (fixtures/unpack/arj/make.sh): method 1 and stored members.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { arj } from './arj.ts';

const ARCHIVE = readFileSync(fileURLToPath(new URL('../../../../fixtures/unpack/arj/archive.arj', import.meta.url)));

describe('archive/arj', () => {
  it('arj archive: the compressed and the stored member, in their directories', async () => {
    const out = await runUnpacker(arj, ARCHIVE);
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i + 1} of a compressible ARJ member\n`).join('');
    expect(out).toEqual({ identified: true, members: { 'docs/notes.txt': lines, 'stored.txt': 'stored as is\n' }, problems: [] });
  });

  it('identify walks to the end marker: trailing bytes are not claimed', async () => {
    const withTail = Buffer.concat([ARCHIVE, Buffer.from('trailing bytes')]);
    const head = withTail.subarray(0, 512);
    const reader = { size: withTail.length, read: async (offset: number, length: number) => withTail.subarray(offset, offset + length) };
    expect(await arj.identify(head, reader as never)).toEqual({ start: 0, end: ARCHIVE.length });
  });

  it('a basic header with a bad CRC, or a main header of another type, is no ARJ', async () => {
    const badCrc = Buffer.from(ARCHIVE);
    badCrc[10] = (badCrc[10] ?? 0) ^ 0xff;
    expect((await runUnpacker(arj, badCrc)).identified).toBe(false);
    expect((await runUnpacker(arj, Buffer.from([0x60, 0xea, 0, 0]))).identified).toBe(false);
  });
});
