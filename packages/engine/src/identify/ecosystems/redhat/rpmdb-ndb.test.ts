import { describe, expect, it } from 'vitest';
import { rpmdbNdb } from './rpmdb-ndb.ts';
import { memoryFile } from '../../test-helpers.ts';
import { fixtureTarMember, fuzzCataloger } from '../../test-fixtures.ts';

// Written by rpm's own rpmpkg.c from rpm's header blobs (see its make.sh).
const INNER = 'usr/lib/sysimage/rpm/Packages.db';
const PACKAGES = fixtureTarMember('rootfs-rpm-ndb/rootfs.tar.zst', INNER);
const PATH = ['rootfs.tar', INNER];
// Slot 2 (bytes 32-47) is package 1's; its blob starts at block 256 (byte 4096).
const FIRST_BLOB = 4096;

function dbFile(bytes: Buffer, siblings: Record<string, string> = {}) {
  return { ...memoryFile(PATH, bytes, siblings), innerPath: INNER };
}

describe('redhat/rpmdb-ndb', () => {
  it('matches Packages.db in both database locations only', () => {
    const paths = [INNER, 'var/lib/rpm/Packages.db', 'var/lib/rpm/Packages', 'usr/lib/sysimage/rpm/Index.db'];
    expect(paths.map((p) => rpmdbNdb.matches([p], p, undefined))).toEqual([true, true, false, false]);
  });

  it('reads every blob with the distro of the root', async () => {
    const { components, problems } = await rpmdbNdb.catalog(dbFile(PACKAGES, { 'etc/os-release': 'ID="opensuse-leap"\nVERSION_ID="15.5"\n' }));
    expect(problems).toEqual([]);
    const evidence = (hnum: number, text: string) => [{ method: 'package-metadata', foundBy: 'redhat/rpmdb-ndb', path: PATH, text: `Packages hnum ${hnum}: ${text}` }];
    const distro = { name: 'opensuse-leap', release: '15.5' };
    expect(components.map((c) => [c.name, c.version, c.codetype, c.vendor, c.purl, c.licenses, c.distro, c.evidence])).toEqual([
      ['libz1', '1.2.13-150500.4.3.1', 'DP', 'opensuse-leap', 'pkg:rpm/opensuse-leap/libz1@1.2.13-150500.4.3.1?arch=noarch&distro=opensuse-leap-15.5&upstream=libz1-1.2.13-150500.4.3.1.src.rpm', ['Zlib'], distro, evidence(1, 'libz1-1.2.13-150500.4.3.1')],
      ['libopenssl3', '3.0.8-150500.5.8.1', 'DP', 'opensuse-leap', 'pkg:rpm/opensuse-leap/libopenssl3@3.0.8-150500.5.8.1?arch=noarch&distro=opensuse-leap-15.5&upstream=libopenssl3-3.0.8-150500.5.8.1.src.rpm', ['Apache-2.0'], distro, evidence(2, 'libopenssl3-3.0.8-150500.5.8.1')],
      ['bash', '4.4-150400.27.3.2', 'DP', 'opensuse-leap', 'pkg:rpm/opensuse-leap/bash@4.4-150400.27.3.2?arch=noarch&distro=opensuse-leap-15.5&upstream=bash-4.4-150400.27.3.2.src.rpm', ['GPL-3.0-or-later'], distro, evidence(3, 'bash-4.4-150400.27.3.2')],
    ]);
  });

  it('a corrupted blob loses that package only, located; a non-database is one problem', async () => {
    const damaged = Buffer.from(PACKAGES);
    damaged[FIRST_BLOB + 100] = (damaged[FIRST_BLOB + 100] ?? 0) ^ 0xff;
    const { components, problems } = await rpmdbNdb.catalog(dbFile(damaged));
    expect(components.map((c) => c.name)).toEqual(['libopenssl3', 'bash']);
    expect(problems.map((p) => [p.code, p.location, p.message])).toEqual([['malformed', PATH, 'package 1: blob checksum mismatch']]);
    const junk = await rpmdbNdb.catalog(dbFile(Buffer.from('RpmQ and then nothing useful at all')));
    expect(junk.components).toEqual([]);
    expect(junk.problems.map((p) => [p.code, p.location, p.message])).toEqual([['malformed', PATH, "not an rpm NDB database (no 'RpmP' header)"]]);
  });

  it('a truncated database keeps the blobs it still holds', async () => {
    const { components, problems } = await rpmdbNdb.catalog(dbFile(PACKAGES.subarray(0, 6000)));
    expect(components.map((c) => c.name)).toEqual(['libz1']);
    expect(problems.map((p) => p.message)).toEqual(['package 2: blob at byte 5424 runs past the end of the file', 'package 3: blob at byte 6784 runs past the end of the file']);
  });

  it('survives seeded mutations', async () => {
    await fuzzCataloger(rpmdbNdb, PATH, PACKAGES, 150, (f) => ({ ...f, innerPath: INNER }));
  });
});
