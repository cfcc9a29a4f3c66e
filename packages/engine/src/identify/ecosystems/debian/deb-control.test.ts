import { describe, expect, it } from 'vitest';
import { debControl } from './deb-control.ts';
import { memoryFile } from '../../test-helpers.ts';

describe('debian/deb-control', () => {
  it('matches only the control file of a control.tar', () => {
    expect(debControl.matches(['x.deb', 'control.tar.xz', 'control.tar', 'control'], 'control')).toBe(true);
    expect(debControl.matches(['control.tar', 'control'], 'control')).toBe(true);
    expect(debControl.matches(['data.tar.xz', 'data.tar', 'control'], 'control')).toBe(false);
    expect(debControl.matches(['control'], 'control')).toBe(false);
  });

  it('turns the control paragraph into the package, evidence on the .deb', async () => {
    const path = ['pool/hello_1.0_arm64.deb', 'control.tar.gz', 'control.tar', 'control'];
    const result = await debControl.catalog(memoryFile(path, 'Package: hello\nVersion: 1.0\nArchitecture: arm64\nMaintainer: x\n'));
    expect(result.problems).toEqual([]);
    expect(result.components.map((c) => [c.name, c.version, c.codetype, c.purl, c.evidence])).toEqual([
      [
        'hello',
        '1.0',
        'DP',
        'pkg:deb/debian/hello@1.0?arch=arm64',
        [{ method: 'package-metadata', foundBy: 'debian/deb-control', path: ['pool/hello_1.0_arm64.deb'], text: 'control.tar.gz/control.tar/control: Package: hello' }],
      ],
    ]);
  });

  it('an empty or nameless control file is a problem', async () => {
    const empty = await debControl.catalog(memoryFile(['control.tar', 'control'], ''));
    expect(empty).toEqual({ components: [], problems: [{ level: 'warning', location: ['control.tar', 'control'], code: 'malformed', message: 'no fields' }] });
    const nameless = await debControl.catalog(memoryFile(['control.tar', 'control'], 'Version: 1\n'));
    expect(nameless.problems.map((p) => p.message)).toEqual(['paragraph without a Package field']);
  });
});
