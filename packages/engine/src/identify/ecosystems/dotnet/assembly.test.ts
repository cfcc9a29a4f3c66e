import { describe, expect, it } from 'vitest';
import { dotnetAssembly } from './assembly.ts';
import { memoryFile } from '../../test-helpers.ts';
import { fixtureBytes, fuzzCataloger } from '../../test-fixtures.ts';

// Compiled by mcs, see fixtures/identify/dotnet-assembly/make.sh.
const DLL = fixtureBytes('dotnet-assembly/Binlens.Json.dll');
const PATH = ['app.zip', 'lib/Binlens.Json.dll'];
// PE32 layout of that file: data directory 14 (CLI header) sits at byte 360; .text holds
// the metadata at file offsets 512-2047, .rsrc the version resource from 2048.
const CLI_DIRECTORY = 360;

describe('dotnet/assembly', () => {
  it('matches PE executables only', () => {
    expect(['executable/pe', 'executable/elf', undefined].map((f) => dotnetAssembly.matches(PATH, 'lib/Binlens.Json.dll', f))).toEqual([true, false, false]);
  });

  it('name from the Assembly table, version from ProductVersion; all three versions in the evidence', async () => {
    const { components, problems } = await dotnetAssembly.catalog(memoryFile(PATH, DLL));
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.vendor, c.purl, c.evidence])).toEqual([
      ['Binlens.Json', '13.0.3', 'MS', '', 'pkg:nuget/Binlens.Json@13.0.3', [{ method: 'package-metadata', foundBy: 'dotnet/assembly', path: PATH, text: 'Assembly Binlens.Json 13.0.0.0; ProductVersion 13.0.3+0a2e291c; FileVersion 13.0.3.27908' }]],
    ]);
  });

  it('without a version resource the assembly version is used', async () => {
    const noResources = Buffer.from(DLL);
    noResources.fill(0, 2048, 3072);
    const { components } = await dotnetAssembly.catalog(memoryFile(PATH, noResources));
    expect(components.map((c) => [c.purl, c.evidence[0]?.text])).toEqual([['pkg:nuget/Binlens.Json@13.0.0.0', 'Assembly Binlens.Json 13.0.0.0']]);
  });

  it('a native PE gives nothing; a truncated assembly is a located problem', async () => {
    const native = Buffer.from(DLL);
    native.fill(0, CLI_DIRECTORY, CLI_DIRECTORY + 8);
    expect(await dotnetAssembly.catalog(memoryFile(PATH, native))).toEqual({ components: [], problems: [] });
    const cut = await dotnetAssembly.catalog(memoryFile(PATH, DLL.subarray(0, 700)));
    expect(cut.components).toEqual([]);
    expect(cut.problems.map((p) => [p.code, p.location, p.message])).toEqual([['malformed', PATH, '.NET metadata: stream headers cut short']]);
    const junk = await dotnetAssembly.catalog(memoryFile(PATH, Buffer.from('MZ but nothing else')));
    expect(junk.problems.map((p) => p.message)).toEqual(['no MZ header']);
  });

  it('survives seeded mutations', async () => {
    await fuzzCataloger(dotnetAssembly, PATH, DLL, 200);
  });
});
