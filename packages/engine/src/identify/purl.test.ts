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
    // Qualifier values are form-encoded by packageurl-js: `:` `+` `~` `/` escaped, the version keeps `:` and `+`.
    [
      { type: 'deb', namespace: 'debian', name: 'zlib1g', version: '1:1.2.13.dfsg-1+b1', qualifiers: { upstream: 'zlib@1:1.2.13.dfsg-1~bpo1', distro: 'debian-12' } },
      'pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1+b1?distro=debian-12&upstream=zlib%401%3A1.2.13.dfsg-1%7Ebpo1',
    ],
    [{ type: 'cargo', name: 'tiny', version: '0.2.0', qualifiers: { vcs_url: 'https://github.com/example/tiny?rev=abc#abcdef0123' } }, 'pkg:cargo/tiny@0.2.0?vcs_url=https%3A%2F%2Fgithub.com%2Fexample%2Ftiny%3Frev%3Dabc%23abcdef0123'],
    // The type's rules: npm and pypi names are lower-case, pypi's `_` is `-`.
    [{ type: 'npm', name: 'JSONStream', version: '1.3.5' }, 'pkg:npm/jsonstream@1.3.5'],
    [{ type: 'pypi', name: 'Flask_SQLAlchemy', version: '3.1.1' }, 'pkg:pypi/flask-sqlalchemy@3.1.1'],
    [{ type: 'npm', name: 'left-pad', qualifiers: {} }, 'pkg:npm/left-pad'],
  ])('%j → %s', (parts, expected) => {
    expect(formatPurl(parts)).toBe(expected);
  });

  // packageurl-js refuses these (a maven purl needs a namespace, a pub name only [a-z0-9_]; its golang check throws on a
  // `v` version that is not semver): written with its encoders, without the type's checks.
  it.each([
    [{ type: 'maven', name: 'commons-lang', version: '2.6' }, 'pkg:maven/commons-lang@2.6'],
    [{ type: 'golang', namespace: 'github.com/Foo', name: 'bar', version: 'v1.2', qualifiers: { type: 'module' } }, 'pkg:golang/github.com/Foo/bar@v1.2?type=module'],
    [{ type: 'pub', name: 'Http.Parser', version: '1.0.0' }, 'pkg:pub/http.parser@1.0.0'],
    [{ type: 'generic', name: '' }, 'pkg:generic/'],
  ])('falls back for %j → %s', (parts, expected) => {
    expect(formatPurl(parts)).toBe(expected);
  });
});
