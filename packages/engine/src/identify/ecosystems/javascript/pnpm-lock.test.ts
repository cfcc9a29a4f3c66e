import { describe, expect, it } from 'vitest';
import { pnpmLock } from './pnpm-lock.ts';
import { memoryFile } from '../../test-helpers.ts';

// As pnpm 8 writes lockfile v6 (integrity hashes shortened).
const V6 = `lockfileVersion: '6.0'

settings:
  autoInstallPeers: true
  excludeLinksFromLockfile: false

dependencies:
  debug:
    specifier: ^4.3.4
    version: 4.3.4
  react-dom:
    specifier: ^18.2.0
    version: 18.2.0(react@18.2.0)

packages:

  /debug@4.3.4:
    resolution: {integrity: sha512-PRWFHuSU3eDtQJPvnNY7Jcket1j0t5OuOsFzPPzsekD52Zl8qUfFIPEiswXqIvHWGVHOgX+7G/vCNNhehwxfkQ==}
    engines: {node: '>=6.0'}
    dependencies:
      ms: 2.1.2
    dev: false

  /ms@2.1.2:
    resolution: {integrity: sha512-sGkPx+VjMtmA6MX27oA4FBFELFCZZ4S4XqeGOXCv68tT+jb3vk/RyaKWP0PTKyWtmLSM0b+adUTEvbs1PEaH2w==}
    dev: false

  /@babel/helper-string-parser@7.23.4:
    resolution: {integrity: sha512-803gmbQdqwdf4olxrX4AJyFBV/RTr3rSmOj0rKwesmzlfhYNDEs+/iOcznzpNWlJlIlTJC2QfPFcHB6DlzdVLQ==}
    engines: {node: '>=6.9.0'}
    dev: false

  /react-dom@18.2.0(react@18.2.0):
    resolution: {integrity: sha512-6IMTriUmvsjHUjNtEDudZfuDQUoWXVxKHhlEGSk81n4YFS+r/Kl99wXiwlVXtPBtJenozv2P+hxDsw9eA7Xo6g==}
    peerDependencies:
      react: ^18.2.0
    dev: false

  /local-thing@file:../thing:
    resolution: {directory: ../thing, type: directory}
    dev: false
`;

// As pnpm 9 writes lockfile v9: packages then snapshots.
const V9 = `lockfileVersion: '9.0'

settings:
  autoInstallPeers: true
  excludeLinksFromLockfile: false

importers:

  .:
    dependencies:
      debug:
        specifier: ^4.3.4
        version: 4.3.4

packages:

  '@babel/helper-string-parser@7.23.4':
    resolution: {integrity: sha512-803gmbQdqwdf4olxrX4AJyFBV/RTr3rSmOj0rKwesmzlfhYNDEs+/iOcznzpNWlJlIlTJC2QfPFcHB6DlzdVLQ==}
    engines: {node: '>=6.9.0'}

  debug@4.3.4:
    resolution: {integrity: sha512-PRWFHuSU3eDtQJPvnNY7Jcket1j0t5OuOsFzPPzsekD52Zl8qUfFIPEiswXqIvHWGVHOgX+7G/vCNNhehwxfkQ==}
    engines: {node: '>=6.0'}

  ms@2.1.2:
    resolution: {integrity: sha512-sGkPx+VjMtmA6MX27oA4FBFELFCZZ4S4XqeGOXCv68tT+jb3vk/RyaKWP0PTKyWtmLSM0b+adUTEvbs1PEaH2w==}

snapshots:

  debug@4.3.4:
    dependencies:
      ms: 2.1.2

  ms@2.1.2: {}
`;

describe('javascript/pnpm-lock', () => {
  it('matches pnpm-lock.yaml', () => {
    expect(['pnpm-lock.yaml', 'web/pnpm-lock.yaml', 'pnpm-workspace.yaml'].map((p) => pnpmLock.matches([p], p, undefined))).toEqual([true, true, false]);
  });

  it('v6: /name@version keys, peer suffixes cut, file: entries skipped', async () => {
    const { components, problems } = await pnpmLock.catalog(memoryFile(['pnpm-lock.yaml'], V6));
    expect(components.map((c) => [c.name, c.version, c.codetype, c.purl])).toEqual([
      ['debug', '4.3.4', 'JS', 'pkg:npm/debug@4.3.4'],
      ['ms', '2.1.2', 'JS', 'pkg:npm/ms@2.1.2'],
      ['@babel/helper-string-parser', '7.23.4', 'JS', 'pkg:npm/%40babel/helper-string-parser@7.23.4'],
      ['react-dom', '18.2.0', 'JS', 'pkg:npm/react-dom@18.2.0'],
    ]);
    expect(problems).toEqual([]);
  });

  it('v9: name@version keys, snapshots not counted twice', async () => {
    const { components } = await pnpmLock.catalog(memoryFile(['pnpm-lock.yaml'], V9));
    expect(components.map((c) => `${c.name}@${c.version}`)).toEqual(['@babel/helper-string-parser@7.23.4', 'debug@4.3.4', 'ms@2.1.2']);
  });

  it('v5: /name/version keys', async () => {
    const { components } = await pnpmLock.catalog(memoryFile(['pnpm-lock.yaml'], "lockfileVersion: 5.4\n\npackages:\n\n  /ms/2.1.2:\n    resolution: {integrity: sha512-x}\n\n  /@types/node/20.10.0:\n    dev: true\n"));
    expect(components.map((c) => `${c.name}@${c.version}`)).toEqual(['ms@2.1.2', '@types/node@20.10.0']);
  });

  it('a file without lockfileVersion is a problem', async () => {
    expect((await pnpmLock.catalog(memoryFile(['pnpm-lock.yaml'], 'garbage'))).problems.map((p) => p.code)).toEqual(['malformed']);
  });
});
