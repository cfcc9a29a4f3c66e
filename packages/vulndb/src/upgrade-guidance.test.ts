import { describe, expect, it } from 'vitest';
import { type KnownRange, upgradeGuidance } from './upgrade-guidance.ts';
import { debian } from './versions/debian.ts';
import { generic } from './versions/generic.ts';
import { pep440 } from './versions/pep440.ts';
import { semver } from './versions/semver.ts';
import type { VersionScheme } from './versions/types.ts';

// CVE-2022-0778's three NVD ranges for OpenSSL.
const OPENSSL: KnownRange[] = [
  { scheme: generic, bounds: { versionStartIncluding: '1.0.2', versionEndExcluding: '1.0.2zd' } },
  { scheme: generic, bounds: { versionStartIncluding: '1.1.0', versionEndExcluding: '1.1.1n' } },
  { scheme: generic, bounds: { versionStartIncluding: '3.0.0', versionEndExcluding: '3.0.2' } },
];

const CASES: [string, string, VersionScheme, KnownRange[], string | null, string | null][] = [
  ['the fix of its own line', '1.0.2k', generic, OPENSSL, '1.0.2zd', '3.0.2'],
  ['the fix of a later line', '3.0.1', generic, OPENSSL, '3.0.2', '3.0.2'],
  ['nothing to fix', '1.0.2zd', generic, OPENSSL, null, '3.0.2'],
  ['unknown version', '', generic, OPENSSL, null, '3.0.2'],
  ['no known range', '1.0.0', generic, [], null, null],
  ['a fix inside a later vulnerability is skipped', '1.0.0', semver, [
    { scheme: semver, events: [{ introduced: '0' }, { fixed: '1.2.0' }] },
    { scheme: semver, events: [{ introduced: '1.2.0' }, { fixed: '1.2.3' }] },
  ], '1.2.3', '1.2.3'],
  ['no fix for an open range', '1.1.0', semver, [
    { scheme: semver, events: [{ introduced: '1.0.0' }] },
    { scheme: semver, events: [{ introduced: '0' }, { fixed: '1.2.0' }] },
  ], null, '1.2.0'],
  ['past last_affected', '1.0.0', semver, [
    { scheme: semver, events: [{ introduced: '0' }, { last_affected: '2.0.0' }] },
    { scheme: semver, events: [{ introduced: '1.5.0' }, { fixed: '2.0.1' }] },
  ], '2.0.1', '2.0.1'],
  ['a versions list and a range', '1.4.0', semver, [
    { scheme: semver, versions: ['1.4.0', '1.4.1'] },
    { scheme: semver, events: [{ introduced: '0' }, { fixed: '1.4.2' }] },
  ], '1.4.2', '1.4.2'],
  // CVE-2024-6387 in bookworm: fixed by a backport.
  ['a Debian backport', '1:9.2p1-2+deb12u2', debian, [
    { scheme: debian, events: [{ introduced: '0' }, { fixed: '1:9.2p1-2+deb12u3' }] },
  ], '1:9.2p1-2+deb12u3', '1:9.2p1-2+deb12u3'],
  // PYSEC-2023-74 (requests).
  ['PEP 440', '2.30.0', pep440, [
    { scheme: pep440, events: [{ introduced: '2.3.0' }, { fixed: '2.31.0' }] },
  ], '2.31.0', '2.31.0'],
  // CVE-2021-23337: the OSV range (semver) and NVD's (generic) agree.
  ['OSV and NVD ranges together', '4.17.20', semver, [
    { scheme: semver, events: [{ introduced: '0' }, { fixed: '4.17.21' }] },
    { scheme: generic, bounds: { versionEndExcluding: '4.17.21' } },
  ], '4.17.21', '4.17.21'],
  ['OpenSSL letter releases', '1.1.1m', generic, [
    { scheme: generic, bounds: { versionStartIncluding: '1.1.1', versionEndExcluding: '1.1.1n' } },
    { scheme: generic, bounds: { versionStartIncluding: '1.1.1', versionEndExcluding: '1.1.1za' } },
    { scheme: generic, bounds: { versionStartIncluding: '1.1.1n', versionEndIncluding: '1.1.1t' } },
  ], '1.1.1za', '1.1.1za'],
];

describe('upgradeGuidance', () => {
  it.each(CASES)('%s: %s', (_name, version, scheme, ranges, nearest, latest) => {
    expect(upgradeGuidance(version, scheme, ranges)).toEqual({ nearest_fix: nearest, latest_known: latest });
  });
});
