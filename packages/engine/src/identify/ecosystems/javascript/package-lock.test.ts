import { describe, expect, it } from 'vitest';
import { packageLock } from './package-lock.ts';
import { memoryFile } from '../../test-helpers.ts';

const run = async (lock: unknown) => packageLock.catalog(memoryFile(['app/package-lock.json'], typeof lock === 'string' ? lock : JSON.stringify(lock)));
const summary = (r: Awaited<ReturnType<typeof run>>) => r.components.map((c) => [c.name, c.version, c.purl, c.licenses]);

describe('javascript/package-lock', () => {
  it('matches lock file names', () => {
    expect(['package-lock.json', 'a/npm-shrinkwrap.json', 'node_modules/.package-lock.json', 'package.json'].map((p) => packageLock.matches([p], p, undefined))).toEqual([true, true, true, false]);
  });

  it('v1: nested dependencies, skipping file: and git versions', async () => {
    const lock = {
      name: 'app', version: '1.0.0', lockfileVersion: 1, requires: true,
      dependencies: {
        'left-pad': { version: '1.3.0', resolved: 'https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz', integrity: 'sha512-x' },
        '@babel/core': { version: '7.24.0', dependencies: { semver: { version: '6.3.1' } } },
        local: { version: 'file:../local' },
      },
    };
    expect(summary(await run(lock))).toEqual([
      ['left-pad', '1.3.0', 'pkg:npm/left-pad@1.3.0', []],
      ['@babel/core', '7.24.0', 'pkg:npm/%40babel/core@7.24.0', []],
      ['semver', '6.3.1', 'pkg:npm/semver@6.3.1', []],
    ]);
  });

  it('v2/v3: packages keyed by path, licences, no root, no links, no workspace dirs', async () => {
    const lock = {
      name: 'app', version: '1.0.0', lockfileVersion: 3, requires: true,
      packages: {
        '': { name: 'app', version: '1.0.0', workspaces: ['packages/a'] },
        'node_modules/@babel/core': { version: '7.24.0', license: 'MIT' },
        'node_modules/@babel/core/node_modules/semver': { version: '6.3.1', license: 'ISC' },
        'node_modules/a': { resolved: 'packages/a', link: true },
        'packages/a': { version: '0.0.1' },
        'node_modules/string-width-cjs': { name: 'string-width', version: '4.2.3', license: 'MIT' },
      },
    };
    expect(summary(await run(lock))).toEqual([
      ['@babel/core', '7.24.0', 'pkg:npm/%40babel/core@7.24.0', ['MIT']],
      ['semver', '6.3.1', 'pkg:npm/semver@6.3.1', ['ISC']],
      ['string-width', '4.2.3', 'pkg:npm/string-width@4.2.3', ['MIT']],
    ]);
  });

  it('malformed and shapeless locks are located problems', async () => {
    expect((await run('{"lockfileVersion": 3,')).problems.map((p) => [p.code, p.location])).toEqual([['malformed', ['app/package-lock.json']]]);
    expect((await run({ lockfileVersion: 3 })).problems.map((p) => p.message)).toEqual(['neither "packages" nor "dependencies" in the lock file']);
  });
});
