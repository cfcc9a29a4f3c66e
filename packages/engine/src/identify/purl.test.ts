import { describe, expect, it } from 'vitest';
import { formatPurl } from './purl.ts';

describe('formatPurl', () => {
  it.each([
    [{ type: 'npm', name: 'left-pad', version: '1.3.0' }, 'pkg:npm/left-pad@1.3.0'],
    [{ type: 'npm', namespace: '@babel', name: 'core', version: '7.24.0' }, 'pkg:npm/%40babel/core@7.24.0'],
    [
      { type: 'deb', namespace: 'debian', name: 'zlib1g', version: '1:1.2.13.dfsg-1', qualifiers: { distro: 'debian-12', arch: 'amd64' } },
      'pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1?arch=amd64&distro=debian-12',
    ],
    [
      { type: 'deb', namespace: 'debian', name: 'libc6', version: '2.36-9+deb12u7', qualifiers: { arch: 'amd64', upstream: 'glibc@2.36-9', distro: undefined } },
      'pkg:deb/debian/libc6@2.36-9+deb12u7?arch=amd64&upstream=glibc%402.36-9',
    ],
    [{ type: 'generic', name: 'a b/c' }, 'pkg:generic/a%20b%2Fc'],
  ])('%j → %s', (parts, expected) => {
    expect(formatPurl(parts)).toBe(expected);
  });
});
