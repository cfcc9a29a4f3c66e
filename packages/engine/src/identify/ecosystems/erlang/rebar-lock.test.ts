import { describe, expect, it } from 'vitest';
import { rebarLock } from './rebar-lock.ts';
import { memoryFile } from '../../test-helpers.ts';
import { fuzzCataloger } from '../../test-fixtures.ts';

// As rebar3 3.22 writes it (hashes shortened): the lock list, then the hashes.
const LOCK = `{"1.2.0",
[{<<"certifi">>,{pkg,<<"certifi">>,<<"2.12.0">>},1},
 {<<"cowboy">>,{git,"https://github.com/ninenines/cowboy.git",{ref,"9e600f6c1df3c440bc196b66ebbc005d70107217"}},0},
 {<<"hackney">>,{pkg,<<"hackney">>,<<"1.20.1">>},0},
 {<<"ssl_verify_fun">>,{pkg,<<"ssl_verify_fun">>,<<"1.1.7">>},1}]}.
[
{pkg_hash,[
 {<<"certifi">>, <<"2D1CCA2EC95F59643862AF91F001478C9863C2AC9CB6E2F89780BFD8DE987329">>},
 {<<"hackney">>, <<"8D97AEC62DDDDD757D128BFD1DF6C5861093419F8F7A4223823537BAD5D064E2">>}]},
{pkg_hash_ext,[
 {<<"certifi">>, <<"EE68D85DF22E554040CDB4BE100F33873AC6051387BAF6A8F6CE82272340FF1C">>}]}
].
`;
// rebar3 before 3.5: the bare list, with an application whose Hex package is named differently.
const OLD = `[{<<"jsx">>,{pkg,<<"jsx_fork">>,<<"2.8.0">>},0}].
`;

describe('erlang/rebar-lock', () => {
  it('matches rebar.lock', () => {
    expect(['rebar.lock', 'apps/a/rebar.lock', 'rebar.config'].map((p) => rebarLock.matches([p], p, undefined))).toEqual([true, true, false]);
  });

  it('Hex locks of the 1.2.0 format; git locks left out', async () => {
    const { components, problems } = await rebarLock.catalog(memoryFile(['rebar.lock'], LOCK));
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.purl, c.evidence[0]?.offset])).toEqual([
      ['certifi', '2.12.0', 'NA', 'pkg:hex/certifi@2.12.0', LOCK.indexOf('{<<"certifi">>')],
      ['hackney', '1.20.1', 'NA', 'pkg:hex/hackney@1.20.1', LOCK.indexOf('{<<"hackney">>')],
      ['ssl_verify_fun', '1.1.7', 'NA', 'pkg:hex/ssl_verify_fun@1.1.7', LOCK.indexOf('{<<"ssl_verify_fun">>')],
    ]);
  });

  it('the pre-3.5 list, by the Hex package name', async () => {
    expect((await rebarLock.catalog(memoryFile(['rebar.lock'], OLD))).components.map((c) => c.purl)).toEqual(['pkg:hex/jsx_fork@2.8.0']);
  });

  it('not a lock is a problem; mutations never throw', async () => {
    expect((await rebarLock.catalog(memoryFile(['rebar.lock'], 'hello'))).problems.map((p) => p.code)).toEqual(['malformed']);
    await fuzzCataloger(rebarLock, ['rebar.lock'], Buffer.from(LOCK), 80);
  });
});
