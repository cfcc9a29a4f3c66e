// Every plugin file is in its registry, is exercised by a unit test beside it and
// by at least one fixture (typescript-eslint's rules index test; unblob's check for
// handlers without integration tests).
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Identification } from '../src/model/index.ts';
import { CATALOGERS } from '../src/identify/registry.ts';
import { UNPACKERS } from '../src/unpack/registry.ts';
import { listFixtures } from './fixtures.ts';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

function pluginFiles(root: string): string[] {
  return readdirSync(join(SRC, root), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -3))
    .sort();
}

function testedBySibling(root: string, file: string): boolean {
  const dir = join(SRC, root, dirname(file));
  return readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .some((t) => readFileSync(join(dir, t), 'utf8').includes(`from './${basename(file)}.ts'`));
}

const expectations = listFixtures().map((f) => JSON.parse(readFileSync(f.expected, 'utf8')) as Identification);

describe('completeness', () => {
  it('every format file is registered under its path name, and only those', () => {
    expect(pluginFiles('unpack/formats')).toEqual(UNPACKERS.map((u) => u.name).sort());
  });

  it('every ecosystem file is registered under its path name, and only those', () => {
    expect(pluginFiles('identify/ecosystems')).toEqual(CATALOGERS.map((c) => c.name).sort());
  });

  it('registries are sorted by name with unique names', () => {
    for (const names of [UNPACKERS.map((u) => u.name), CATALOGERS.map((c) => c.name)]) {
      expect(names).toEqual([...new Set(names)].sort());
    }
  });

  it.each([...pluginFiles('unpack/formats').map((f) => ['unpack/formats', f]), ...pluginFiles('identify/ecosystems').map((f) => ['identify/ecosystems', f])])(
    '%s/%s has a unit test beside it',
    (root, file) => {
      expect(testedBySibling(root, file), `no *.test.ts in ${relative(SRC, join(SRC, root, dirname(file)))} imports ./${basename(file)}.ts`).toBe(true);
    },
  );

  it.each(UNPACKERS.map((u) => u.name))('unpacker %s appears in a fixture', (name) => {
    expect(expectations.some((e) => e.files.some((f) => f.format === name))).toBe(true);
  });

  it.each(CATALOGERS.map((c) => c.name))('cataloger %s appears in a fixture', (name) => {
    expect(expectations.some((e) => e.components.some((c) => c.evidence.some((ev) => ev.foundBy === name)))).toBe(true);
  });
});
