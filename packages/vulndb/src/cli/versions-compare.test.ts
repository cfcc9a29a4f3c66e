import { describe, expect, it } from 'vitest';
import { runVersionsCompare } from './versions-compare.ts';

describe('runVersionsCompare', () => {
  it('answers one symbol per line', () => {
    expect(runVersionsCompare('Debian', '1.0~rc1 1.0\n1:1.0 2.0\n\n  1.0-1   1.0-01  \n')).toEqual({
      output: '<\n>\n=\n',
      exitCode: 0,
    });
  });

  it('accepts OSV ecosystems with a release suffix', () => {
    expect(runVersionsCompare('Alpine:v3.19', '3.1.4-r5 3.1.4-r6')).toEqual({ output: '<\n', exitCode: 0 });
  });

  it('marks malformed lines with their number and goes on', () => {
    expect(runVersionsCompare('generic', '1.0.2k 1.0.2za\n1.0\n1 2 3\n6.1-rc3 6.1')).toEqual({
      output:
        '<\n?\tline 2: expected two versions "A B", got 1 field(s)\n' +
        '?\tline 3: expected two versions "A B", got 3 field(s)\n<\n',
      exitCode: 1,
    });
  });

  it('notes versions the scheme rejects', () => {
    expect(runVersionsCompare('npm', '1.0 1.0.1')).toEqual({
      output: '<\tnote: "1.0" not valid for npm; compared by the fallback order\n',
      exitCode: 0,
    });
  });

  it('lists the known ecosystems for an unknown one', () => {
    expect(runVersionsCompare('pypi', '1 2')).toEqual({
      output:
        'unknown ecosystem "pypi"; known: AlmaLinux, Alpine, Debian, Go, Maven, NuGet, Packagist, PyPI, Red Hat, ' +
        'Rocky Linux, RubyGems, SUSE, Ubuntu, crates.io, generic, npm, openSUSE\n',
      exitCode: 2,
    });
  });
});
