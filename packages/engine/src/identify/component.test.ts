import { describe, expect, it } from 'vitest';
import { makeComponent, mergeComponents } from './component.ts';

const base = { name: 'zlib1g', version: '1:1.2.13.dfsg-1', codetype: 'DP' as const, vendor: 'debian', purl: 'pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1' };

describe('components', () => {
  it('id is the sha1 of the identity and ignores evidence', () => {
    const a = makeComponent({ ...base, evidence: [{ method: 'package-metadata', foundBy: 'x', path: ['a'] }] });
    const b = makeComponent({ ...base, evidence: [] });
    expect(a.id).toBe(b.id);
    expect(a.id).toMatch(/^[0-9a-f]{40}$/);
    expect(makeComponent({ ...base, distro: { name: 'debian', release: '12' }, evidence: [] }).id).not.toBe(a.id);
  });

  it('merges duplicates keeping all evidence and licences, sorted by name then version', () => {
    const one = makeComponent({ ...base, licenses: ['Zlib'], evidence: [{ method: 'package-metadata', foundBy: 'b', path: ['z'] }] });
    const two = makeComponent({ ...base, licenses: ['Zlib', 'MIT'], evidence: [{ method: 'package-metadata', foundBy: 'a', path: ['a'] }] });
    const other = makeComponent({ ...base, name: 'base-files', version: '12.4', evidence: [] });
    const merged = mergeComponents([one, other, two, one]);
    expect(merged.map((c) => c.name)).toEqual(['base-files', 'zlib1g']);
    expect(merged[1]?.licenses).toEqual(['Zlib', 'MIT']);
    expect(merged[1]?.evidence.map((e) => e.path)).toEqual([['a'], ['z']]);
  });

  it('bounds evidence text', () => {
    const c = makeComponent({ ...base, evidence: [{ method: 'signature', foundBy: 'x', path: [], text: 'x'.repeat(1000) }] });
    expect(c.evidence[0]?.text?.length).toBe(300);
  });
});
