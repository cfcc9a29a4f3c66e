import { describe, expect, it } from 'vitest';
import { formatPurl, parsePurl, versionWithEpoch } from './purl.ts';

describe('parsePurl', () => {
  it('parses an npm scoped package', () => {
    expect(parsePurl('pkg:npm/%40angular/core@16.0.0')).toEqual({
      type: 'npm', namespace: ['@angular'], name: 'core', version: '16.0.0', qualifiers: {}, subpath: null,
    });
  });

  it('parses a deb purl with distro qualifiers, unencoded "+" and "/" included', () => {
    expect(parsePurl('pkg:deb/ubuntu/curl-dbgsym@7.35.0-1ubuntu2.20+esm19?distro=esm-infra-legacy/trusty&arch=amd64')).toEqual({
      type: 'deb', namespace: ['ubuntu'], name: 'curl-dbgsym', version: '7.35.0-1ubuntu2.20+esm19',
      qualifiers: { arch: 'amd64', distro: 'esm-infra-legacy/trusty' }, subpath: null,
    });
  });

  it('parses rpm, apk, maven, golang and subpaths', () => {
    const rpm = parsePurl('pkg:rpm/redhat/satellite@6.14.2-1.el8sat?arch=src');
    expect([rpm?.namespace, rpm?.name, rpm?.version, rpm?.qualifiers]).toEqual([
      ['redhat'], 'satellite', '6.14.2-1.el8sat', { arch: 'src' },
    ]);
    const apk = parsePurl('pkg:apk/alpine/openssl@3.1.4-r5?arch=x86_64&distro=alpine-3.19.0');
    expect([apk?.name, apk?.version, apk?.qualifiers.distro]).toEqual(['openssl', '3.1.4-r5', 'alpine-3.19.0']);
    const maven = parsePurl('pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1?type=jar');
    expect([maven?.namespace, maven?.name]).toEqual([['org.apache.logging.log4j'], 'log4j-core']);
    const go = parsePurl('pkg:golang/github.com/gorilla/context@234fd47e07d1004f0aed9c#api/v1/../x');
    expect([go?.namespace, go?.name, go?.version, go?.subpath]).toEqual([
      ['github.com', 'gorilla'], 'context', '234fd47e07d1004f0aed9c', 'api/v1/x',
    ]);
    expect(parsePurl('pkg:cargo/abomonation')?.version).toBe(null);
  });

  it('normalises type, qualifier keys and type-specific names', () => {
    const pypi = parsePurl('PKG:PyPI/Django_Rest_Framework@3.14.0?ARCH=any');
    expect([pypi?.type, pypi?.name, pypi?.qualifiers]).toEqual(['pypi', 'django-rest-framework', { arch: 'any' }]);
    expect(parsePurl('pkg:deb/Debian/LibSSL3@3.0.11-1~deb12u2')?.name).toBe('libssl3');
    expect(parsePurl('pkg:rpm/RedHat/NetworkManager@1.40.16-1.el8')?.namespace).toEqual(['redhat']);
    expect(parsePurl('pkg:rpm/RedHat/NetworkManager@1.40.16-1.el8')?.name).toBe('NetworkManager');
    expect(parsePurl('pkg:github/Package-URL/Purl-Spec@244fd47e07d1004')?.namespace).toEqual(['package-url']);
    expect(parsePurl('pkg:npm/foo@1.0.0?checksum=')?.qualifiers).toEqual({});
  });

  it.each([
    'npm/foo@1.0.0',
    'pkg:npm',
    'pkg:npm/',
    'pkg:1npm/foo',
    'pkg:npm/foo@',
    'pkg:npm/%E0%A4%A',
    'pkg:maven/%E0%A4%A/x@1',
    '',
  ])('rejects %s', (s) => {
    expect(parsePurl(s)).toBe(null);
  });

  it('reads qualifiers as packageurl-js does: a key without a value is dropped, a repeated key keeps its last value', () => {
    expect(parsePurl('pkg:npm/foo?arch')?.qualifiers).toEqual({});
    expect(parsePurl('pkg:npm/foo?a=1&a=2')?.qualifiers).toEqual({ a: '2' });
  });

  it('reads a + in a qualifier as a plus sign, as purls written before percent-encoding it mean', () => {
    expect(parsePurl('pkg:deb/debian/libc6@2.36-9+deb12u7?upstream=glibc%402.36-9+deb12u7#a+b')).toEqual({
      type: 'deb', namespace: ['debian'], name: 'libc6', version: '2.36-9+deb12u7', qualifiers: { upstream: 'glibc@2.36-9+deb12u7' }, subpath: 'a+b',
    });
  });

  it('keeps purls that packageurl-js refuses for its type rules only: maven without namespace, golang v-version not semver', () => {
    expect(parsePurl('pkg:maven/commons-lang@2.6')).toEqual({ type: 'maven', namespace: [], name: 'commons-lang', version: '2.6', qualifiers: {}, subpath: null });
    expect(parsePurl('pkg:golang/github.com/Foo/bar@v1.2?type=module')).toEqual({
      type: 'golang', namespace: ['github.com', 'Foo'], name: 'bar', version: 'v1.2', qualifiers: { type: 'module' }, subpath: null,
    });
    expect(parsePurl('PKG:NPM/Foo_Bar@1.0.0?ARCH=x')).toEqual({ type: 'npm', namespace: [], name: 'foo_bar', version: '1.0.0', qualifiers: { arch: 'x' }, subpath: null });
  });
});

