import { describe, expect, it } from 'vitest';
import { composer } from './composer.ts';
import { memoryFile } from '../../test-helpers.ts';

const run = async (path: string, doc: unknown) => composer.catalog(memoryFile([path], typeof doc === 'string' ? doc : JSON.stringify(doc)));
const MONOLOG = { name: 'monolog/monolog', version: '3.5.0', version_normalized: '3.5.0.0', license: ['MIT'], type: 'library' };
const PHPUNIT = { name: 'phpunit/phpunit', version: '10.5.10', license: ['BSD-3-Clause'] };

describe('php/composer', () => {
  it('matches composer.lock and vendor/composer/installed.json', () => {
    expect(['composer.lock', 'a/vendor/composer/installed.json', 'installed.json', 'composer.json'].map((p) => composer.matches([p], p, undefined))).toEqual([true, true, false, false]);
  });

  it.each([
    ['composer.lock', { 'content-hash': 'x', packages: [MONOLOG], 'packages-dev': [PHPUNIT] }],
    ['vendor/composer/installed.json', { packages: [MONOLOG, PHPUNIT], dev: true }],
    ['vendor/composer/installed.json', [MONOLOG, PHPUNIT]],
  ])('%s %#', async (path, doc) => {
    const { components, problems } = await run(path, doc);
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.vendor, c.purl, c.licenses])).toEqual([
      ['monolog/monolog', '3.5.0', 'CP', 'monolog', 'pkg:composer/monolog/monolog@3.5.0', ['MIT']],
      ['phpunit/phpunit', '10.5.10', 'CP', 'phpunit', 'pkg:composer/phpunit/phpunit@10.5.10', ['BSD-3-Clause']],
    ]);
  });

  it('bad JSON, no packages, an entry without version: located problems', async () => {
    expect((await run('composer.lock', '{')).problems.map((p) => p.code)).toEqual(['malformed']);
    expect((await run('composer.lock', { x: 1 })).problems.map((p) => p.message)).toEqual(['no "packages" list']);
    const partial = await run('composer.lock', { packages: [{ name: 'a/b' }, MONOLOG] });
    expect(partial.components.map((c) => c.name)).toEqual(['monolog/monolog']);
    expect(partial.problems.map((p) => p.message)).toEqual(['package entry without name or version (a/b)']);
  });
});
