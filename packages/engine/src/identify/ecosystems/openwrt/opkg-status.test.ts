import { describe, expect, it } from 'vitest';
import { opkgStatus } from './opkg-status.ts';
import { memoryFile } from '../../test-helpers.ts';

// As OpenWrt 23.05's opkg writes usr/lib/opkg/status.
const STATUS = `Package: busybox
Version: 1.36.1-1
Depends: libc
Status: install user installed
Architecture: mips_24kc
Conffiles:
 /etc/syslog.conf 4ea5b6ba1cc4e6a3e7c5fca3a84e8b8aef3a6a9e0a7da7ff21c55d1a5d25db30
Installed-Time: 1700000000
Auto-Installed: no

Package: kernel
Version: 5.15.150-1-5f82a3e40ef2b6b1b3c1c1a9b8d9e3f5
Status: install hold installed
Architecture: mips_24kc

Package: luci-app-old
Version: git-20.100.1
Status: deinstall ok not-installed
Architecture: all

Package: libubox20230523
Status: install user installed
Architecture: mips_24kc
`;

describe('openwrt/opkg-status', () => {
  it('matches opkg status files', () => {
    expect(['usr/lib/opkg/status', 'var/lib/opkg/status', 'usr/lib/opkg/info/busybox.control'].map((p) => opkgStatus.matches([p], p, undefined))).toEqual([true, true, false]);
  });

  it('reads installed packages, distro from os-release, and reports a package without version', async () => {
    const osRelease = 'NAME="OpenWrt"\nVERSION="23.05.3"\nID="openwrt"\nVERSION_ID="23.05.3"\n';
    const { components, problems } = await opkgStatus.catalog(memoryFile(['usr/lib/opkg/status'], STATUS, { 'usr/lib/os-release': osRelease }));
    expect(components.map((c) => [c.name, c.version, c.codetype, c.purl])).toEqual([
      ['busybox', '1.36.1-1', 'DP', 'pkg:opkg/openwrt/busybox@1.36.1-1?arch=mips_24kc&distro=openwrt-23.05.3'],
      ['kernel', '5.15.150-1-5f82a3e40ef2b6b1b3c1c1a9b8d9e3f5', 'DP', 'pkg:opkg/openwrt/kernel@5.15.150-1-5f82a3e40ef2b6b1b3c1c1a9b8d9e3f5?arch=mips_24kc&distro=openwrt-23.05.3'],
    ]);
    expect(problems.map((p) => [p.location, p.code, p.message])).toEqual([[['usr/lib/opkg/status'], 'malformed', 'package libubox20230523 has no Version field (byte 468)']]);
  });
});
