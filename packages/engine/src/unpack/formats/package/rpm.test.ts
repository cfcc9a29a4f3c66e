// RPM: the real rpmbuild package of the rpm-xz fixture, and synthetic packages
// (lead + signature + main header with only PAYLOADCOMPRESSOR) for the other compressors.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rpm } from './rpm.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

const REAL = readFileSync(new URL('../../../../fixtures/unpack/rpm-xz/binlens-hello-1.2.3-4.noarch.rpm', import.meta.url));

/** A header structure (magic, reserved, count, size, index, store) holding string tags. */
function header(tags: Record<number, string>): Buffer {
  const entries = Object.entries(tags);
  const index = Buffer.alloc(entries.length * 16);
  let store = Buffer.alloc(0);
  entries.forEach(([tag, value], i) => {
    index.writeUInt32BE(Number(tag), i * 16);
    index.writeUInt32BE(6, i * 16 + 4);
    index.writeUInt32BE(store.length, i * 16 + 8);
    index.writeUInt32BE(1, i * 16 + 12);
    store = Buffer.concat([store, Buffer.from(`${value}\0`)]);
  });
  const intro = Buffer.from([0x8e, 0xad, 0xe8, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  intro.writeUInt32BE(entries.length, 8);
  intro.writeUInt32BE(store.length, 12);
  return Buffer.concat([intro, index, store]);
}

function synthetic(compressor: string | undefined, payload: Buffer): Buffer {
  const lead = Buffer.alloc(96);
  lead.writeUInt32BE(0xedabeedb, 0);
  lead[4] = 3;
  const sig = header({ 1000: 'sig' });
  const pad = Buffer.alloc((8 - (sig.length % 8)) % 8);
  return Buffer.concat([lead, sig, pad, header(compressor ? { 1125: compressor } : {}), payload]);
}

describe('package/rpm', () => {
  it('a real rpmbuild package gives its xz payload', async () => {
    const out = await runUnpacker(rpm, REAL);
    expect(Object.keys(out.members)).toEqual(['payload.cpio.xz']);
    expect(out.members['payload.cpio.xz']?.startsWith('\xfd7zXZ'.replace('\xfd', '\ufffd'))).toBe(true);
    expect(out.problems).toEqual([]);
  });

  it.each([
    ['zstd', 'payload.cpio.zst'],
    ['bzip2', 'payload.cpio.bz2'],
    ['gzip', 'payload.cpio.gz'],
    [undefined, 'payload.cpio.gz'],
  ])('payload compressor %s names the payload %s', async (compressor, name) => {
    expect(await runUnpacker(rpm, synthetic(compressor, Buffer.from('PAYLOAD')))).toEqual({ identified: true, members: { [name]: 'PAYLOAD' }, problems: [] });
  });

  it('an unknown compressor is reported and the payload kept', async () => {
    const out = await runUnpacker(rpm, synthetic('lz77', Buffer.from('P')));
    expect(out.members).toEqual({ 'payload.cpio': 'P' });
    expect(out.problems.map((p) => p.code)).toEqual(['unsupported']);
  });

  it('a lying header size is malformed, a cut header truncated', async () => {
    const lying = synthetic('xz', Buffer.from('P'));
    lying.writeUInt32BE(0x7fffffff, 96 + 8);
    expect((await runUnpacker(rpm, lying)).error).toMatch(/^malformed: /);
    expect((await runUnpacker(rpm, REAL.subarray(0, 200))).error).toMatch(/^truncated: /);
  });

  it('fuzzed input never throws or escapes', async () => {
    await fuzzUnpacker(rpm, [REAL.subarray(0, 2048), synthetic('zstd', Buffer.from('x'))], 100, 4);
  });
});
