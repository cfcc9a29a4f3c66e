import { describe, expect, it } from 'vitest';
import { componentMatchKeys, nameKey } from './match-keys.ts';

describe('nameKey', () => {
  it.each([
    ['zlib', 'zlib'],
    ['@babel/core', 'core'],
    ['org.yaml:snakeyaml', 'snakeyaml'],
    ['Jinja2', 'jinja2'],
    ['zope.interface', 'zope-interface'],
    ['golang.org/x/net', 'net'],
    ['linux_kernel', 'linux-kernel'],
  ])('%s → %s', (name, key) => {
    expect(nameKey(name)).toBe(key);
  });
});

describe('componentMatchKeys', () => {
  it('keys a deb package by its name, its purl name, its upstream source and its CPE products, each once', () => {
    expect(componentMatchKeys({
      name: 'libssl3',
      purl: 'pkg:deb/debian/libssl3@3.0.11-1~deb12u2?arch=amd64&distro=debian-12&upstream=openssl%403.0.11-1~deb12u2',
      cpes: ['cpe:2.3:a:openssl:openssl:3.0.11:*:*:*:*:*:*:*'],
    })).toEqual(['libssl3', 'openssl']);
  });

  it('keys a signature hit by its name and CPE product', () => {
    expect(componentMatchKeys({ name: 'linux-kernel', purl: 'pkg:generic/linux-kernel@6.1.0', cpes: ['cpe:2.3:o:linux:linux_kernel:6.1.0:*:*:*:*:*:*:*'] })).toEqual(['linux-kernel']);
  });

  it('keeps what it can of a malformed purl or CPE', () => {
    expect(componentMatchKeys({ name: 'Left-Pad', purl: 'not a purl', cpes: ['not a cpe'] })).toEqual(['left-pad']);
  });
});
