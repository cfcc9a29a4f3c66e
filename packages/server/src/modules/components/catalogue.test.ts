import { allSignatures, SIGNATURE_FAMILIES } from '@binlens/engine';
import { describe, expect, it } from 'vitest';
import { component } from '../../../test/fake-engine.ts';
import { catalogueEntries, catalogueEntry, catalogueIdOf } from './catalogue.ts';

describe('component catalogue', () => {
  it('holds every signature once, tagged with its family, and the Go standard library', () => {
    const ids = catalogueEntries().map((e) => e.id);
    expect(ids.length).toBe(allSignatures().length + 1);
    expect(new Set(ids).size).toBe(ids.length);
    for (const family of SIGNATURE_FAMILIES) {
      for (const signature of family.signatures) expect(catalogueEntry(signature.id)?.tags).toEqual([family.family]);
    }
    expect(catalogueEntry('go-stdlib')).toMatchObject({ name: 'stdlib', codetype: 'GO', cpe: { part: 'a', vendor: 'golang', product: 'go' }, package: { ecosystem: 'Go', name: 'stdlib' } });
  });

  it('reads a signature\'s CPE as an application or, with o:, an operating system', () => {
    expect(catalogueEntry('zlib')?.cpe).toEqual({ part: 'a', vendor: 'zlib', product: 'zlib' });
    expect(catalogueEntry('linux-kernel')?.cpe).toEqual({ part: 'o', vendor: 'linux', product: 'linux_kernel' });
  });

  it('tells which entry a scan\'s component is', () => {
    const found = (foundBy: string, name = 'x') => catalogueIdOf(component({ name, version: '1', evidence: [{ method: 'signature', foundBy, path: ['f'] }] }));
    expect(found('signatures/zlib')).toBe('zlib');
    expect(found('signatures/no-such-signature')).toBeNull();
    expect(found('go/buildinfo', 'stdlib')).toBe('go-stdlib');
    expect(found('go/buildinfo', 'github.com/google/uuid')).toBeNull();
    expect(found('javascript/package-lock', 'lodash')).toBeNull();
    // A distro package whose file a signature confirmed is that software.
    expect(catalogueIdOf(component({
      name: 'zlib1g', version: '1:1.2.13.dfsg-1',
      evidence: [{ method: 'package-metadata', foundBy: 'debian/dpkg-status', path: ['var/lib/dpkg/status'] }, { method: 'signature', foundBy: 'signatures/zlib', path: ['lib/libz.so.1'] }],
    }))).toBe('zlib');
  });
});
