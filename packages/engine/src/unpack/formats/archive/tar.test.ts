import { describe, expect, it } from 'vitest';
import { tar } from './tar.ts';
import { buildTar, paxRecord } from '../../../../test/builders/tar.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';

const LONG = `${'a-long-directory/'.repeat(8)}file.txt`;

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
});
