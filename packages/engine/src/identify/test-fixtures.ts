// Cataloger test support: a file out of a committed fixture (a plain or zstd tar
// under fixtures/identify/), and a seeded fuzz run over a cataloger.
import { readFileSync } from 'node:fs';
import { zstdDecompressSync } from 'node:zlib';
import { expect } from 'vitest';
import { mutate, rng } from '../../test/fuzz.ts';
import type { CatalogFile, Cataloger } from './types.ts';
import { memoryFile } from './test-helpers.ts';

const FIXTURES = new URL('../../fixtures/identify/', import.meta.url);

/** The bytes of `fixtures/identify/<file>`. */
export function fixtureBytes(file: string): Buffer {
  return readFileSync(new URL(file, FIXTURES));
}

/** One regular file of a fixture tar (`.tar` or `.tar.zst`), by its name without `./`. */
export function fixtureTarMember(tarFile: string, name: string): Buffer {
  const raw = fixtureBytes(tarFile);
  const tar = tarFile.endsWith('.zst') ? zstdDecompressSync(raw) : raw;
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header[0] === 0) break;
    const entry = header.toString('latin1', 0, 100).replace(/\0.*$/s, '').replace(/^\.\//, '');
    const size = Number.parseInt(header.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
    if (entry === name) return tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`${name} not in ${tarFile}`);
}

/**
 * Runs `cataloger` on `count` seeded mutations of `sample` (flips, truncations,
 * splices): every run must return (never throw) components with a name and purl.
 */
export async function fuzzCataloger(cataloger: Cataloger, path: string[], sample: Buffer, count = 150, wrap: (file: CatalogFile) => CatalogFile = (f) => f): Promise<void> {
  const next = rng(0x5eed ^ cataloger.name.length);
  for (let i = 0; i < count; i++) {
    const input = mutate(sample, next);
    const result = await cataloger.catalog(wrap(memoryFile(path, input)));
    for (const c of result.components) expect(c.name !== '' && c.purl.startsWith('pkg:'), `component ${JSON.stringify(c.name)} ${c.purl}`).toBe(true);
    for (const p of result.problems) expect(p.location).toEqual(path);
  }
}
