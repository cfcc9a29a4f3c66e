import { describe, expect, it } from 'vitest';
import { conanLock } from './conan-lock.ts';
import { vcpkgJson } from './vcpkg-json.ts';
import { memoryFile } from '../../test-helpers.ts';

// As Conan 2.0 writes `conan lock create`.
const CONAN2 = `{
    "version": "0.5",
    "requires": [
        "zlib/1.3#b3b71bfe8dd07abc7b82ff2bd0eac021%1701245395.123",
        "openssl/3.2.0#8c7a2e8f7a0e6b5a6c1e9b2b7f6a3d1c%1700000000.5"
    ],
    "build_requires": [
        "cmake/3.27.7#d0c5ac3d8f6ab9d8d56a1d8d6ac1a7d3%1699000000.1"
    ],
    "python_requires": [],
    "config_requires": []
}`;

// Conan 1.x graph lock (version 0.4).
const CONAN1 = JSON.stringify({
  graph_lock: {
    nodes: {
      '0': { options: '', path: '../conanfile.txt', requires: ['1'] },
      '1': { ref: 'boost/1.83.0@acme/stable#8a1c', options: 'shared=False', package_id: 'abc', prev: '0' },
      '2': { ref: 'bzip2/1.0.8', options: '' },
    },
    revisions_enabled: true,
  },
  version: '0.4',
  profile_host: '[settings]\nos=Linux',
});

const VCPKG = JSON.stringify({
  name: 'my-app',
  'version-string': '1.0.0',
  dependencies: ['fmt', { name: 'zlib', 'version>=': '1.2.13' }, { name: 'curl', features: ['ssl'] }],
  overrides: [
    { name: 'fmt', version: '10.1.1' },
    { name: 'zlib', version: '1.3', 'port-version': 1 },
  ],
  'builtin-baseline': '3426db05b996481ca31e95fff3734cf23e0f51bc',
});

describe('cpp/conan-lock', () => {
  it('matches conan.lock', () => {
    expect(['conan.lock', 'x/conan.lock', 'conanfile.txt'].map((p) => conanLock.matches([p], p, undefined))).toEqual([true, true, false]);
  });

  it('Conan 2: requires and build requires, revisions dropped', async () => {
    const { components } = await conanLock.catalog(memoryFile(['conan.lock'], CONAN2));
    expect(components.map((c) => [c.name, c.version, c.codetype, c.purl])).toEqual([
      ['zlib', '1.3', 'NA', 'pkg:conan/zlib@1.3'],
      ['openssl', '3.2.0', 'NA', 'pkg:conan/openssl@3.2.0'],
      ['cmake', '3.27.7', 'NA', 'pkg:conan/cmake@3.27.7'],
    ]);
  });

  it('Conan 1: graph nodes with a ref, user/channel as qualifiers', async () => {
    const { components } = await conanLock.catalog(memoryFile(['conan.lock'], CONAN1));
    expect(components.map((c) => c.purl)).toEqual(['pkg:conan/boost@1.83.0?channel=stable&user=acme', 'pkg:conan/bzip2@1.0.8']);
  });

  it('truncated JSON is a problem', async () => {
    expect((await conanLock.catalog(memoryFile(['conan.lock'], '{"requires": ['))).problems.map((p) => p.code)).toEqual(['malformed']);
  });
});

describe('cpp/vcpkg-json', () => {
  it('matches vcpkg.json', () => {
    expect(['vcpkg.json', 'x/vcpkg.json', 'vcpkg-configuration.json'].map((p) => vcpkgJson.matches([p], p, undefined))).toEqual([true, true, false]);
  });

  it('exact versions from overrides only; version>= is not a version', async () => {
    const { components } = await vcpkgJson.catalog(memoryFile(['vcpkg.json'], VCPKG));
    expect(components.map((c) => [c.name, c.version, c.purl])).toEqual([
      ['curl', '', 'pkg:generic/vcpkg/curl'],
      ['fmt', '10.1.1', 'pkg:generic/vcpkg/fmt@10.1.1'],
      ['zlib', '1.3#1', 'pkg:generic/vcpkg/zlib@1.3%231'],
    ]);
  });

  it('truncated JSON is a problem', async () => {
    expect((await vcpkgJson.catalog(memoryFile(['vcpkg.json'], '{'))).problems.map((p) => p.code)).toEqual(['malformed']);
  });
});
