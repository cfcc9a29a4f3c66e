import { describe, expect, it } from 'vitest';
import { inVersionRange, parseVersionRange, schemeOfPurl, versionHolds } from './version-match.ts';

describe('parseVersionRange', () => {
  it('reads comparators separated by spaces or commas', () => {
    expect(parseVersionRange('>=1.2.0 <1.3.0')).toEqual([{ operator: '>=', version: '1.2.0' }, { operator: '<', version: '1.3.0' }]);
    expect(parseVersionRange('>1, <=2')).toEqual([{ operator: '>', version: '1' }, { operator: '<=', version: '2' }]);
    expect(parseVersionRange('=4.17.20')).toEqual([{ operator: '=', version: '4.17.20' }]);
  });

  it('refuses a bare version, an operator alone and an empty range', () => {
    expect(parseVersionRange('1.2')).toBeNull();
    expect(parseVersionRange('>=')).toBeNull();
    expect(parseVersionRange('  ')).toBeNull();
  });
});

describe('inVersionRange', () => {
  it('compares in the scheme of the component\'s purl', () => {
    const debian = schemeOfPurl('pkg:deb/debian/openssl@3.0.11-1~deb12u2');
    expect(debian.name).toBe('debian');
    const range = parseVersionRange('>=3.0.11-1~deb12u1 <3.0.12') ?? [];
    expect(inVersionRange('3.0.11-1~deb12u2', range, debian)).toBe(true);
    // A tilde sorts before the release it precedes.
    expect(inVersionRange('3.0.11-1~deb12u0', range, debian)).toBe(false);
    expect(inVersionRange('', range, debian)).toBe(false);
  });

  it('falls back to the generic scheme for purls without a scheme of their own', () => {
    expect(schemeOfPurl('pkg:generic/busybox@1.36.1').name).toBe('generic');
    expect(schemeOfPurl('').name).toBe('generic');
  });
});

describe('versionHolds', () => {
  it('holds for the exact version, for a version inside the range, or for every version when neither is named', () => {
    const purl = 'pkg:npm/lodash@4.17.20';
    expect(versionHolds({ componentVersion: '4.17.20' }, '4.17.20', purl)).toBe(true);
    expect(versionHolds({ componentVersion: '4.17.20' }, '4.17.21', purl)).toBe(false);
    expect(versionHolds({ componentVersion: null, versionRange: '>=4.17.0 <4.17.21' }, '4.17.20', purl)).toBe(true);
    expect(versionHolds({ componentVersion: null, versionRange: '>=4.17.0 <4.17.21' }, '4.17.21', purl)).toBe(false);
    expect(versionHolds({ componentVersion: null, versionRange: 'nonsense' }, '4.17.20', purl)).toBe(false);
    expect(versionHolds({ componentVersion: null }, '1.0.0', purl)).toBe(true);
  });
});
