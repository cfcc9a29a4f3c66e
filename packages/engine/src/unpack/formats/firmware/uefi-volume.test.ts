// UEFI firmware volumes (fixtures/unpack/uefi-volume: a volume written in the real
// format at 0x1000 of a small flash image, checked by 7-Zip's UEFI reader).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { uefiVolume } from './uefi-volume.ts';
import { guidText, parseSections } from '../../layouts/uefi-sections.ts';
import { findChunks } from '../../../carve/carve.ts';
import type { Problem } from '../../../model/index.ts';
import { DEFAULT_LIMITS, LimitTracker } from '../../limits.ts';
import { ExtractSink, WorkDir } from '../../safe-fs.ts';
import { FormatError, HEAD_BYTES } from '../../types.ts';
import { openReader } from '../../../util/reader.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

const FLASH = readFileSync(new URL('../../../../fixtures/unpack/uefi-volume/flash.bin', import.meta.url));
const VOLUME = FLASH.subarray(0x1000, 0x5000);
/** sha256 of efitools' SetNull.efi, the PE32 section of two files. */
const SET_NULL = '734af287b10d8e392e50a897ac0a553de0eeea503e48aefe549b120967d1f0bc';
const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

/** Member → [size, sha256], problems and the error, from bytes. */
async function unpack(bytes: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'binlens-fv-'));
  try {
    await writeFile(join(dir, 'in'), bytes);
    const reader = await openReader(join(dir, 'in'));
    const problems: Problem[] = [];
    const sink = new ExtractSink(new WorkDir(dir), new LimitTracker(DEFAULT_LIMITS), [], uefiVolume.name, (p) => void problems.push(p));
    const chunk = await uefiVolume.identify(await reader.read(0, HEAD_BYTES), reader);
    if (!chunk) throw new Error('not identified');
    let error: string | undefined;
    try {
      await uefiVolume.extract({ reader, chunk, location: [], fileName: 'in', sink, signal: new AbortController().signal, report: (p) => void problems.push({ ...p, plugin: uefiVolume.name }) });
    } catch (err) {
      if (!(err instanceof FormatError)) throw err;
      error = `${err.code}: ${err.message}`;
    }
    await reader.close();
    const members: Record<string, [number, string]> = {};
    for (const e of sink.entries()) members[e.name] = [e.size, sha256(await readFile(e.diskPath ?? ''))];
    return { members, problems: problems.map((p) => `${p.code}: ${p.message}`), error };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('firmware/uefi-volume', () => {
  it('files named by UI section or GUID; PE32, LZMA-compressed RAW, raw file, nested volume; pad file skipped', async () => {
    const out = await unpack(VOLUME);
    expect(out.members).toEqual({
      'SetNull.efi': [3825, SET_NULL],
      'Settings.raw': [16, sha256('vendor settings\n')],
      '33333333-3333-3333-3333-333333333333.raw': [64, sha256(Buffer.from(Array.from({ length: 64 }, (_, i) => i)))],
      '44444444-4444-4444-4444-444444444444.fv': [8192, expect.any(String)],
    });
    expect(out.problems).toEqual([]);
    expect(out.error).toBeUndefined();
  });

  it('the nested volume unpacks in its own round', async () => {
    // The nested volume sits inside a compression section inside the FV_IMAGE file: find its header.
    const at = VOLUME.indexOf('_FVH', 0x100) - 40;
    const nested = await unpack(VOLUME.subarray(at, at + 8192));
    expect(nested.members).toEqual({ '55555555-5555-5555-5555-555555555555.efi': [3825, SET_NULL] });
  });

  it('carving finds the volume in the flash image with its length from the header', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-fv-'));
    try {
      await writeFile(join(dir, 'flash.bin'), FLASH);
      const reader = await openReader(join(dir, 'flash.bin'));
      const chunks = await findChunks(reader, [uefiVolume], 0, new AbortController().signal);
      await reader.close();
      expect(chunks.map((c) => [c.unpacker.name, c.start, c.end])).toEqual([['firmware/uefi-volume', 0x1000, 0x5000]]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a volume of another file system (an NV variable store) keeps its body whole', async () => {
    const nv = Buffer.from(VOLUME);
    Buffer.from('8d2bf1ff96768b4ca9852747075b4f50', 'hex').copy(nv, 16);
    nv.writeUInt16LE(0, 50);
    let sum = 0;
    for (let i = 0; i < 72; i += 2) sum = (sum + nv.readUInt16LE(i)) & 0xffff;
    nv.writeUInt16LE((0x10000 - sum) & 0xffff, 50);
    const out = await unpack(nv);
    expect(out.members).toEqual({ 'fff12b8d-7696-4c8b-a985-2747075b4f50.bin': [0x4000 - 72, sha256(nv.subarray(72))] });
    expect(out.problems).toEqual(['unsupported: volume file system fff12b8d-7696-4c8b-a985-2747075b4f50 holds no FFS files; body kept as fff12b8d-7696-4c8b-a985-2747075b4f50.bin']);
  });

  it('a header whose words do not sum to zero is not a volume', async () => {
    const bad = Buffer.from(VOLUME);
    bad[50] = (bad[50] ?? 0) ^ 1;
    expect((await runUnpacker(uefiVolume, bad)).identified).toBe(false);
  });

  it('a truncated volume keeps the files before the cut and reports where it ends', async () => {
    const out = await unpack(VOLUME.subarray(0, 0x1000 + 1000));
    expect(Object.keys(out.members)).toEqual(['SetNull.efi', 'Settings.raw', '33333333-3333-3333-3333-333333333333.raw']);
    expect(out.problems).toEqual(['truncated: volume of 16384 bytes, only 5096 present']);
    expect(out.error).toMatch(/^truncated: FFS file 44444444-4444-4444-4444-444444444444 at \d+ claims \d+ bytes/);
  });

  it('sections: a cut LZMA stream and an unknown processing-required GUID are problems, not crashes', () => {
    const guid = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
    const guided = Buffer.alloc(4 + 20 + 3);
    guided.writeUIntLE(guided.length, 0, 3);
    guided[3] = 0x02;
    guid.copy(guided, 4);
    guided.writeUInt16LE(24, 20);
    guided.writeUInt16LE(1, 22);
    const parsed = parseSections(guided);
    expect(parsed.problems).toEqual([{ code: 'unsupported', message: `GUID-defined section ${guidText(guid)} (Tiano, Brotli or vendor) not decoded` }]);
    expect(parsed.outputs.map((o) => o.extension)).toEqual([`guided-${guidText(guid)}`]);
    expect(guidText(guid)).toBe('33221100-5544-7766-8899-aabbccddeeff');
  });

  it('fuzzed volumes never throw or escape', async () => {
    await fuzzUnpacker(uefiVolume, [VOLUME], 150, 72);
  }, 60_000);
});
