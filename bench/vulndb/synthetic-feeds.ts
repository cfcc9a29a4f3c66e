// Synthetic feeds in the real NVD CVE API 2.0 and OSV shapes, deterministic from a seed.
// The proportions follow the real records in ../shared/vulndata (119 NVD records: a fifth
// without configurations, three cpeMatch entries per record at the median with a long
// tail, 59% exact-version criteria, the rest ranges; OSV: 1.3 affected packages per
// record, [introduced, fixed] pairs or open [introduced] ranges).
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/** mulberry32: small, fast and reproducible. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ('buffer overflow in the parser allows remote attackers to cause a denial of service or possibly execute arbitrary '
  + 'code via a crafted request header when processing malformed input improper validation of length field leads to '
  + 'out-of-bounds read use after free integer overflow in the handling of certificates').split(' ');

// Real vectors and their scores, from the sample.
const V31 = [
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 9.8, 'CRITICAL'],
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H', 7.5, 'HIGH'],
  ['CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:C/C:H/I:N/A:N', 6.1, 'MEDIUM'],
  ['CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H', 7.8, 'HIGH'],
] as const;
const V2 = [
  ['AV:N/AC:L/Au:N/C:P/I:P/A:P', 7.5, 'HIGH'],
  ['AV:N/AC:L/Au:N/C:N/I:N/A:P', 5.0, 'MEDIUM'],
  ['AV:L/AC:L/Au:N/C:P/I:N/A:N', 2.1, 'LOW'],
] as const;

export interface Catalogue {
  /** CPE vendor:product pairs the NVD feed names. */
  readonly products: readonly (readonly [string, string])[];
  /** Package names per OSV ecosystem. */
  readonly packages: Readonly<Record<string, readonly string[]>>;
}

export const ECOSYSTEMS = ['npm', 'PyPI', 'Maven', 'Go', 'crates.io', 'RubyGems', 'NuGet', 'Packagist'] as const;

export function catalogue(products: number, packagesPerEcosystem: number): Catalogue {
  return {
    products: Array.from({ length: products }, (_, i) => [`vendor${i % Math.ceil(products / 3)}`, `product${i}`] as const),
    packages: Object.fromEntries(ECOSYSTEMS.map((e) => [e, Array.from({ length: packagesPerEcosystem }, (_, i) => packageName(e, i))])),
  };
}

function packageName(ecosystem: string, i: number): string {
  switch (ecosystem) {
    case 'Maven': return `org.example${i % 97}:lib${i}`;
    case 'Go': return `github.com/example${i % 97}/mod${i}`;
    default: return `pkg${i}`;
  }
}

/** A version `major.minor.patch` from three small numbers. */
export const version = (a: number, b: number, c: number): string => `${a}.${b}.${c}`;

function sentence(rnd: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ');
}

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)] as T;
}

/** The affected range of record i of a product: versions below `fixed` from `introduced`. */
export function nvdRange(i: number): { introduced: string; fixed: string } {
  const major = i % 4;
  return { introduced: version(major, 0, 0), fixed: version(major, 2 + (i % 7), i % 10) };
}

export function nvdCve(i: number, cat: Catalogue, rnd: () => number): Record<string, unknown> {
  const id = `CVE-${1999 + (i % 27)}-${100000 + i}`;
  const [vendor, product] = cat.products[i % cat.products.length] as readonly [string, string];
  const metrics: Record<string, unknown> = {};
  if (rnd() < 0.85) {
    const [vector, score, severity] = pick(rnd, V31);
    metrics.cvssMetricV31 = [{
      source: 'nvd@nist.gov', type: 'Primary', cvssData: { version: '3.1', vectorString: vector, baseScore: score, baseSeverity: severity },
      exploitabilityScore: 3.9, impactScore: 5.9,
    }];
  }
  if (rnd() < 0.45) {
    const [vector, score, severity] = pick(rnd, V2);
    metrics.cvssMetricV2 = [{ source: 'nvd@nist.gov', type: 'Primary', cvssData: { version: '2.0', vectorString: vector, baseScore: score }, baseSeverity: severity }];
  }
  const cpe = (v: string): string => `cpe:2.3:a:${vendor}:${product}:${v}:*:*:*:*:*:*:*`;
  const matches: Record<string, unknown>[] = [];
  const { introduced, fixed } = nvdRange(i);
  const count = 1 + Math.min(40, Math.floor(-Math.log(1 - rnd()) * 4));
  for (let k = 0; k < count; k++) {
    const r = rnd();
    const matchCriteriaId = `${(i * 41 + k).toString(16).toUpperCase().padStart(8, '0')}-0000-4000-8000-000000000000`;
    if (r < 0.55) matches.push({ vulnerable: true, criteria: cpe(version(i % 4, 1, k)), matchCriteriaId });
    else if (r < 0.67) matches.push({ vulnerable: true, criteria: cpe('-'), matchCriteriaId });
    else if (r < 0.85) matches.push({ vulnerable: true, criteria: cpe('*'), versionStartIncluding: introduced, versionEndExcluding: fixed, matchCriteriaId });
    else if (r < 0.96) matches.push({ vulnerable: true, criteria: cpe('*'), versionEndExcluding: fixed, matchCriteriaId });
    else matches.push({ vulnerable: true, criteria: cpe('*'), versionStartIncluding: introduced, versionEndIncluding: fixed, matchCriteriaId });
  }
  const configurations = rnd() < 0.2 ? [] : [rnd() < 0.05
    ? {
      operator: 'AND',
      nodes: [
        { operator: 'OR', negate: false, cpeMatch: matches },
        { operator: 'OR', negate: false, cpeMatch: [{ vulnerable: false, criteria: `cpe:2.3:o:${vendor}:platform${i % 50}:-:*:*:*:*:*:*:*`, matchCriteriaId: 'A0000000-0000-4000-8000-000000000000' }] },
      ],
    }
    : { nodes: [{ operator: 'OR', negate: false, cpeMatch: matches }] }];
  return {
    id,
    sourceIdentifier: 'cve@mitre.org',
    published: '2023-10-04T17:15:10.163',
    lastModified: '2024-06-21T19:15:18.763',
    vulnStatus: rnd() < 0.01 ? 'Rejected' : pick(rnd, ['Analyzed', 'Modified', 'Awaiting Analysis']),
    descriptions: [{ lang: 'en', value: `${product} before ${fixed} ${sentence(rnd, 30)}.` }],
    metrics,
    weaknesses: [{ source: 'nvd@nist.gov', type: 'Primary', description: [{ lang: 'en', value: `CWE-${20 + (i % 900)}` }] }],
    configurations,
    references: Array.from({ length: 3 + Math.floor(rnd() * 7) }, (_, k) => ({
      url: `https://example.org/${vendor}/${product}/advisories/${i}-${k}`, source: 'cve@mitre.org', tags: k === 0 ? ['Patch', 'Vendor Advisory'] : ['Third Party Advisory'],
    })),
  };
}

