import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scan } from '../index.ts';
import type { FileEntry } from '../model/index.ts';
import { makeComponent } from './component.ts';
import { addSonameEvidence } from './soname.ts';

const LIB = ['rootfs.tar', 'opt/vendor/lib/libvendorxml.so'];
// What signatures/expat reads from Debian 12's libexpat.so.1.8.10 (fixtures/identify/soname-libs).
const expat = makeComponent({
  name: 'expat',
  version: '2.5.0',
  codetype: 'NA',
  vendor: 'libexpat project',
  purl: 'pkg:generic/expat@2.5.0',
  evidence: [{ method: 'signature', foundBy: 'signatures/expat', path: LIB, offset: 1234, text: 'expat_2.5.0' }],
});
const library = (path: string[], soname: string): FileEntry => ({ path, size: 1, sha1: '', sha256: '', format: 'executable/elf', executable: { format: 'elf', machine: 'x86-64', bits: 64, endianness: 'little', type: 'shared-object', soname } });

describe('addSonameEvidence', () => {
  it("adds the library's soname when the signature's file names accept it", () => {
    const [out] = addSonameEvidence([expat], [library(LIB, 'libexpat.so.1')]);
    expect(out?.evidence.map((e) => [e.method, e.foundBy, e.path, e.text])).toEqual([
      ['signature', 'signatures/expat', LIB, 'expat_2.5.0'],
      ['soname', 'identify/soname', LIB, 'libexpat.so.1'],
    ]);
    expect(out?.id).toBe(expat.id);
  });

  it('an unrelated soname, another file, or a soname alone adds nothing and makes no component', () => {
    expect(addSonameEvidence([expat], [library(LIB, 'libvendorxml.so.2')])).toEqual([expat]);
    expect(addSonameEvidence([expat], [library(['rootfs.tar', 'usr/lib/libexpat.so.1'], 'libexpat.so.1')])).toEqual([expat]);
    expect(addSonameEvidence([], [library(LIB, 'libexpat.so.1')])).toEqual([]);
  });

  it('on real Debian 12 libraries: zlib at its own name, expat renamed by a vendor', async () => {
    // The scan adds the evidence itself; adding it again changes nothing.
    const result = await scan(fileURLToPath(new URL('../../fixtures/identify/soname-libs/libs.tar.zst', import.meta.url)));
    expect(addSonameEvidence(result.components, result.files)).toEqual(result.components);
    const out = result.components;
    expect(out.map((c) => [c.name, c.version, c.evidence.filter((e) => e.method === 'soname').map((e) => [e.path, e.text])])).toEqual([
      ['expat', '2.5.0', [[['libs.tar', 'opt/vendor/lib/libvendorxml.so'], 'libexpat.so.1']]],
      ['zlib', '1.2.13', [[['libs.tar', 'usr/lib/libz.so.1.2.13'], 'libz.so.1']]],
    ]);
  });
});
