// Every signature against its real samples (true and must-not-match), embedded in
// binary-like surroundings (NULs and other strings), through the real matcher.
import parseSpdx from 'spdx-expression-parse';
import deprecatedSpdxIds from 'spdx-license-ids/deprecated.json' with { type: 'json' };
import spdxIds from 'spdx-license-ids/index.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { SignatureMatcher } from './matcher.ts';
import { SIGNATURE_FAMILIES, allSignatures } from './registry.ts';
import { reportedVersion, signatureComponent } from './signature-component.ts';

const SIGNATURES = allSignatures();
const matcher = new SignatureMatcher(SIGNATURES);

async function scanBytes(bytes: Buffer) {
  return matcher.scan(bytes.length, async (offset, length) => bytes.subarray(offset, offset + length));
}

function inBinary(text: string): Buffer {
  return Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\0\0\0GCC: (Debian 12.2.0-14) 12.2.0\0', 'latin1'), Buffer.from(`\0${text}\0`, 'latin1'), Buffer.alloc(32)]);
}

const cases = SIGNATURES.flatMap((s) => (s.samples ?? []).map((sample) => [s.id, sample.text, sample.version] as const));

describe('signature data', () => {
  it('ids are unique; every entry has a version pattern with samples, or file names only', () => {
    const ids = SIGNATURES.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of SIGNATURES) {
      if (s.patterns) expect((s.samples ?? []).some((x) => x.version !== ''), `${s.id} has no true sample`).toBe(true);
      else expect(s.fileNames?.length ?? 0, `${s.id} has neither patterns nor file names`).toBeGreaterThan(0);
    }
  });

  it('every pattern contains its anchor literally and a version group', () => {
    for (const s of SIGNATURES) {
      for (const p of s.patterns ?? []) {
        expect(new RegExp(p.regex).source.includes('(?<version>'), `${s.id}: ${p.regex}`).toBe(true);
        expect(p.anchor.length, `${s.id}: anchor too short`).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it('families are sorted', () => {
    expect(SIGNATURE_FAMILIES.map((f) => f.family)).toEqual([...SIGNATURE_FAMILIES.map((f) => f.family)].sort());
  });

  it('every licence is an SPDX expression of current ids on the SPDX licence list', () => {
    const current = new Set(spdxIds);
    const deprecated = new Set(deprecatedSpdxIds);
    for (const s of SIGNATURES.filter((x) => x.license !== undefined)) {
      const ids = spdxLicenseIds(parseSpdx(s.license ?? ''), s.id);
      for (const id of ids) expect(current.has(id) && !deprecated.has(id), `${s.id}: ${id} is not a current SPDX id`).toBe(true);
    }
  });

  it(`counts ${SIGNATURES.length} signatures`, () => {
    expect(SIGNATURES.length).toBeGreaterThanOrEqual(90);
  });
});

describe.each(cases)('%s on %j', (id, text, version) => {
  it(version === '' ? 'does not match' : `reads ${version}`, async () => {
    const hits = (await scanBytes(inBinary(text))).filter((h) => h.signature.id === id);
    expect(hits.map((h) => reportedVersion(h.signature, h.version))).toEqual(version === '' ? [] : [version]);
  });
});

describe('signature component', () => {
  it('takes its licence from the entry and keeps it on the evidence', async () => {
    const text = 'OpenSSL 3.0.19 27 Jan 2026';
    const [hit] = (await scanBytes(inBinary(text))).filter((h) => h.signature.id === 'openssl');
    expect(hit).toBeDefined();
    if (!hit) return;
    const component = signatureComponent({ signature: hit.signature, version: hit.version, path: ['usr/lib/x86_64-linux-gnu/libcrypto.so.3'], method: 'signature', offset: hit.offset, text: hit.text });
    expect(component.licenses).toEqual(['Apache-2.0']);
    expect(component.evidence).toEqual([
      { method: 'signature', foundBy: 'signatures/openssl', path: ['usr/lib/x86_64-linux-gnu/libcrypto.so.3'], text, offset: hit.offset, license: 'Apache-2.0' },
    ]);
  });

  it('reports a version kept as one number dotted: libxml2 20914 is 2.9.14', async () => {
    // xmlParserVersion in Debian 12's libxml2.so.2.9.14, with the bytes around it.
    const text = '::20914\0\0\0\0\0xmlGetGlobalState: out of memory\n\0Internal error : %s\n';
    const [hit] = (await scanBytes(inBinary(text))).filter((h) => h.signature.id === 'libxml2');
    expect([hit?.version, hit?.text]).toEqual(['20914', '20914\0\0\0\0\0xmlGetGlobalState: out of memory']);
    if (!hit) return;
    const component = signatureComponent({ signature: hit.signature, version: hit.version, path: ['usr/lib/x86_64-linux-gnu/libxml2.so.2.9.14'], method: 'signature', offset: hit.offset, text: hit.text });
    expect([component.version, component.purl, component.cpes, component.evidence[0]?.text]).toEqual([
      '2.9.14',
      'pkg:generic/libxml2@2.9.14',
      ['cpe:2.3:a:xmlsoft:libxml2:2.9.14:*:*:*:*:*:*:*'],
      '20914\0\0\0\0\0xmlGetGlobalState: out of memory',
    ]);
  });

  it('names the Linux kernel with the operating-system CPE NVD uses for it', async () => {
    const text = 'Linux version 6.18.44-fc-v595 (builder@sandboxing) (gcc (GCC) 15.3.0, GNU ld (GNU Binutils) 2.46) #1 SMP PREEMPT_DYNAMIC';
    const [hit] = (await scanBytes(inBinary(text))).filter((h) => h.signature.id === 'linux-kernel');
    expect(hit?.version).toBe('6.18.44');
    if (!hit) return;
    const component = signatureComponent({ signature: hit.signature, version: hit.version, path: ['boot/vmlinux'], method: 'signature', offset: hit.offset, text: hit.text });
    expect(component.cpes).toEqual(['cpe:2.3:o:linux:linux_kernel:6.18.44:*:*:*:*:*:*:*']);
  });

  it.each([
    ['20914', '2.9.14'],
    ['10135', '1.1.35'],
    ['21000', '2.10.0'],
    ['2.9.14', '2.9.14'],
    ['914', '914'],
  ])('unpacks %s as %s', (captured, expected) => {
    const signature = { id: 'packed', name: 'packed', vendor: 'x', purl: { type: 'generic' }, packedVersion: { digits: 2 } };
    expect(reportedVersion(signature, captured)).toBe(expected);
    expect(reportedVersion({ ...signature, packedVersion: undefined }, captured)).toBe(captured);
  });

  it('has no licence when the entry declares none', () => {
    const signature = { id: 'no-licence', name: 'nolicence', vendor: 'nobody', purl: { type: 'generic' } };
    const component = signatureComponent({ signature, version: '', path: ['libnolicence.so'], method: 'filename', text: 'libnolicence.so' });
    expect(component.licenses).toEqual([]);
    expect(component.evidence[0]).not.toHaveProperty('license');
  });
});

/** Licence ids of a parsed expression; `+` and `LicenseRef-` are refused (the list has `-or-later` ids). */
function spdxLicenseIds(node: ReturnType<typeof parseSpdx>, id: string): string[] {
  if ('conjunction' in node) return [...spdxLicenseIds(node.left, id), ...spdxLicenseIds(node.right, id)];
  expect(node.plus ?? false, `${id}: use the -or-later id, not +`).toBe(false);
  return [node.license];
}
