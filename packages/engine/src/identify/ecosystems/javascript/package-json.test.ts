import { describe, expect, it } from 'vitest';
import { packageJson } from './package-json.ts';
import { memoryFile } from '../../test-helpers.ts';

const run = async (content: string) => packageJson.catalog(memoryFile(['node_modules/x/package.json'], content));

describe('javascript/package-json', () => {
  it('matches package.json by name only', () => {
    expect(['package.json', 'a/package.json', 'a/package.json5', 'a/mypackage.json'].map((p) => packageJson.matches([p], p))).toEqual([true, true, false, false]);
  });

  it.each([
    ['{"name":"left-pad","version":"1.3.0","license":"WTFPL"}', 'left-pad', 'pkg:npm/left-pad@1.3.0', ['WTFPL']],
    ['{"name":"@babel/core","version":"7.24.0","license":{"type":"MIT"}}', '@babel/core', 'pkg:npm/%40babel/core@7.24.0', ['MIT']],
    ['{"name":"old","version":"0.1.0","licenses":[{"type":"MIT"},"Apache-2.0"]}', 'old', 'pkg:npm/old@0.1.0', ['MIT', 'Apache-2.0']],
    ['{"name":"nolicense","version":"1.0.0-beta.1"}', 'nolicense', 'pkg:npm/nolicense@1.0.0-beta.1', []],
  ])('%s', async (content, name, purl, licenses) => {
    const { components, problems } = await run(content);
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.codetype, c.purl, c.licenses, c.evidence[0]?.foundBy])).toEqual([[name, 'JS', purl, licenses, 'javascript/package-json']]);
  });

  it('skips manifests without name or version', async () => {
    expect(await run('{"private":true,"workspaces":["a"]}')).toEqual({ components: [], problems: [] });
    expect(await run('{"name":"x","version":3}')).toEqual({ components: [], problems: [] });
    expect(await run('[1,2]')).toEqual({ components: [], problems: [] });
  });

  it('malformed JSON is a located problem', async () => {
    const { components, problems } = await run('{"name": "x",');
    expect(components).toEqual([]);
    expect(problems.map((p) => [p.level, p.code, p.location])).toEqual([['warning', 'malformed', ['node_modules/x/package.json']]]);
  });
});
