import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Component } from '../model/index.ts';
import { scan } from '../pipeline.ts';
import { buildTar } from '../../test/builders/tar.ts';
import { makeComponent, mergeComponents } from './component.ts';
import { type FileOwners, addOwnedFiles, attributeFinding, ownerKey, sameSoftware } from './ownership.ts';

function pkg(name: string, purl: string): Component {
  return makeComponent({ name, version: '1', codetype: 'DP', vendor: 'debian', purl, evidence: [] });
}

const zlib1g = pkg('zlib1g', 'pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1?arch=amd64&upstream=zlib');
const finding = makeComponent({
  name: 'zlib',
  version: '1.2.13',
  codetype: 'NA',
  vendor: 'zlib',
  purl: 'pkg:generic/zlib@1.2.13',
  evidence: [{ method: 'signature', foundBy: 'signatures/zlib', path: ['usr/lib/libz.so.1'], offset: 9, text: 'deflate 1.2.13' }],
});

describe('ownership by file overlap', () => {
  it.each([
    ['zlib', zlib1g, true],
    ['curl', pkg('libcurl4', 'pkg:deb/debian/libcurl4@7.88.1-10?upstream=curl'), true],
    ['pcre', pkg('libpcre3', 'pkg:deb/debian/libpcre3@2:8.39-15?upstream=pcre3'), true],
    ['wpa_supplicant', pkg('wpasupplicant', 'pkg:deb/debian/wpasupplicant@2:2.10-12?upstream=wpa'), true],
    ['busybox', pkg('busybox', 'pkg:apk/alpine/busybox@1.36.1-r15'), true],
    ['sqlite', pkg('libcurl4', 'pkg:deb/debian/libcurl4@7.88.1-10?upstream=curl'), false],
    ['openssl', pkg('libssl3', 'pkg:deb/debian/libssl3@3.0.11-1?upstream=openssl'), true],
    ['zlib', pkg('libzstd1', 'pkg:deb/debian/libzstd1@1.5.4?upstream=libzstd'), false],
    ['bzip2', pkg('libbz2-1.0', 'pkg:deb/debian/libbz2-1.0@1.0.8-5+b1?upstream=bzip2%401.0.8-5'), true],
    ['qt', pkg('libqt5core5a', 'pkg:deb/debian/libqt5core5a@5.15.8+dfsg-11?upstream=qtbase-opensource-src'), true],
    ['xz', pkg('xz-utils', 'pkg:deb/debian/xz-utils@5.4.1-1+deb12u2?arch=amd64&distro=debian-12'), true],
    ['xz', pkg('liblzma5', 'pkg:deb/debian/liblzma5@5.4.1-1+deb12u2?arch=amd64&distro=debian-12&upstream=xz-utils'), true],
    ['liblzma', pkg('xz-utils', 'pkg:deb/debian/xz-utils@5.4.1-1+deb12u2?arch=amd64&distro=debian-12'), true],
    ['liblzma', pkg('liblzma5', 'pkg:deb/debian/liblzma5@5.4.1-1+deb12u2?arch=amd64&distro=debian-12&upstream=xz-utils'), true],
    ['liblzma', pkg('xz-libs', 'pkg:apk/alpine/xz-libs@5.4.5-r0?arch=x86_64&distro=alpine-3.19.1&upstream=xz'), true],
    ['liblzma', pkg('xz-libs', 'pkg:rpm/fedora/xz-libs@5.4.4-1.fc39?arch=x86_64&distro=fedora-39&upstream=xz-5.4.4-1.fc39.src.rpm'), true],
    ['openssl', pkg('openssl-libs', 'pkg:rpm/centos/openssl-libs@1.0.2k-26.el7_9?arch=noarch&distro=centos-7&epoch=1&upstream=openssl-1.0.2k-26.el7_9.src.rpm'), true],
    ['liblzma', pkg('zstd', 'pkg:deb/debian/zstd@1.5.4+dfsg2-5?arch=amd64&distro=debian-12&upstream=libzstd'), false],
    ['xz', pkg('xzgv', 'pkg:deb/debian/xzgv@0.9.2-2?arch=amd64'), false],
  ] as const)('%s names package %s: %s', (name, owner, expected) => {
    expect(sameSoftware(name, owner)).toBe(expected);
  });

  it('records database paths and their merged-/usr aliases in the container', () => {
    const owners: FileOwners = new Map();
    addOwnedFiles(owners, ['rootfs.tar'], 'rootfs/', zlib1g, ['/.', '/lib/x86_64-linux-gnu/libz.so.1', '/usr/share/doc/zlib1g/']);
    expect([...owners.keys()]).toEqual([
      ownerKey(['rootfs.tar', 'rootfs/lib/x86_64-linux-gnu/libz.so.1']),
      ownerKey(['rootfs.tar', 'rootfs/usr/lib/x86_64-linux-gnu/libz.so.1']),
      ownerKey(['rootfs.tar', 'rootfs/usr/share/doc/zlib1g']),
    ]);
  });

  it('a hit of the package itself becomes its evidence; another component is contained in it', () => {
    const joined = attributeFinding(finding, [zlib1g]);
    expect([joined.id, joined.evidence]).toEqual([zlib1g.id, finding.evidence]);
    const other = pkg('vendored-tool', 'pkg:deb/debian/vendored-tool@2.0-1');
    expect(attributeFinding(finding, [other])).toEqual({ ...finding, containedIn: [other.id] });
    expect(attributeFinding(finding, undefined)).toBe(finding);
  });

  it('a joined hit keeps the licence of its signature entry beside the package\'s, once', () => {
    const licensed = { ...finding, licenses: ['Zlib'], evidence: finding.evidence.map((e) => ({ ...e, license: 'Zlib' })) };
    const joined = attributeFinding(licensed, [zlib1g]);
    expect([joined.id, joined.licenses, joined.evidence]).toEqual([zlib1g.id, ['Zlib'], licensed.evidence]);
    const declared = { ...zlib1g, licenses: ['Zlib', 'GPL-2.0-only'] };
    expect(attributeFinding(licensed, [declared]).licenses).toEqual(['Zlib', 'GPL-2.0-only']);
    const [merged] = mergeComponents([zlib1g, joined]);
    expect([merged?.id, merged?.licenses, merged?.evidence.map((e) => e.license)]).toEqual([zlib1g.id, ['Zlib'], ['Zlib']]);
  });
});

