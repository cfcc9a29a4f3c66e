// MSI through the 7-Zip compound-file and cabinet readers, names from the
// database tables (fixtures/unpack/msi-wixl, made by wixl).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { msi } from './msi.ts';
import { readStringPool } from '../../layouts/msi-database.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

/** Fuzzing runs many inputs (7-Zip ones start a WebAssembly module each): slow under a loaded test run. */
const FUZZ_TIMEOUT = 60_000;

const MSI = readFileSync(new URL('../../../../fixtures/unpack/msi-wixl/demo.msi', import.meta.url));

describe('package/msi', () => {
  it('cabinet members get their installed paths from the File, Component and Directory tables', async () => {
    expect(await runUnpacker(msi, MSI)).toEqual({
      identified: true,
      members: {
        'Binlens Demo/package.json': '{"name":"left-pad","version":"1.3.0"}\n',
        'Binlens Demo/readme-long-name.txt': 'hello from an msi\n',
      },
      problems: [],
    });
  });

  it('a compound file of another class (a Word document) is not an MSI', async () => {
    const doc = Buffer.from(MSI);
    const rootEntry = (doc.readUInt32LE(0x30) + 1) * 512;
    doc.writeUInt32LE(0x00020906, rootEntry + 0x50);
    expect((await runUnpacker(msi, doc)).identified).toBe(false);
  });

  it('a truncated package is a located problem', async () => {
    // Cut after the root directory entry (sector 13), so it is still recognised.
    const out = await runUnpacker(msi, MSI.subarray(0, 8000));
    expect(out).toMatchObject({ identified: true, members: {} });
    expect(out.error).toMatch(/^corrupt: 7-Zip cannot open it as compound/);
  });

  it('string pool: lengths, an empty slot and a string of 64 KiB or more', () => {
    const pool = Buffer.alloc(4 * 5);
    pool.writeUInt16LE(3, 4); // "abc", 1 reference
    pool.writeUInt16LE(1, 6);
    // slot 2 empty (0, 0); slot 3 long: (0, refs 1) then (low word 2, high word 1)
    pool.writeUInt16LE(1, 14);
    pool.writeUInt16LE(2, 16);
    pool.writeUInt16LE(1, 18);
    const long = 'x'.repeat(0x10002);
    expect(readStringPool(pool, Buffer.from(`abc${long}`)).strings).toEqual(['', 'abc', '', long]);
    expect(() => readStringPool(pool, Buffer.from('abc'))).toThrow(/string data ends/);
  });

  it('fuzzed packages never throw or escape', async () => {
    await fuzzUnpacker(msi, [MSI], 20, 1024);
  }, FUZZ_TIMEOUT);
});
