import { describe, expect, it } from 'vitest';
import { dpkgStatus } from './dpkg-status.ts';
import { memoryFile } from '../../test-helpers.ts';

const STATUS = `Package: libc6
Status: install ok installed
Architecture: amd64
Source: glibc
Version: 2.36-9+deb12u7

Package: libssl1.1
Status: deinstall ok config-files
Architecture: amd64
Version: 1.1.1n-0+deb11u5

Package: zlib1g
Status: install ok installed
Architecture: amd64
Source: zlib (1:1.2.13.dfsg-1)
Version: 1:1.2.13.dfsg-1+b1
License: Zlib

Package: broken
Status: install ok installed
`;

describe('debian/dpkg-status', () => {
  it('matches status and status.d files only', () => {
    const m = (p: string): boolean => dpkgStatus.matches([p], p);
    expect([m('var/lib/dpkg/status'), m('rootfs/var/lib/dpkg/status'), m('var/lib/dpkg/status.d/tzdata')]).toEqual([true, true, true]);
    expect([m('var/lib/dpkg/status-old'), m('var/lib/dpkg/status.d/tzdata.md5sums'), m('var/lib/dpkg/statusx')]).toEqual([false, false, false]);
  });

  it('catalogs installed packages with the distro from os-release', async () => {
    const file = memoryFile(['layer.tar', 'var/lib/dpkg/status'], STATUS, { 'etc/os-release': 'ID=debian\nVERSION_ID="12"\n' });
    const result = await dpkgStatus.catalog(file);
    expect(result.components.map((c) => [c.name, c.version, c.purl, c.licenses, c.distro, c.evidence[0]?.offset])).toEqual([
      ['libc6', '2.36-9+deb12u7', 'pkg:deb/debian/libc6@2.36-9+deb12u7?arch=amd64&distro=debian-12&upstream=glibc', [], { name: 'debian', release: '12' }, 0],
      [
        'zlib1g',
        '1:1.2.13.dfsg-1+b1',
        'pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1+b1?arch=amd64&distro=debian-12&upstream=zlib%401%3A1.2.13.dfsg-1',
        ['Zlib'],
        { name: 'debian', release: '12' },
        203,
      ],
    ]);
    expect(result.components[0]?.evidence).toEqual([
      { method: 'package-metadata', foundBy: 'debian/dpkg-status', path: ['layer.tar', 'var/lib/dpkg/status'], text: 'Package: libc6', offset: 0 },
    ]);
    expect(result.problems).toEqual([
      { level: 'warning', location: ['layer.tar', 'var/lib/dpkg/status'], code: 'malformed', message: 'package broken has no Version field (byte 342)' },
    ]);
  });

  it('without os-release: namespace debian, no distro qualifier', async () => {
    const file = memoryFile(['var/lib/dpkg/status'], 'Package: a\nStatus: install ok installed\nVersion: 1\nArchitecture: all\n');
    const [c] = (await dpkgStatus.catalog(file)).components;
    expect([c?.purl, c?.distro]).toEqual(['pkg:deb/debian/a@1?arch=all', undefined]);
  });

  it('names Ubuntu packages in the ubuntu namespace', async () => {
    const file = memoryFile(['var/lib/dpkg/status'], 'Package: a\nStatus: install ok installed\nVersion: 1\n', {
      'usr/lib/os-release': 'ID=ubuntu\nVERSION_ID="24.04"\n',
    });
    const [c] = (await dpkgStatus.catalog(file)).components;
    expect([c?.purl, c?.vendor]).toEqual(['pkg:deb/ubuntu/a@1?distro=ubuntu-24.04', 'ubuntu']);
  });

  it('reports garbage and goes on', async () => {
    const result = await dpkgStatus.catalog(memoryFile(['var/lib/dpkg/status'], '\u0000\u0001binary junk\nPackage: ok\nStatus: install ok installed\nVersion: 2\n'));
    expect(result.components.map((c) => c.name)).toEqual(['ok']);
    expect(result.problems.map((p) => p.message)).toEqual(['1 unparsable line(s), first at line 1']);
  });
});
