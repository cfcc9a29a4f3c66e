import { describe, expect, it } from 'vitest';
import { depsJson } from './deps-json.ts';
import { memoryFile } from '../../test-helpers.ts';

// As the .NET 8 SDK writes `App.deps.json` (hashes shortened).
const DEPS = JSON.stringify({
  runtimeTarget: { name: '.NETCoreApp,Version=v8.0', signature: '' },
  compilationOptions: {},
  targets: {
    '.NETCoreApp,Version=v8.0': {
      'App/1.0.0': { dependencies: { 'Newtonsoft.Json': '13.0.3', 'Serilog': '3.1.1' }, runtime: { 'App.dll': {} } },
      'Newtonsoft.Json/13.0.3': { runtime: { 'lib/net6.0/Newtonsoft.Json.dll': { assemblyVersion: '13.0.0.0', fileVersion: '13.0.3.27908' } } },
      'Serilog/3.1.1': { runtime: { 'lib/net7.0/Serilog.dll': { assemblyVersion: '2.0.0.0', fileVersion: '3.1.1.0' } } },
    },
  },
  libraries: {
    'App/1.0.0': { type: 'project', serviceable: false, sha512: '' },
    'Newtonsoft.Json/13.0.3': { type: 'package', serviceable: true, sha512: 'sha512-HrC5BXdl00IP9zeV+0Z848QWPAoCr9P3bDEZguI+gkLcBKAOxix/tLEAAHC+UvDNPv4a2d18lOReHMOagPa+zQ==', path: 'newtonsoft.json/13.0.3', hashPath: 'newtonsoft.json.13.0.3.nupkg.sha512' },
    'Serilog/3.1.1': { type: 'package', serviceable: true, sha512: 'sha512-x', path: 'serilog/3.1.1', hashPath: 'serilog.3.1.1.nupkg.sha512' },
    'System.Xml/4.0.0.0': { type: 'reference', serviceable: false, sha512: '' },
  },
});

describe('dotnet/deps-json', () => {
  it('matches *.deps.json', () => {
    expect(['App.deps.json', 'app/My.Web.deps.json', 'App.runtimeconfig.json'].map((p) => depsJson.matches([p], p, undefined))).toEqual([true, true, false]);
  });

  it('NuGet packages only, code type MS', async () => {
    const { components, problems } = await depsJson.catalog(memoryFile(['App.deps.json'], DEPS));
    expect(components.map((c) => [c.name, c.version, c.codetype, c.purl])).toEqual([
      ['Newtonsoft.Json', '13.0.3', 'MS', 'pkg:nuget/Newtonsoft.Json@13.0.3'],
      ['Serilog', '3.1.1', 'MS', 'pkg:nuget/Serilog@3.1.1'],
    ]);
    expect(problems).toEqual([]);
  });

  it('a file without libraries is a problem', async () => {
    expect((await depsJson.catalog(memoryFile(['App.deps.json'], '{"targets": {}}'))).problems.map((p) => p.code)).toEqual(['malformed']);
  });
});