/** The affected range of OSV record j: from `introduced` up to `fixed` (null: not fixed). */
export function osvRange(j: number): { introduced: string; fixed: string | null } {
  const major = 1 + (j % 3);
  return { introduced: j % 5 === 0 ? '0' : version(major, 0, 0), fixed: j % 10 < 7 ? version(major, 3 + (j % 5), j % 8) : null };
}

export function osvRecord(j: number, cat: Catalogue, rnd: () => number): Record<string, unknown> {
  const ecosystem = ECOSYSTEMS[j % ECOSYSTEMS.length] as string;
  const names = cat.packages[ecosystem] ?? [];
  const name = names[Math.floor(j / ECOSYSTEMS.length) % names.length] as string;
  const id = `GHSA-${(j + 0x10000).toString(36)}-${(j * 7 % 46656).toString(36).padStart(4, 'x')}-synt`;
  const { introduced, fixed } = osvRange(j);
  const events: Record<string, string>[] = [{ introduced }];
  if (fixed !== null) events.push({ fixed });
  const affected: Record<string, unknown>[] = [{
    package: { ecosystem, name },
    ranges: [{ type: ecosystem === 'Go' || ecosystem === 'crates.io' || ecosystem === 'npm' ? 'SEMVER' : 'ECOSYSTEM', events }],
    database_specific: { source: 'synthetic' },
  }];
  if (rnd() < 0.3) affected.push({ package: { ecosystem, name }, versions: [version(9, j % 4, 0), version(9, j % 4, 1)] });
  const record: Record<string, unknown> = {
    schema_version: '1.6.0',
    id,
    modified: '2024-11-04T00:30:22Z',
    published: '2023-10-02T23:27:05Z',
    aliases: rnd() < 0.7 ? [`CVE-${1999 + (j % 27)}-${100000 + j}`] : [],
    summary: sentence(rnd, 8),
    details: sentence(rnd, 80),
    affected,
    references: [{ type: 'ADVISORY', url: `https://example.org/advisories/${id}` }, { type: 'PACKAGE', url: `https://example.org/${name}` }],
    database_specific: { cwe_ids: [`CWE-${20 + (j % 900)}`], severity: 'MODERATE', github_reviewed: true },
  };
  if (rnd() < 0.4) record.severity = [{ type: 'CVSS_V3', score: pick(rnd, V31)[0] }];
  if (j % 500 === 499) record.withdrawn = '2024-01-01T00:00:00Z';
  return record;
}

/** Streams `count` records into `file` inside the NVD API page wrapper or an OSV array. */
export async function writeFeed(file: string, shape: 'nvd' | 'osv', count: number, make: (i: number) => Record<string, unknown>): Promise<number> {
  const out = createWriteStream(file);
  let bytes = 0;
  const write = async (text: string): Promise<void> => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(shape === 'nvd'
    ? `{"resultsPerPage":${count},"startIndex":0,"totalResults":${count},"format":"NVD_CVE","version":"2.0","timestamp":"2025-05-01T00:00:00.000","vulnerabilities":[`
    : '[');
  let batch: string[] = [];
  for (let i = 0; i < count; i++) {
    const record = make(i);
    batch.push(JSON.stringify(shape === 'nvd' ? { cve: record } : record));
    if (batch.length === 1000 || i === count - 1) {
      await write((i < 1000 ? '' : ',') + batch.join(','));
      batch = [];
    }
  }
  await write(shape === 'nvd' ? ']}' : ']');
  out.end();
  await once(out, 'finish');
  return bytes;
}
