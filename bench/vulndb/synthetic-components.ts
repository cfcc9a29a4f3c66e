// The components the vulndb benchmarks evaluate, built from the same seeds as the feeds:
// the same feed sizes always give the same components.
import { createHash } from 'node:crypto';
import type { Component, FileEntry, Identification } from '@binlens/engine';
import { ECOSYSTEMS, type Catalogue, nvdRange, osvRange, random, version } from './synthetic-feeds.ts';

/** Half hitting a record (a version inside its range), half naming nothing the feeds know; purls and CPEs alternately. */
export function syntheticComponents(cat: Catalogue, nvdCount: number, osvCount: number, count: number): Identification {
  const rnd = random(3);
  const list: Component[] = [];
  for (let n = 0; n < count; n++) {
    const hit = n % 4 < 2;
    const byPurl = n % 2 === 0;
    const base = { id: `c${n}`, vendor: '', licenses: [], evidence: [] };
    if (byPurl) {
      const j = Math.floor(rnd() * osvCount);
      const ecosystem = ECOSYSTEMS[j % ECOSYSTEMS.length] ?? 'npm';
      const names = cat.packages[ecosystem] ?? [];
      const name = hit ? (names[Math.floor(j / ECOSYSTEMS.length) % names.length] ?? '') : `absent-${n}`;
      const range = osvRange(j);
      const v = version(Number(range.introduced === '0' ? '1' : range.introduced.split('.')[0]), 1, 0);
      list.push({ ...base, name, version: v, codetype: 'NA', purl: purlOf(ecosystem, name, v), cpes: [] });
    } else {
      const i = Math.floor(rnd() * nvdCount);
      const [vendor, product] = hit ? (cat.products[i % cat.products.length] ?? ['', '']) : ['nobody', `absent${n}`];
      const v = version(Number(nvdRange(i).introduced.split('.')[0]), 1, 0);
      list.push({ ...base, name: product, version: v, codetype: 'NA', purl: '', cpes: [`cpe:2.3:a:${vendor}:${product}:${v}:*:*:*:*:*:*:*`] });
    }
  }
  return {
    schemaVersion: 1, input: { name: 'bench', size: 0, sha1: '', sha256: '' }, files: [], components: list, problems: [],
    startedAt: new Date().toISOString(), finishedAt: new Date().toISOString(),
  };
}

/**
 * The same components found in `fileCount` files of a root file system: component n's evidence
 * sits in files n, n + count, n + 2·count, ... (so every file is named while fileCount ≤ 3·count),
 * as the result's objects list them.
 */
export function withFiles(identification: Identification, fileCount: number): Identification {
  const files: FileEntry[] = Array.from({ length: fileCount }, (_, i) => ({
    path: ['firmware.bin', `rootfs/usr/lib/dir${i % 64}/lib-${i}.so.1`],
    size: 4096 + i,
    sha1: createHash('sha1').update(`file ${i}`).digest('hex'),
    sha256: createHash('sha256').update(`file ${i}`).digest('hex'),
  }));
  const count = identification.components.length;
  const components = identification.components.map((component, n): Component => {
    const named = files.filter((_, i) => i % count === n);
    return { ...component, evidence: named.map((file) => ({ method: 'signature', foundBy: 'bench/synthetic', path: file.path, text: `${component.name} ${component.version}` })) };
  });
  return { ...identification, files, components };
}

const PURL_TYPES: Readonly<Record<string, string>> = {
  npm: 'npm', PyPI: 'pypi', Maven: 'maven', Go: 'golang', 'crates.io': 'cargo', RubyGems: 'gem', NuGet: 'nuget', Packagist: 'composer',
};

function purlOf(ecosystem: string, name: string, v: string): string {
  const path = ecosystem === 'Maven' ? name.replace(':', '/') : name;
  return `pkg:${PURL_TYPES[ecosystem] ?? 'generic'}/${path}@${v}`;
}
