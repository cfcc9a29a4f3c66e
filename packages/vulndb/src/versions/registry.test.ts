import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ECOSYSTEM_SCHEMES, VERSION_SCHEMES, schemeByName, schemeForEcosystem } from './registry.ts';

describe('version scheme registry', () => {
  it('maps OSV ecosystem names, with or without a release suffix', () => {
    expect(schemeForEcosystem('Debian')?.name).toBe('debian');
    expect(schemeForEcosystem('Debian:12')?.name).toBe('debian');
    expect(schemeForEcosystem('Ubuntu:22.04:LTS')?.name).toBe('debian');
    expect(schemeForEcosystem('Alpine:v3.19')?.name).toBe('alpine');
    expect(schemeForEcosystem('Red Hat:enterprise_linux:9')?.name).toBe('rpm');
    expect(schemeForEcosystem('Rocky Linux:9')?.name).toBe('rpm');
    expect(schemeForEcosystem('AlmaLinux')?.name).toBe('rpm');
    expect(schemeForEcosystem('SUSE')?.name).toBe('rpm');
    expect(schemeForEcosystem('openSUSE')?.name).toBe('rpm');
    expect(schemeForEcosystem('PyPI')?.name).toBe('pep440');
    expect(schemeForEcosystem('Maven')?.name).toBe('maven');
    expect(schemeForEcosystem('npm')?.name).toBe('npm');
    expect(schemeForEcosystem('crates.io')?.name).toBe('semver');
    expect(schemeForEcosystem('Go')?.name).toBe('go');
    expect(schemeForEcosystem('RubyGems')?.name).toBe('rubygems');
    expect(schemeForEcosystem('NuGet')?.name).toBe('nuget');
    expect(schemeForEcosystem('Packagist')?.name).toBe('composer');
    expect(schemeForEcosystem('generic')?.name).toBe('generic');
    expect(schemeForEcosystem('pypi')).toBe(null);
    expect(schemeForEcosystem('Hex')).toBe(null);
  });

  it('keeps both registries sorted', () => {
    const ecosystems = ECOSYSTEM_SCHEMES.map((e) => e.ecosystem);
    expect(ecosystems).toEqual([...ecosystems].sort());
    const names = VERSION_SCHEMES.map((s) => s.name);
    expect(names).toEqual([...names].sort());
  });

  it('registers every scheme module in the folder', () => {
    const helpers = new Set(['types', 'fallback', 'generic-tokens', 'registry', 'range']);
    const modules = readdirSync(new URL('.', import.meta.url))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .filter((f) => !helpers.has(f));
    // Each scheme lives in the file named after it.
    expect(modules.sort()).toEqual(VERSION_SCHEMES.map((s) => s.name).sort());
    expect(schemeByName('debian')?.name).toBe('debian');
    expect(schemeByName('nope')).toBe(null);
  });
});