// A merged-/usr Debian 12 slice with XZ Utils installed as dpkg records it (the status
// paragraphs and info/*.list lines as Debian 12's dpkg writes them for liblzma5 and
// xz-utils 5.4.1-1+deb12u2): liblzma's file-name hit and xz's version string hit fold into
// the packages that own the files; the same bytes under opt/ (no owner) stay components.
const XZ_STATUS = `Package: liblzma5
Status: install ok installed
Priority: optional
Section: libs
Architecture: amd64
Multi-Arch: same
Source: xz-utils
Version: 5.4.1-1+deb12u2

Package: xz-utils
Status: install ok installed
Priority: standard
Section: utils
Architecture: amd64
Multi-Arch: foreign
Version: 5.4.1-1+deb12u2
`;
const LIBLZMA5_LIST = ['/.', '/lib', '/lib/x86_64-linux-gnu', '/lib/x86_64-linux-gnu/liblzma.so.5.4.1', '/usr', '/usr/share/doc/liblzma5', '/lib/x86_64-linux-gnu/liblzma.so.5'];
const XZ_UTILS_LIST = ['/.', '/usr', '/usr/bin', '/usr/bin/lzmainfo', '/usr/bin/xz', '/usr/share/doc/xz-utils'];
// /usr/bin/xz prints its version from this string (`xz --version`).
const XZ_BANNER = Buffer.from('\0\x01\x02xz (XZ Utils) 5.4.1\n\0liblzma %s\n\0', 'latin1');
// liblzma is known by its file name only; a NUL makes the bytes a binary blob the matcher reads.
const LIBLZMA = Buffer.from('\0\0\0\0lzma_version_string\0lzma_code\0', 'latin1');

describe('XZ Utils files owned by dpkg', () => {
  it('liblzma and xz signature hits join liblzma5 and xz-utils; unowned copies stay their own', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-ownership-'));
    try {
      const rootfs = join(dir, 'rootfs.tar');
      await writeFile(rootfs, buildTar([
        { name: 'etc/os-release', data: 'ID=debian\nVERSION_ID="12"\n' },
        { name: 'lib', type: '2', linkName: 'usr/lib' },
        { name: 'opt/tools/xz', data: XZ_BANNER },
        { name: 'opt/tools/liblzma.so.5', data: LIBLZMA },
        { name: 'usr/bin/xz', data: XZ_BANNER },
        { name: 'usr/lib/x86_64-linux-gnu/liblzma.so.5.4.1', data: LIBLZMA },
        { name: 'var/lib/dpkg/info/liblzma5:amd64.list', data: `${LIBLZMA5_LIST.join('\n')}\n` },
        { name: 'var/lib/dpkg/info/xz-utils.list', data: `${XZ_UTILS_LIST.join('\n')}\n` },
        { name: 'var/lib/dpkg/status', data: XZ_STATUS },
      ]));
      const found = await scan(rootfs, { tempDir: dir });
      const summary = found.components.map((c) => [c.name, c.version, c.containedIn ?? null, [...new Set(c.evidence.map((e) => `${e.foundBy} ${e.path.join('/')}`))].sort()]);
      expect(summary).toEqual([
        ['liblzma', '', null, ['signatures/liblzma opt/tools/liblzma.so.5']],
        ['liblzma5', '5.4.1-1+deb12u2', null, ['debian/dpkg-status var/lib/dpkg/status', 'signatures/liblzma usr/lib/x86_64-linux-gnu/liblzma.so.5.4.1']],
        ['xz', '5.4.1', null, ['signatures/xz opt/tools/xz']],
        ['xz-utils', '5.4.1-1+deb12u2', null, ['debian/dpkg-status var/lib/dpkg/status', 'signatures/xz usr/bin/xz']],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

