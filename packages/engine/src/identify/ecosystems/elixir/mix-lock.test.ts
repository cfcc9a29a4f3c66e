import { describe, expect, it } from 'vitest';
import { mixLock } from './mix-lock.ts';
import { memoryFile } from '../../test-helpers.ts';
import { fuzzCataloger } from '../../test-fixtures.ts';

// As Mix 1.15 writes it: one entry per line, keys sorted.
const LOCK = `%{
  "castore": {:hex, :castore, "1.0.5", "9eeebb394cc9a0f3ae56b813459f990abb0a3dedee1be6b27fdb50301930502f", [:mix], [], "hexpm", "8d7c597c3e4a64c395980882d4bca3cebb8d74197c590dc272cfd3b6a6310578"},
  "jason": {:hex, :jason, "1.4.1", "af1504e35f629ddcdd6addb3513c3853991f694921b1b9368b0bd32beb9f1b63", [:mix], [{:decimal, "~> 1.0 or ~> 2.0", [hex: :decimal, repo: "hexpm", optional: true]}], "hexpm", "fbb01ecdfd565b56261302f7e1fcc27c4fb8f32d56eab74db621fc154604a7a1"},
  "phoenix": {:git, "https://github.com/phoenixframework/phoenix.git", "8f2ef6f0fdb46e7ac8d7ad4e2b5d2e8e9c8b0a1d", [branch: "main"]},
  "secret_sauce": {:hex, :secret_sauce, "0.3.0", "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0", [:mix], [], "hexpm:acme", "1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809"},
  "mangled": {:hex, "no atom"},
}
`;

describe('elixir/mix-lock', () => {
  it('matches mix.lock', () => {
    expect(['mix.lock', 'apps/x/mix.lock', 'mix.exs'].map((p) => mixLock.matches([p], p, undefined))).toEqual([true, true, false]);
  });

  it('hex entries with their organisation; git entries left out; an unreadable entry is a problem', async () => {
    const { components, problems } = await mixLock.catalog(memoryFile(['mix.lock'], LOCK));
    expect(components.map((c) => [c.name, c.version, c.codetype, c.purl, c.evidence[0]?.offset])).toEqual([
      ['castore', '1.0.5', 'NA', 'pkg:hex/castore@1.0.5', LOCK.indexOf('  "castore"')],
      ['jason', '1.4.1', 'NA', 'pkg:hex/jason@1.4.1', LOCK.indexOf('  "jason"')],
      ['secret_sauce', '0.3.0', 'NA', 'pkg:hex/acme/secret_sauce@0.3.0', LOCK.indexOf('  "secret_sauce"')],
    ]);
    expect(problems.map((p) => p.message)).toEqual([`unreadable entry at byte ${LOCK.indexOf('  "mangled"')}`]);
  });

  it('not a map is a problem; mutations never throw', async () => {
    expect((await mixLock.catalog(memoryFile(['mix.lock'], '[]'))).problems.map((p) => p.code)).toEqual(['malformed']);
    await fuzzCataloger(mixLock, ['mix.lock'], Buffer.from(LOCK), 80);
  });
});
