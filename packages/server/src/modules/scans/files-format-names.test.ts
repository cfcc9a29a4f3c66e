import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Identification } from '@binlens/engine/model';
import { describe, expect, it } from 'vitest';
import { formatName } from './files-format-names.ts';

const FIXTURES = fileURLToPath(new URL('../../../../engine/fixtures/', import.meta.url));

/** Every format the engine's fixtures hold: each of its unpackers appears in one (engine test/completeness.test.ts). */
function fixtureFormats(): string[] {
  const formats = new Set<string>();
  for (const area of readdirSync(FIXTURES)) {
    for (const name of readdirSync(join(FIXTURES, area))) {
      let expected: Identification;
      try {
        expected = JSON.parse(readFileSync(join(FIXTURES, area, name, 'expected.json'), 'utf8')) as Identification;
      } catch {
        continue; // a fixture being added has no expectation yet
      }
      for (const file of expected.files) if (file.format !== undefined) formats.add(file.format);
    }
  }
  return [...formats].sort();
}

describe('format names', () => {
  it.each(fixtureFormats())('%s has a name in words', (format) => {
    expect(formatName(format)).toEqual(expect.stringMatching(/^\S+ \S/));
  });

  it('names some formats as people know them, and none for a format it does not know or no format', () => {
    expect([formatName('filesystem/squashfs'), formatName('container/docker-archive'), formatName('executable/pe')]).toEqual([
      'SquashFS file system', 'Docker image archive (docker save)', 'PE executable (Windows)',
    ]);
    expect([formatName('archive/unknown'), formatName(undefined)]).toEqual([null, null]);
  });
});
