import { describe, expect, it } from 'vitest';
import { tar } from './tar.ts';
import { buildTar, paxRecord } from '../../../../test/builders/tar.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';

const LONG = `${'a-long-directory/'.repeat(8)}file.txt`;

/** The real file a sparse map describes: `data` cut into the segments, zeros between. */
function expand(realSize: number, map: [number, number][], data: string): string {
  const out = Buffer.alloc(realSize);
  let at = 0;
  for (const [offset, length] of map) at += Buffer.from(data).copy(out, offset, at, at + length);
  return out.toString('utf8');
}

/** An old GNU sparse member (`S`): 4 map entries in the header, 21 per extension block after it. */
function gnuSparseTar(name: string, realSize: number, map: [number, number][], data: string): Buffer {
  const tarBytes = buildTar([{ name, type: 'S', data }, { name: 'after', data: 'next' }]);
  const header = tarBytes.subarray(0, 512);
  const octal = (n: number): string => `${n.toString(8).padStart(11, '0')}\0`;
  const put = (block: Buffer, at: number, entries: [number, number][]): void =>
    entries.forEach(([offset, length], i) => block.write(octal(offset) + octal(length), at + i * 24, 'latin1'));
  put(header, 386, map.slice(0, 4));
  header.write(octal(realSize), 483, 'latin1');
  const ext: Buffer[] = [];
  for (let i = 4; i < map.length; i += 21) {
    const block = Buffer.alloc(512);
    put(block, 0, map.slice(i, i + 21));
    block[504] = i + 21 < map.length ? 1 : 0;
    ext.push(block);
  }
  header[482] = ext.length > 0 ? 1 : 0;
  header.fill(0x20, 148, 156);
  header.write(`${header.reduce((a, b) => a + b, 0).toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return Buffer.concat([header, ...ext, tarBytes.subarray(512)]);
}

/** What every limit message ends with (limits.ts). */
const RAISE = (key: string): string => `: raise with --limit ${key}=N on the command line, or the scan's limits setting`;

const MAP: [number, number][] = [[0, 4], [1000, 5], [5000, 3], [9000, 2], [20000, 6]];
const STORED = 'HEADmiddlXYZ!!tail!!';

describe('archive/tar', () => {
  it('extracts files, records links, skips directories', async () => {
    const out = await runUnpacker(tar, buildTar([
      { name: './etc/', type: '5' },
      { name: './etc/hostname', data: 'box\n' },
      { name: './etc/localtime', type: '2', linkName: '/usr/share/zoneinfo/UTC' },
      { name: './etc/hostname.bak', type: '1', linkName: './etc/hostname' },
    ]));
    expect(out).toEqual({
      identified: true,
      members: { 'etc/hostname': 'box\n', 'etc/localtime': '-> /usr/share/zoneinfo/UTC', 'etc/hostname.bak': '-> ./etc/hostname' },
      problems: [],
    });
  });

  it('applies GNU long names (L) and long link names (K)', async () => {
    const longLink = `${'target-dir/'.repeat(10)}target`;
    const out = await runUnpacker(tar, buildTar([
      { name: '././@LongLink', type: 'L', data: `${LONG}\0` },
      { name: LONG.slice(0, 100), data: 'long' },
      { name: '././@LongLink', type: 'K', data: `${longLink}\0` },
      { name: 'link', type: '2', linkName: longLink.slice(0, 100) },
    ]));
    expect(out.members).toEqual({ [LONG]: 'long', link: `-> ${longLink}` });
  });

  it('applies PAX path and linkpath records', async () => {
    const out = await runUnpacker(tar, buildTar([
      { name: 'PaxHeaders/x', type: 'x', data: paxRecord('path', LONG) },
      { name: 'truncated-name', data: 'pax' },
      { name: 'PaxHeaders/y', type: 'x', data: paxRecord('linkpath', 'über/ziel') },
      { name: 'l', type: '2', linkName: 'ueber' },
    ]));
    expect(out.members).toEqual({ [LONG]: 'pax', l: '-> über/ziel' });
  });

  it('refuses ../ paths and absolute paths, keeps the rest', async () => {
    const out = await runUnpacker(tar, buildTar([
      { name: '../evil', data: 'x' },
      { name: 'a/../../evil', data: 'x' },
      { name: '/etc/passwd', data: 'x' },
      { name: 'ok', data: 'ok' },
    ]));
    expect(out.members).toEqual({ ok: 'ok' });
    expect(out.problems.map((p) => `${p.code} ${p.location.join('')} ${p.message}`)).toEqual([
      'unsafe-path ../evil member path contains `..`; not extracted',
      'unsafe-path a/../../evil member path contains `..`; not extracted',
      'unsafe-path /etc/passwd member path is absolute; not extracted',
    ]);
  });

  it('stops at a header with a bad checksum, keeping what came before', async () => {
    const out = await runUnpacker(tar, buildTar([
      { name: 'first', data: '1' },
      { name: 'second', data: '2', badChecksum: true },
      { name: 'third', data: '3' },
    ]));
    expect(out.members).toEqual({ first: '1' });
    expect(out.error).toBe('checksum-mismatch: tar header at 1024 has a bad checksum');
  });

  it('reports a member cut short by the end of the file', async () => {
    const bytes = buildTar([{ name: 'a', data: 'a'.repeat(1000) }], { end: false });
    const out = await runUnpacker(tar, bytes.subarray(0, 512 + 600));
    expect(out.members).toEqual({ a: 'a'.repeat(600) });
    expect(out.error).toBe('truncated: member has 600 of 1000 bytes');
  });

  it('identifies only blocks with the ustar magic and a valid checksum', async () => {
    const bad = buildTar([{ name: 'x', data: 'x', badChecksum: true }]);
    expect((await runUnpacker(tar, bad)).identified).toBe(false);
    expect((await runUnpacker(tar, Buffer.alloc(1024))).identified).toBe(false);
  });

  it('a later member of the same path replaces the earlier one', async () => {
    const out = await runUnpacker(tar, buildTar([{ name: 'f', data: 'old' }, { name: './f', data: 'new' }]));
    expect(out.members).toEqual({ f: 'new' });
  });

  describe('sparse members', () => {
    const real = expand(20006, MAP, STORED);

    it('old GNU (S): map in the header and an extension block, holes as zeros', async () => {
      const out = await runUnpacker(tar, gnuSparseTar('disk.img', 20006, MAP, STORED));
      expect(out).toEqual({ identified: true, members: { 'disk.img': real, after: 'next' }, problems: [] });
      expect(real.slice(995, 1010)).toBe('\0\0\0\0\0middl\0\0\0\0\0');
    });

    it('PAX 0.0: repeated GNU.sparse.offset/numbytes records', async () => {
      const pairs = MAP.map(([o, n]) => paxRecord('GNU.sparse.offset', String(o)) + paxRecord('GNU.sparse.numbytes', String(n))).join('');
      const out = await runUnpacker(tar, buildTar([
        { name: 'PaxHeaders/disk.img', type: 'x', data: paxRecord('GNU.sparse.size', '20006') + paxRecord('GNU.sparse.numblocks', '5') + pairs },
        { name: 'disk.img', data: STORED },
      ]));
      expect(out).toEqual({ identified: true, members: { 'disk.img': real }, problems: [] });
    });

    it('PAX 0.1: GNU.sparse.map, the real name in GNU.sparse.name', async () => {
      const out = await runUnpacker(tar, buildTar([
        { name: 'PaxHeaders/x', type: 'x', data: paxRecord('GNU.sparse.size', '20006') + paxRecord('GNU.sparse.name', 'var/disk.img') + paxRecord('GNU.sparse.map', MAP.flat().join(',')) },
        { name: 'GNUSparseFile.42/disk.img', data: STORED },
      ]));
      expect(out).toEqual({ identified: true, members: { 'var/disk.img': real }, problems: [] });
    });

    it('PAX 1.0: the map at the start of the data, padded to a block', async () => {
      const map = `${[MAP.length, ...MAP.flat()].join('\n')}\n`;
      const out = await runUnpacker(tar, buildTar([
        { name: 'PaxHeaders/x', type: 'x', data: ['GNU.sparse.major=1', 'GNU.sparse.minor=0', 'GNU.sparse.name=disk.img', 'GNU.sparse.realsize=20006'].map((r) => paxRecord(r.split('=')[0] ?? '', r.split('=')[1] ?? '')).join('') },
        { name: 'GNUSparseFile.42/disk.img', data: map.padEnd(512, '\0') + STORED },
        { name: 'after', data: 'next' },
      ]));
      expect(out).toEqual({ identified: true, members: { 'disk.img': real, after: 'next' }, problems: [] });
    });

    it.each([
      ['segments out of order', [[1000, 5], [0, 4]], 20006, STORED.slice(0, 9), 'malformed sparse segment 0+4 out of order or past the real size 20006; not extracted'],
      ['a segment past the real size', [[0, 4], [20004, 5]], 20006, STORED.slice(0, 9), 'malformed sparse segment 20004+5 out of order or past the real size 20006; not extracted'],
      ['a map covering less than is stored', [[0, 4]], 20006, STORED, 'malformed sparse map covers 4 bytes, the member stores 20; not extracted'],
    ] as [string, [number, number][], number, string, string][])('refuses %s, with a located problem, and walks on', async (_what, map, realSize, data, problem) => {
      const out = await runUnpacker(tar, gnuSparseTar('disk.img', realSize, map, data));
      expect(out.members).toEqual({ after: 'next' });
      expect(out.problems.map((p) => `${p.code} ${p.location.join('/')} ${p.message}`)).toEqual([problem.replace(' ', ' disk.img ')]);
    });

    it('refuses a PAX 0.0 map whose numblocks disagrees, or that has no real size', async () => {
      const out = await runUnpacker(tar, buildTar([
        { name: 'PaxHeaders/a', type: 'x', data: paxRecord('GNU.sparse.size', '10') + paxRecord('GNU.sparse.numblocks', '2') + paxRecord('GNU.sparse.offset', '0') + paxRecord('GNU.sparse.numbytes', '2') },
        { name: 'a', data: 'xx' },
        { name: 'PaxHeaders/b', type: 'x', data: paxRecord('GNU.sparse.map', '0,2') },
        { name: 'b', data: 'xx' },
      ]));
      expect(out.members).toEqual({});
      expect(out.problems.map((p) => `${p.code} ${p.location.join('/')} ${p.message}`)).toEqual([
        'malformed a PAX sparse numblocks 2 for 1 entries; not extracted',
        'malformed b sparse member without a real size; not extracted',
      ]);
    });

    it('reports PAX sparse formats other than 0.0, 0.1 and 1.0 as unsupported', async () => {
      const out = await runUnpacker(tar, buildTar([
        { name: 'PaxHeaders/x', type: 'x', data: paxRecord('GNU.sparse.major', '2') + paxRecord('GNU.sparse.minor', '0') + paxRecord('GNU.sparse.name', 'disk.img') },
        { name: 'GNUSparseFile.1/disk.img', data: 'xx' },
        { name: 'after', data: 'next' },
      ]));
      expect(out.members).toEqual({ after: 'next' });
      expect(out.problems.map((p) => `${p.code} ${p.location.join('/')} ${p.message}`)).toEqual(['unsupported disk.img PAX sparse format 2.0; not extracted']);
    });

    it('a sparse member cut short keeps its prefix and says so', async () => {
      const bytes = gnuSparseTar('disk.img', 20006, MAP, STORED);
      const out = await runUnpacker(tar, bytes.subarray(0, 1024 + 10));
      expect(out.members).toEqual({ 'disk.img': real.slice(0, 5001) });
      expect(out.error).toBe('truncated: sparse member has 10 of 20 stored bytes');
    });

    it('holes count against the ratio and size limits', async () => {
      const big = gnuSparseTar('disk.img', 4 * 1024 * 1024, [[4 * 1024 * 1024 - 1, 1]], '!');
      const out = await runUnpacker(tar, big);
      expect(out.members).toEqual({ after: 'next' });
      expect(out.problems.map((p) => `${p.code} ${p.message}`)).toEqual([`limit-exceeded compression ratio above 250:1 (maxCompressionRatio)${RAISE('maxCompressionRatio')}`]);
      const capped = await runUnpacker(tar, gnuSparseTar('disk.img', 20006, MAP, STORED), { maxFileBytes: 10000 });
      expect(capped.problems.map((p) => `${p.code} ${p.message}`)).toEqual([`limit-exceeded file larger than 10000 bytes (maxFileBytes)${RAISE('maxFileBytes')}`]);
    });
  });
});
