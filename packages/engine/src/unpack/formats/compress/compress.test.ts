// gzip, xz and zstd share one shape: one stream in, one file out.
import { describe, expect, it } from 'vitest';
import { gzipSync, zstdCompressSync } from 'node:zlib';
import { gzip } from './gzip.ts';
import { xz } from './xz.ts';
import { zstd } from './zstd.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

const TEXT = 'The quick brown fox jumps over the lazy dog.\n'.repeat(200);
// xz has no encoder in Node: this is `printf 'hello xz\n' | xz -6 | base64 -w0`.
const HELLO_XZ = Buffer.from('/Td6WFoAAATm1rRGAgAhARYAAAB0L+WjAQAIaGVsbG8geHoKAAAAAMFJOvpjUhRaAAEhCWwYxdUftvN9AQAAAAAEWVo=', 'base64');

describe('compressors', () => {
  it('gzip: names the output from the header FNAME, else from the file name', async () => {
    const plain = gzipSync(TEXT);
    expect(await runUnpacker(gzip, plain, {}, 'vendor.tgz')).toEqual({ identified: true, members: { 'vendor.tar': TEXT }, problems: [] });
    expect((await runUnpacker(gzip, plain, {}, 'notes.txt.gz')).members).toEqual({ 'notes.txt': TEXT });
    expect((await runUnpacker(gzip, plain, {}, 'blob')).members).toEqual({ 'blob.out': TEXT });
    const named = Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0x08, 0, 0, 0, 0, 0, 3]), Buffer.from('../../orig.txt\0'), plain.subarray(10)]);
    expect((await runUnpacker(gzip, named, {}, 'x.gz')).members).toEqual({ 'orig.txt': TEXT });
  });

  it('gzip: a truncated stream keeps its decoded prefix and says truncated', async () => {
    const out = await runUnpacker(gzip, gzipSync(TEXT).subarray(0, 60), {}, 'a.gz');
    expect(Object.keys(out.members)).toEqual(['a']);
    expect(out.error).toMatch(/^truncated: unexpected end of file after \d+ bytes$/);
  });

  it('gzip: the ratio limit holds for a small stream decoded in one call and for one past its 4 MiB output', async () => {
    // 3 MiB of zeros: within the one-call output, refused by the ratio check of the member.
    const small = await runUnpacker(gzip, gzipSync(Buffer.alloc(3 * 1024 * 1024)), { maxCompressionRatio: 50 }, 'z.gz');
    expect(small.members).toEqual({});
    expect(small.problems.map((p) => [p.code, p.message])).toEqual([['limit-exceeded', "compression ratio above 50:1 (maxCompressionRatio): raise with --limit maxCompressionRatio=N on the command line, or the scan's limits setting"]]);
    // 40 MiB of zeros in 40 KB: past the one-call output, so the stream cuts it.
    const large = await runUnpacker(gzip, gzipSync(Buffer.alloc(40 * 1024 * 1024)), {}, 'bomb.gz');
    expect(large.members).toEqual({});
    expect(large.problems.map((p) => [p.code, p.message])).toEqual([['limit-exceeded', "compression ratio above 250:1 (maxCompressionRatio): raise with --limit maxCompressionRatio=N on the command line, or the scan's limits setting"]]);
    // A file limit under the one-call output applies to the one call too.
    const capped = await runUnpacker(gzip, gzipSync(TEXT.repeat(100)), { maxFileBytes: 100 }, 'capped.gz');
    expect(capped.members).toEqual({});
    expect(capped.problems.map((p) => p.code)).toEqual(['limit-exceeded']);
  });

  it('xz: decodes with the WebAssembly decoder', async () => {
    expect(await runUnpacker(xz, HELLO_XZ, {}, 'hello.txt.xz')).toEqual({ identified: true, members: { 'hello.txt': 'hello xz\n' }, problems: [] });
  });

  it('xz: SHA-256 checked streams (RPM payloads) go through our own LZMA2 decoder', async () => {
    // `printf 'hello sha256 xz\n' x8 | xz -C sha256 | base64 -w0`
    const sha = Buffer.from('/Td6WFoAAArh+wyhAgAhARYAAAB0L+Wj4AB/ABddADQZSe6N6RZwnNxK9BhGYxegwhqTvYAAAABLbvA+RCJqQtxZpmeuAmJTrWXYrZBpuJc18Qpr+2UWnAABS4ABAAAAhfmQr7bp3xwCAAAAAApZWg==', 'base64');
    expect(await runUnpacker(xz, sha, {}, 'payload.cpio.xz')).toEqual({ identified: true, members: { 'payload.cpio': 'hello sha256 xz\n'.repeat(8) }, problems: [] });
    expect((await runUnpacker(xz, sha.subarray(0, 40), {}, 'cut.xz')).error).toMatch(/^truncated: /);
  });

  it('xz: fuzzed SHA-256 streams never throw or escape', async () => {
    await fuzzUnpacker(xz, [Buffer.from('/Td6WFoAAArh+wyhAgAhARYAAAB0L+Wj4AB/ABddADQZSe6N6RZwnNxK9BhGYxegwhqTvYAAAABLbvA+RCJqQtxZpmeuAmJTrWXYrZBpuJc18Qpr+2UWnAABS4ABAAAAhfmQr7bp3xwCAAAAAApZWg==', 'base64')], 100, 12);
  });

  it('xz: a truncated stream is reported as truncated', async () => {
    const out = await runUnpacker(xz, HELLO_XZ.subarray(0, HELLO_XZ.length - 12), {}, 'h.xz');
    expect(out.error).toMatch(/^truncated: /);
  });

  it('zstd: decodes with node:zlib and honours the ratio limit', async () => {
    expect((await runUnpacker(zstd, zstdCompressSync(TEXT), {}, 'data.tar.zst')).members).toEqual({ 'data.tar': TEXT });
    const bomb = await runUnpacker(zstd, zstdCompressSync(Buffer.alloc(3 * 1024 * 1024)), { maxCompressionRatio: 50 }, 'z.zst');
    expect(bomb.members).toEqual({});
    expect(bomb.problems.map((p) => p.code)).toEqual(['limit-exceeded']);
  });

  it('identify by magic only', async () => {
    expect((await runUnpacker(gzip, Buffer.from('plain text, not gzip at all'))).identified).toBe(false);
    expect((await runUnpacker(xz, gzipSync(TEXT))).identified).toBe(false);
    expect((await runUnpacker(zstd, gzipSync(TEXT))).identified).toBe(false);
  });
});
