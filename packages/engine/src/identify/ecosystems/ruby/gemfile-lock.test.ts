import { describe, expect, it } from 'vitest';
import { gemfileLock } from './gemfile-lock.ts';
import { memoryFile } from '../../test-helpers.ts';

// As Bundler 2.5 writes it.
const LOCK = `GIT
  remote: https://github.com/example/tiny.git
  revision: 0123456789abcdef0123456789abcdef01234567
  specs:
    tiny (0.2.0)

GEM
  remote: https://rubygems.org/
  specs:
    nokogiri (1.16.2-x86_64-linux)
      racc (~> 1.4)
    rack (3.0.9.1)
    racc (1.7.3)

PLATFORMS
  x86_64-linux

DEPENDENCIES
  nokogiri (~> 1.16)
  rack

BUNDLED WITH
   2.5.6
`;

describe('ruby/gemfile-lock', () => {
  it('matches Gemfile.lock and gems.locked', () => {
    expect(['Gemfile.lock', 'app/gems.locked', 'Gemfile'].map((p) => gemfileLock.matches([p], p, undefined))).toEqual([true, true, false]);
  });

  it('resolved specs of every source, platform apart from version', async () => {
    const { components, problems } = await gemfileLock.catalog(memoryFile(['Gemfile.lock'], LOCK));
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.purl])).toEqual([
      ['tiny', '0.2.0', 'RB', 'pkg:gem/tiny@0.2.0'],
      ['nokogiri', '1.16.2', 'RB', 'pkg:gem/nokogiri@1.16.2?platform=x86_64-linux'],
      ['rack', '3.0.9.1', 'RB', 'pkg:gem/rack@3.0.9.1'],
      ['racc', '1.7.3', 'RB', 'pkg:gem/racc@1.7.3'],
    ]);
  });

  it('bad spec lines and section-less files are problems', async () => {
    const { components, problems } = await gemfileLock.catalog(memoryFile(['Gemfile.lock'], 'GEM\n  specs:\n    rack (latest)\n'));
    expect(components).toEqual([]);
    expect(problems.map((p) => p.message)).toEqual(['line 3: no version in "rack (latest)"']);
    expect((await gemfileLock.catalog(memoryFile(['Gemfile.lock'], 'hello'))).problems.map((p) => p.code)).toEqual(['malformed']);
  });
});