describe('formatPurl', () => {
  it.each([
    ['pkg:npm/%40angular/core@16.0.0', 'pkg:npm/%40angular/core@16.0.0'],
    // packageurl-js keeps `+` and `:` in versions and form-encodes qualifier values (`/` → %2F, `:` → %3A).
    ['pkg:deb/debian/openssl@1.1.1n-0+deb11u5?distro=debian-11&arch=amd64', 'pkg:deb/debian/openssl@1.1.1n-0+deb11u5?arch=amd64&distro=debian-11'],
    ['pkg:deb/ubuntu/curl@7.47.0-1ubuntu2.19?arch=i386&distro=esm-infra/xenial', 'pkg:deb/ubuntu/curl@7.47.0-1ubuntu2.19?arch=i386&distro=esm-infra%2Fxenial'],
    ['pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1+b1?upstream=zlib%401:1.2.13.dfsg-1', 'pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1+b1?upstream=zlib%401%3A1.2.13.dfsg-1'],
    ['pkg:maven/commons-lang@2.6', 'pkg:maven/commons-lang@2.6'],
    ['pkg:golang/github.com/Foo/bar@v1.2', 'pkg:golang/github.com/Foo/bar@v1.2'],
    ['pkg:rpm/fedora/curl@7.50.3-1.fc25?epoch=1&arch=i386', 'pkg:rpm/fedora/curl@7.50.3-1.fc25?arch=i386&epoch=1'],
    ['pkg:pypi/Flask_SQLAlchemy@3.1.1', 'pkg:pypi/flask-sqlalchemy@3.1.1'],
    ['pkg:golang/github.com/gorilla/context@v1.1.1#api', 'pkg:golang/github.com/gorilla/context@v1.1.1#api'],
    ['pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?repository_url=repo.spring.io%2Frelease', 'pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?repository_url=repo.spring.io%2Frelease'],
    ['pkg:gem/ruby-advisory-db-check@0.12.4', 'pkg:gem/ruby-advisory-db-check@0.12.4'],
    ['pkg:generic/openssl@1.0.2k', 'pkg:generic/openssl@1.0.2k'],
    ['pkg:deb/debian/perl-base@1:5.32.1-4', 'pkg:deb/debian/perl-base@1:5.32.1-4'],
  ])('%s -> %s', (input, want) => {
    const purl = parsePurl(input);
    expect(purl === null ? null : formatPurl(purl)).toBe(want);
  });
});

describe('versionWithEpoch', () => {
  it.each([
    ['pkg:rpm/fedora/curl@7.50.3-1.fc25?epoch=1', '1:7.50.3-1.fc25'],
    ['pkg:rpm/fedora/curl@7.50.3-1.fc25', '7.50.3-1.fc25'],
    ['pkg:deb/debian/perl-base@1:5.32.1-4?epoch=1', '1:5.32.1-4'],
    ['pkg:rpm/fedora/curl?epoch=1', null],
  ])('%s -> %s', (input, want) => {
    const purl = parsePurl(input);
    expect(purl === null ? 'unparsed' : versionWithEpoch(purl)).toBe(want);
  });
});
