import { describe, expect, it } from 'vitest';
import { apkInstalled } from './apk-installed.ts';
import { memoryFile } from '../../test-helpers.ts';

// Two records as Alpine 3.19's apk-tools writes them (checksums shortened).
const DB = `C:Q1p4+xs8DhtOVRKyUAqDuE2RD4Ekk=
P:musl
V:1.2.4_git20230717-r4
A:x86_64
S:407278
I:663552
T:the musl c library (libc) implementation
U:https://musl.libc.org/
L:MIT
o:musl
m:Natanael Copa <ncopa@alpinelinux.org>
t:1705419445
c:ca7f2ab5e88794e4e654b40776f8a92256f50639
p:so:libc.musl-x86_64.so.1=1
F:lib
R:ld-musl-x86_64.so.1
a:0:0:755
Z:Q1lvzhAT5Lx0+ZFMkKlJwNq6J8+uc=

C:Q1Vkzp4Q0qy+n3xm3rqGlpBQ/qqtI=
P:libcrypto3
V:3.1.4-r5
A:x86_64
L:Apache-2.0
o:openssl
D:so:libc.musl-x86_64.so.1
`;
const OS_RELEASE = 'NAME="Alpine Linux"\nID=alpine\nVERSION_ID=3.19.1\n';

describe('alpine/apk-installed', () => {
  it('matches the installed db only', () => {
    expect(['lib/apk/db/installed', 'r/lib/apk/db/installed', 'lib/apk/db/triggers'].map((p) => apkInstalled.matches([p], p, undefined))).toEqual([true, true, false]);
  });

  it('reads every record with distro, origin and licence', async () => {
    const { components, problems } = await apkInstalled.catalog(memoryFile(['lib/apk/db/installed'], DB, { 'etc/os-release': OS_RELEASE }));
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.vendor, c.purl, c.licenses, c.distro, c.evidence[0]?.offset])).toEqual([
      ['musl', '1.2.4_git20230717-r4', 'DP', 'alpine', 'pkg:apk/alpine/musl@1.2.4_git20230717-r4?arch=x86_64&distro=alpine-3.19.1', ['MIT'], { name: 'alpine', release: '3.19.1' }, 0],
      ['libcrypto3', '3.1.4-r5', 'DP', 'alpine', 'pkg:apk/alpine/libcrypto3@3.1.4-r5?arch=x86_64&distro=alpine-3.19.1&upstream=openssl', ['Apache-2.0'], { name: 'alpine', release: '3.19.1' }, 368],
    ]);
  });

  it('a truncated record and a garbage line are located problems; the rest is kept', async () => {
    const { components, problems } = await apkInstalled.catalog(memoryFile(['lib/apk/db/installed'], `${DB}\nP:zlib\nthis is not a record line\n`));
    expect(components.map((c) => c.name)).toEqual(['musl', 'libcrypto3']);
    expect(problems.map((p) => [p.code, p.message])).toEqual([
      ['malformed', '1 unparsable line(s), first at line 29'],
      ['malformed', 'package zlib has no V: (version) line (byte 485)'],
    ]);
  });
});
