import { describe, expect, it } from 'vitest';
import { debian } from './debian.ts';
import { generic } from './generic.ts';
import { pep440 } from './pep440.ts';
import { inNvdBounds, inOsvRange, nvdBoundViolation, type OsvEvent } from './range.ts';
import { semver } from './semver.ts';

describe('inOsvRange', () => {
  // GHSA-jfh8-c2jp-5v3q (log4j-style single pair) shape, npm scheme.
  const single: OsvEvent[] = [{ introduced: '0' }, { fixed: '4.17.21' }];
  // Two introduced/fixed pairs, as in PYSEC records covering two release lines.
  const twoLines: OsvEvent[] = [{ introduced: '3.2' }, { fixed: '3.2.25' }, { introduced: '4.2' }, { fixed: '4.2.14' }];
  const lastAffected: OsvEvent[] = [{ introduced: '1.0.0' }, { last_affected: '1.4.2' }];
  const openEnded: OsvEvent[] = [{ introduced: '2.0.0' }];

  it.each([
    ['0.0.1', single, true],
    ['4.17.20', single, true],
    ['4.17.21', single, false],
    ['5.0.0', single, false],
    ['1.0.0', lastAffected, true],
    ['1.4.2', lastAffected, true],
    ['1.4.3', lastAffected, false],
    ['0.9.9', lastAffected, false],
    ['1.9.9', openEnded, false],
    ['2.0.0', openEnded, true],
    ['99.0.0', openEnded, true],
  ] as const)('semver %s', (version, events, want) => {
    expect(inOsvRange(version, events, semver)).toBe(want);
  });

  it.each([
    ['3.1', false],
    ['3.2', true],
    ['3.2.24', true],
    ['3.2.25', false],
    ['4.0', false],
    ['4.2.13', true],
    ['4.2.14', false],
    ['5.0', false],
  ] as const)('two pairs, pep440 %s', (version, want) => {
    // Events arrive unsorted in real data; evaluation must not depend on order.
    expect(inOsvRange(version, twoLines, pep440)).toBe(want);
    expect(inOsvRange(version, [...twoLines].reverse(), pep440)).toBe(want);
  });

  it('applies limit events as an upper cap', () => {
    const limited: OsvEvent[] = [{ introduced: '0' }, { limit: '2.0.0' }];
    expect(inOsvRange('1.9.9', limited, semver)).toBe(true);
    expect(inOsvRange('2.0.0', limited, semver)).toBe(false);
    expect(inOsvRange('2.0.0', [{ introduced: '0' }, { limit: '*' }], semver)).toBe(true);
  });

  it('treats an introduced equal to fixed as empty', () => {
    expect(inOsvRange('1.0.0', [{ introduced: '1.0.0' }, { fixed: '1.0.0' }], semver)).toBe(false);
  });

  it('uses the distro scheme: a Debian backport fixes below upstream', () => {
    const events: OsvEvent[] = [{ introduced: '0' }, { fixed: '1.1.1n-0+deb11u5' }];
    expect(inOsvRange('1.1.1n-0+deb11u4', events, debian)).toBe(true);
    expect(inOsvRange('1.1.1n-0+deb11u5', events, debian)).toBe(false);
    expect(inOsvRange('1.1.1w-0+deb11u1', events, debian)).toBe(false);
  });
});

describe('inNvdBounds', () => {
  // CVE-2022-0778 (OpenSSL BN_mod_sqrt) cpeMatch bounds.
  const openssl111 = { versionStartIncluding: '1.1.1', versionEndExcluding: '1.1.1n' };

  it.each([
    ['1.1.0l', false],
    ['1.1.1', true],
    ['1.1.1m', true],
    ['1.1.1n', false],
    ['1.1.1w', false],
  ] as const)('openssl %s', (version, want) => {
    expect(inNvdBounds(version, openssl111, generic)).toBe(want);
  });

  it.each([
    ['1.36.0', { versionEndIncluding: '1.36.1' }, null],
    ['1.36.1', { versionEndIncluding: '1.36.1' }, null],
    ['1.36.2', { versionEndIncluding: '1.36.1' }, 'versionEndIncluding'],
    ['1.35.0', { versionStartExcluding: '1.35.0' }, 'versionStartExcluding'],
    ['1.35.1', { versionStartExcluding: '1.35.0' }, null],
    ['5.9.0', { versionStartIncluding: '5.10', versionEndExcluding: '5.10.217' }, 'versionStartIncluding'],
    ['5.10.0', { versionStartIncluding: '5.10', versionEndExcluding: '5.10.217' }, null],
    ['5.10.217', { versionStartIncluding: '5.10', versionEndExcluding: '5.10.217' }, 'versionEndExcluding'],
    ['1.0.0', {}, null],
  ] as const)('generic %s in %j -> %s', (version, bounds, want) => {
    expect(nvdBoundViolation(version, bounds, generic)).toBe(want);
  });
});
