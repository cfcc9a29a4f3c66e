import { describe, expect, it } from 'vitest';
import { gemspec } from './gemspec.ts';
import { memoryFile } from '../../test-helpers.ts';
import { fixtureTarMember, fuzzCataloger } from '../../test-fixtures.ts';

// Written by `gem install` (RubyGems 3.3.15), see fixtures/identify/gem-specifications/make.sh.
const DIR = 'usr/share/gems/specifications/';
const RACK = fixtureTarMember('gem-specifications/gems.tar', `${DIR}rack-mini-3.0.9.gemspec`);
const NOKOGIRI = fixtureTarMember('gem-specifications/gems.tar', `${DIR}nokogiri-mini-1.16.2-x86_64-linux.gemspec`);

const at = (file: string): string[] => ['gems.tar', `${DIR}${file}`];

describe('ruby/gemspec', () => {
  it('matches installed specifications only', () => {
    const paths = [`${DIR}rack-3.0.9.gemspec`, 'vendor/bundle/ruby/3.1.0/specifications/a-1.gemspec', 'usr/lib/ruby/gems/3.1.0/specifications/default/openssl-3.0.1.gemspec', 'rack.gemspec', 'src/rack/rack.gemspec'];
    expect(paths.map((p) => gemspec.matches([p], p, undefined))).toEqual([true, true, true, false, false]);
  });

  it('name, version, licences and platform from what RubyGems wrote', async () => {
    const rack = await gemspec.catalog(memoryFile(at('rack-mini-3.0.9.gemspec'), RACK));
    const nokogiri = await gemspec.catalog(memoryFile(at('nokogiri-mini-1.16.2-x86_64-linux.gemspec'), NOKOGIRI));
    expect([...rack.problems, ...nokogiri.problems]).toEqual([]);
    expect([...rack.components, ...nokogiri.components].map((c) => [c.name, c.version, c.codetype, c.vendor, c.purl, c.licenses, c.evidence])).toEqual([
      ['rack-mini', '3.0.9', 'RB', '', 'pkg:gem/rack-mini@3.0.9', ['MIT', 'Ruby'], [{ method: 'package-metadata', foundBy: 'ruby/gemspec', path: at('rack-mini-3.0.9.gemspec'), text: 'rack-mini 3.0.9' }]],
      ['nokogiri-mini', '1.16.2', 'RB', '', 'pkg:gem/nokogiri-mini@1.16.2?platform=x86_64-linux', ['MIT'], [{ method: 'package-metadata', foundBy: 'ruby/gemspec', path: at('nokogiri-mini-1.16.2-x86_64-linux.gemspec'), text: 'nokogiri-mini 1.16.2 x86_64-linux' }]],
    ]);
  });

  it('older RubyGems output: no freeze, single licence, single quotes', async () => {
    const old = "Gem::Specification.new do |s|\n  s.name = %q{ignored}\n  s.name = 'json'\n  s.version = \"1.8.6\"\n  s.license = 'Ruby'\nend\n";
    const { components } = await gemspec.catalog(memoryFile(at('json-1.8.6.gemspec'), old));
    expect(components.map((c) => [c.name, c.version, c.purl, c.licenses])).toEqual([['json', '1.8.6', 'pkg:gem/json@1.8.6', ['Ruby']]]);
  });

  it('a truncated or non-literal gemspec is a located problem', async () => {
    const cut = await gemspec.catalog(memoryFile(at('rack-mini-3.0.9.gemspec'), RACK.subarray(0, 150)));
    expect(cut.components.map((c) => c.purl)).toEqual(['pkg:gem/rack-mini@3.0.9']);
    expect(cut.problems.map((p) => [p.code, p.location, p.message])).toEqual([['malformed', at('rack-mini-3.0.9.gemspec'), 'truncated: the specification block has no closing `end`']]);
    const noVersion = await gemspec.catalog(memoryFile(at('rack-mini-3.0.9.gemspec'), RACK.subarray(0, 120)));
    expect(noVersion.components).toEqual([]);
    expect(noVersion.problems.map((p) => [p.code, p.location, p.message])).toEqual([['malformed', at('rack-mini-3.0.9.gemspec'), 'gemspec without a literal version']]);
    const junk = await gemspec.catalog(memoryFile(at('x-1.gemspec'), 'spec.version = X::VERSION\n'));
    expect(junk.problems.map((p) => p.message)).toEqual(['no `Gem::Specification.new do |s|` block']);
  });

  it('survives seeded mutations', async () => {
    await fuzzCataloger(gemspec, at('rack-mini-3.0.9.gemspec'), RACK);
  });
});
