// Every signature against its real samples (true and must-not-match), embedded in
// binary-like surroundings (NULs and other strings), through the real matcher.
import { describe, expect, it } from 'vitest';
import { SignatureMatcher } from './matcher.ts';
import { SIGNATURE_FAMILIES, allSignatures } from './registry.ts';

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

  it(`counts ${SIGNATURES.length} signatures`, () => {
    expect(SIGNATURES.length).toBeGreaterThanOrEqual(90);
  });
});

describe.each(cases)('%s on %j', (id, text, version) => {
  it(version === '' ? 'does not match' : `reads ${version}`, async () => {
    const hits = (await scanBytes(inBinary(text))).filter((h) => h.signature.id === id);
    expect(hits.map((h) => h.version)).toEqual(version === '' ? [] : [version]);
  });
});
