import { describe, expect, it } from 'vitest';
import { rpmdbBdb } from './rpmdb-bdb.ts';
import { memoryFile } from '../../test-helpers.ts';
import { fixtureTarMember, fuzzCataloger } from '../../test-fixtures.ts';

// Written by db5.3_load from rpm's own header blobs, read back by rpm (see its make.sh).
const PACKAGES = fixtureTarMember('rootfs-rpm-bdb/rootfs.tar.zst', 'var/lib/rpm/Packages');
const PATH = ['rootfs.tar', 'var/lib/rpm/Packages'];
const PAGE = 4096;

function dbFile(bytes: Buffer, siblings: Record<string, string> = {}) {
  return { ...memoryFile(PATH, bytes, siblings), innerPath: 'var/lib/rpm/Packages' };
}

describe('redhat/rpmdb-bdb', () => {
  it('matches Packages in both database locations only', () => {
    const paths = ['var/lib/rpm/Packages', 'usr/lib/sysimage/rpm/Packages', 'var/lib/rpm/Packages.db', 'var/lib/rpm/Name', 'debian/Packages'];
    expect(paths.map((p) => rpmdbBdb.matches([p], p, undefined))).toEqual([true, true, false, false, false]);
  });

  it('reads every header, inline and on overflow chains, with the distro of the root', async () => {
    const { components, problems } = await rpmdbBdb.catalog(dbFile(PACKAGES, { 'etc/os-release': 'ID="centos"\nVERSION_ID="7"\n' }));
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.vendor, c.purl, c.licenses, c.distro, c.evidence])).toEqual([
      ['zlib', '1.2.7-21.el7_9', 'DP', 'centos', 'pkg:rpm/centos/zlib@1.2.7-21.el7_9?arch=noarch&distro=centos-7&upstream=zlib-1.2.7-21.el7_9.src.rpm', ['zlib'], { name: 'centos', release: '7' }, [{ method: 'package-metadata', foundBy: 'redhat/rpmdb-bdb', path: PATH, text: 'Packages hnum 1: zlib-1.2.7-21.el7_9' }]],
      ['openssl-libs', '1:1.0.2k-26.el7_9', 'DP', 'centos', 'pkg:rpm/centos/openssl-libs@1.0.2k-26.el7_9?arch=noarch&distro=centos-7&epoch=1&upstream=openssl-libs-1.0.2k-26.el7_9.src.rpm', ['OpenSSL'], { name: 'centos', release: '7' }, [{ method: 'package-metadata', foundBy: 'redhat/rpmdb-bdb', path: PATH, text: 'Packages hnum 2: openssl-libs-1:1.0.2k-26.el7_9' }]],
      ['bash', '4.2.46-35.el7_9', 'DP', 'centos', 'pkg:rpm/centos/bash@4.2.46-35.el7_9?arch=noarch&distro=centos-7&upstream=bash-4.2.46-35.el7_9.src.rpm', ['GPLv3+'], { name: 'centos', release: '7' }, [{ method: 'package-metadata', foundBy: 'redhat/rpmdb-bdb', path: PATH, text: 'Packages hnum 3: bash-4.2.46-35.el7_9' }]],
    ]);
  });

  it('a broken overflow chain loses that package only, located; a non-database is one problem', async () => {
    const damaged = Buffer.from(PACKAGES);
    // Page 5 starts bash's 3-page overflow chain: make it claim to be a free page.
    damaged[5 * PAGE + 25] = 0;
    const { components, problems } = await rpmdbBdb.catalog(dbFile(damaged));
    expect(components.map((c) => c.name)).toEqual(['zlib', 'openssl-libs']);
    expect(problems.map((p) => [p.code, p.location, p.message])).toEqual([['malformed', PATH, 'page 2 item 3: overflow chain reaches page 5 of type 0']]);
    const junk = await rpmdbBdb.catalog(dbFile(Buffer.from('not a database at all: '.repeat(30))));
    expect(junk.components).toEqual([]);
    expect(junk.problems.map((p) => [p.code, p.location, p.message])).toEqual([['malformed', PATH, 'not a Berkeley DB hash database (no hash magic at offset 12)']]);
  });

  it('a truncated database keeps the pages it has', async () => {
    const { components, problems } = await rpmdbBdb.catalog(dbFile(PACKAGES.subarray(0, 6 * PAGE + 100)));
    expect(components.map((c) => c.name)).toEqual(['zlib', 'openssl-libs']);
    expect(problems.map((p) => p.message)).toEqual(['file of 24676 bytes ends inside page 6', 'page 2 item 3: overflow chain broken at page 6 after 4070 of 11120 bytes']);
  });

  it('a big-endian database with page checksums and 512-byte pages', async () => {
    const bigEndian = fixtureTarMember('rootfs-rpm-bdb-bigendian/rootfs.tar.zst', 'var/lib/rpm/Packages');
    const { components, problems } = await rpmdbBdb.catalog(dbFile(bigEndian, { 'etc/os-release': 'ID="rhel"\nVERSION_ID="8.9"\n' }));
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.purl, c.evidence[0]?.text])).toEqual([
      ['pkg:rpm/rhel/zlib@1.2.11-40.el8?arch=noarch&distro=rhel-8.9&upstream=zlib-1.2.11-40.el8.src.rpm', 'Packages hnum 1: zlib-1.2.11-40.el8'],
      ['pkg:rpm/rhel/openssl-libs@1.1.1k-12.el8_9?arch=noarch&distro=rhel-8.9&epoch=1&upstream=openssl-libs-1.1.1k-12.el8_9.src.rpm', 'Packages hnum 2: openssl-libs-1:1.1.1k-12.el8_9'],
    ]);
  });

  it('survives seeded mutations', async () => {
    await fuzzCataloger(rpmdbBdb, PATH, PACKAGES, 150, (f) => ({ ...f, innerPath: 'var/lib/rpm/Packages' }));
  });
});
