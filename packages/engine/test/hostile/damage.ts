// Damaged copies of real fixtures, named and reproducible: truncations at fixed fractions,
// single bit flips at seeded positions (`rng` of test/mutations.ts), and a header field of
// each format set to all zeros and to all ones. Shared by damaged.test.ts (a few cases) and
// bench/hostile/fuzz.ts (many seeds, plus `mutate`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rng } from '../mutations.ts';
import { FIXTURES_DIR } from '../fixtures.ts';

/** A header field: `at` bytes from the start (from the end when negative), `length` bytes long. */
export interface Field {
  name: string;
  at: number;
  length: number;
}

export interface DamageFixture {
  /** Path under fixtures/. */
  path: string;
  fields: Field[];
  /** False: bench only (the outcome depends on timing, see the entry). */
  suite?: false;
}

/** Real fixtures of each container format the hostile suite damages, with the fields worth breaking. */
export const DAMAGE_FIXTURES: readonly DamageFixture[] = [
  { path: 'unpack/docker-save/image.tar', fields: [{ name: 'tar-size', at: 124, length: 12 }, { name: 'tar-typeflag', at: 156, length: 1 }] },
  { path: 'unpack/zip-nested-targz/bundle.zip', fields: [{ name: 'zip-local-csize', at: 18, length: 4 }, { name: 'zip-eocd-entries', at: -12, length: 2 }] },
  { path: 'unpack/ipk-ar/binlens-hello_1.0.0-1_mipsel_24kc.ipk', fields: [{ name: 'ar-size', at: 8 + 48, length: 10 }] },
  { path: 'unpack/deb-xz/binlens-hello_1.0.0-1_amd64.deb', fields: [{ name: 'ar-size', at: 8 + 48, length: 10 }] },
  // RPM: a 96-byte lead, then the signature header (magic, reserved, index count, data size).
  { path: 'unpack/rpm-xz/binlens-hello-1.2.3-4.noarch.rpm', fields: [{ name: 'rpm-sig-count', at: 96 + 8, length: 4 }, { name: 'rpm-sig-size', at: 96 + 12, length: 4 }] },
  // Not in the test suite: when the gzip stream fails at its end, how much of its output is kept
  // varies from run to run (`gzip-isize=0` ends with 9 or 7 files), so no outcome is exact.
  { path: 'unpack/tar-sparse/sparse-flavours.tar.gz', fields: [{ name: 'gzip-flags', at: 3, length: 1 }, { name: 'gzip-isize', at: -4, length: 4 }], suite: false },
];

export interface DamagedCopy {
  /** `cut@N`, `flip@N.B`, `FIELD=0`, `FIELD=max`. */
  id: string;
  bytes: Buffer;
}

export function readFixture(path: string): Buffer {
  return readFileSync(join(FIXTURES_DIR, path));
}

/** Truncations at 1/4, 1/2, 3/4 and one byte short; `flips` single bit flips from `seed`; each field zeroed and maxed. */
export function damagedCopies(sample: Buffer, fields: readonly Field[], seed: number, flips = 3): DamagedCopy[] {
  const out: DamagedCopy[] = [];
  for (const cut of [Math.floor(sample.length / 4), Math.floor(sample.length / 2), Math.floor((sample.length * 3) / 4), sample.length - 1]) {
    out.push({ id: `cut@${cut}`, bytes: sample.subarray(0, cut) });
  }
  const next = rng(seed);
  for (let i = 0; i < flips; i++) {
    const at = next() % sample.length;
    const bit = next() % 8;
    const bytes = Buffer.from(sample);
    bytes[at] = (bytes[at] ?? 0) ^ (1 << bit);
    out.push({ id: `flip@${at}.${bit}`, bytes });
  }
  for (const field of fields) {
    const at = field.at < 0 ? sample.length + field.at : field.at;
    for (const [label, value] of [['0', 0x00], ['max', 0xff]] as const) {
      const bytes = Buffer.from(sample);
      bytes.fill(value, at, at + field.length);
      out.push({ id: `${field.name}=${label}`, bytes });
    }
  }
  return out;
}
