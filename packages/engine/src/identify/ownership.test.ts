import { describe, expect, it } from 'vitest';
import type { Component } from '../model/index.ts';
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
