import { describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { zip } from './zip.ts';
import { buildZip } from '../../../../test/builders/zip.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';

describe('archive/zip', () => {
  it('extracts stored and deflated entries, skipping directories', async () => {
    const bytes = buildZip([
      { name: 'dir/', data: '', method: 0 },
      { name: 'dir/stored.txt', data: 'stored bytes', method: 0 },
      { name: 'deflated.txt', data: 'deflated '.repeat(100), method: 8 },
    ]);
    const out = await runUnpacker(zip, bytes);
    expect(out).toEqual({
      identified: true,
      members: { 'dir/stored.txt': 'stored bytes', 'deflated.txt': 'deflated '.repeat(100) },
      problems: [],
    });
  });

  it('reads entries written with data descriptors from the central directory', async () => {
    const bytes = buildZip([
      { name: 'a.txt', data: 'first', descriptor: true },
      { name: 'b.txt', data: 'second', descriptor: true, method: 0 },
    ]);
    expect((await runUnpacker(zip, bytes)).members).toEqual({ 'a.txt': 'first', 'b.txt': 'second' });
  });

  it('reads zip64 sizes and offsets from the extra field', async () => {
    const bytes = buildZip([
      { name: 'one.txt', data: 'one', zip64: true },
      { name: 'two.txt', data: 'two two', zip64: true, method: 0 },
    ]);
    expect((await runUnpacker(zip, bytes)).members).toEqual({ 'one.txt': 'one', 'two.txt': 'two two' });
  });

  it('records a symlink without creating it', async () => {
    const bytes = buildZip([{ name: 'link', data: '../../etc/passwd', method: 0, unixMode: 0o120777 }]);
    expect((await runUnpacker(zip, bytes)).members).toEqual({ link: '-> ../../etc/passwd' });
  });

  it('reports a CRC mismatch and keeps the data', async () => {
    const bytes = buildZip([{ name: 'x.txt', data: 'abc', method: 0 }]);
    bytes[30 + 'x.txt'.length] = 'z'.charCodeAt(0); // corrupt the stored data, not the CRC
    const out = await runUnpacker(zip, bytes);
    expect(out.members).toEqual({ 'x.txt': 'zbc' });
    expect(out.problems).toEqual([
      { level: 'warning', location: ['x.txt'], plugin: 'archive/zip', code: 'checksum-mismatch', message: 'CRC-32 of the extracted data does not match' },
    ]);
  });

  it('keeps the members before the cut of a truncated zip (local-header walk)', async () => {
    const full = buildZip([
      { name: 'a.txt', data: 'aaaa', method: 0 },
      { name: 'b.txt', data: 'b'.repeat(200), method: 0 },
    ]);
    const out = await runUnpacker(zip, full.subarray(0, 30 + 5 + 4 + 30 + 5 + 50));
    expect(out.members).toEqual({ 'a.txt': 'aaaa', 'b.txt': 'b'.repeat(50) });
    expect(out.problems).toEqual([
      { level: 'error', location: ['b.txt'], plugin: 'archive/zip', code: 'truncated', message: 'entry has 50 of 200 bytes' },
    ]);
    expect(out.error).toBe('truncated: no end of central directory record: file cut short');
  });

  it('refuses `..` and absolute member names', async () => {
    const out = await runUnpacker(zip, buildZip([
      { name: '../evil', data: 'x' },
      { name: '/abs', data: 'y' },
      { name: '..\\win-evil', data: 'w' },
      { name: 'good', data: 'z' },
    ]));
    expect(out.members).toEqual({ good: 'z' });
    expect(out.problems.map((p) => [p.code, p.location])).toEqual([
      ['unsafe-path', ['../evil']],
      ['unsafe-path', ['/abs']],
      ['unsafe-path', ['..\\win-evil']],
    ]);
  });

  it('stops a member above the compression ratio limit and goes on with the next', async () => {
    const out = await runUnpacker(zip, buildZip([
      { name: 'bomb.bin', data: Buffer.alloc(4 * 1024 * 1024) },
      { name: 'after.txt', data: 'still here' },
    ]), { maxCompressionRatio: 100 });
    expect(out.members).toEqual({ 'after.txt': 'still here' });
    expect(out.problems).toEqual([
      { level: 'warning', location: ['bomb.bin'], plugin: 'archive/zip', code: 'limit-exceeded', message: "compression ratio above 100:1 (maxCompressionRatio): raise with --limit maxCompressionRatio=N on the command line, or the scan's limits setting" },
    ]);
  });

  it('reports corrupt deflate data as a located problem', async () => {
    const bytes = buildZip([{ name: 'bad.bin', data: 'hello hello hello' }]);
    const good = deflateRawSync(Buffer.from('hello hello hello'));
    bytes.fill(0xff, 30 + 7, 30 + 7 + good.length);
    const out = await runUnpacker(zip, bytes);
    expect(out.problems.map((p) => [p.level, p.code, p.location])).toEqual([['error', 'corrupt', ['bad.bin']]]);
  });

  it('refuses entries whose data overlaps the previous entry (non-recursive zip bomb)', async () => {
    const bytes = buildZip([{ name: 'a.bin', data: 'payload payload payload' }]);
    // Append a second central entry pointing at the same local header.
    const cdStart = bytes.readUInt32LE(bytes.length - 6);
    const cd = bytes.subarray(cdStart, bytes.length - 22);
    const twin = Buffer.from(cd);
    twin.write('b', 46, 'latin1');
    const eocd = Buffer.from(bytes.subarray(bytes.length - 22));
    eocd.writeUInt16LE(2, 8);
    eocd.writeUInt16LE(2, 10);
    eocd.writeUInt32LE(cd.length * 2, 12);
    const out = await runUnpacker(zip, Buffer.concat([bytes.subarray(0, bytes.length - 22), twin, eocd]));
    expect(out.members).toEqual({ 'a.bin': 'payload payload payload' });
    expect(out.problems).toEqual([
      { level: 'error', location: ['b.bin'], plugin: 'archive/zip', code: 'overlapping-entries', message: 'entry data overlaps a.bin; not extracted' },
    ]);
  });

  it('reads every entry the central directory holds when the end record counts fewer, with a warning', async () => {
    const bytes = buildZip([
      { name: 'a.txt', data: 'first', method: 0 },
      { name: 'b.txt', data: 'second', method: 8 },
    ]);
    const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    bytes.writeUInt16LE(0, eocd + 8);
    bytes.writeUInt16LE(0, eocd + 10);
    const out = await runUnpacker(zip, bytes);
    expect([out.members, out.problems.map((p) => [p.level, p.code, p.message])]).toEqual([
      { 'a.txt': 'first', 'b.txt': 'second' },
      [['warning', 'malformed', 'the end record counts 0 entries, the central directory holds more; all are read']],
    ]);
  });

  it('does not identify other bytes', async () => {
    expect((await runUnpacker(zip, Buffer.from('PK\x07\x08 not a zip at all, no sir'))).identified).toBe(false);
  });
});
