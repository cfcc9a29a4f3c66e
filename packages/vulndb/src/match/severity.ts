// Which CVSS metric a vulnerability's summary shows (spec §9 "CVSS versions 2, 3, 4
// (default 3)", "cvss3 fallback", "prioritise NVD"). A vulnerability usually has several:
// NVD's own (Primary), the CNA's inside the NVD record (Secondary), the advisory's (OSV,
// vendor), the CVE record's CNA/ADP, and distro scores.
import type { CvssMetric } from '../db/schema.ts';

export type CvssChoice = 2 | 3 | 4;

export interface SeverityOptions {
  readonly cvssVersion: CvssChoice;
  /** When the asked version is missing, use the next older one (4 → 3 → 2). */
  readonly fallback: boolean;
  readonly prioritiseNvd: boolean;
}

/** A metric with the feed of the record that carried it (`nvd`, `osv`, `vendor`, `cve5`, a distro). */
export interface SourcedMetric {
  readonly metric: CvssMetric;
  readonly recordSource: string;
}

const VERSIONS: Readonly<Record<CvssChoice, readonly CvssMetric['version'][]>> = {
  2: ['2.0'],
  3: ['3.1', '3.0'],
  4: ['4.0'],
};

const ADVISORY_SOURCES = new Set(['osv', 'vendor']);
const DISTRO_SOURCES = new Set(['debian', 'ubuntu', 'alpine', 'redhat']);

type Origin = 'nvd' | 'nvd-secondary' | 'distro' | 'advisory' | 'cve5' | 'other';

/**
 * Most specific first (the distro's own assessment, then the advisory's, then NVD's), or
 * NVD first when prioritised. The CVE record's CNA/ADP scores come last: NVD normally
 * copies them as Secondary metrics.
 */
const ORDER: Readonly<Record<'specific' | 'nvd', readonly Origin[]>> = {
  specific: ['distro', 'advisory', 'nvd', 'nvd-secondary', 'cve5', 'other'],
  nvd: ['nvd', 'nvd-secondary', 'distro', 'advisory', 'cve5', 'other'],
};

function origin({ metric, recordSource }: SourcedMetric): Origin {
  if (recordSource === 'nvd') return metric.type === 'Primary' ? 'nvd' : 'nvd-secondary';
  if (DISTRO_SOURCES.has(recordSource)) return 'distro';
  if (ADVISORY_SOURCES.has(recordSource)) return 'advisory';
  if (recordSource === 'cve5') return 'cve5';
  return 'other';
}

/** The winning scored metric of one CVSS major version, or undefined. */
export function pickMetric(metrics: readonly SourcedMetric[], version: CvssChoice, prioritiseNvd: boolean): CvssMetric | undefined {
  const order = ORDER[prioritiseNvd ? 'nvd' : 'specific'];
  const wanted = VERSIONS[version];
  return metrics
    .filter((m) => wanted.includes(m.metric.version) && m.metric.score !== null)
    .map((m, index) => ({ m, rank: order.indexOf(origin(m)), index }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)[0]?.m.metric;
}

/**
 * The metric shown as a vulnerability's score and severity: the asked version, else with
 * fallback the next older one (4 → 3 → 2; 2 has nothing older). Undefined when none.
 */
export function chooseMetric(metrics: readonly SourcedMetric[], options: SeverityOptions): CvssMetric | undefined {
  const tried: CvssChoice[] = options.fallback ? ([4, 3, 2] as const).filter((v) => v <= options.cvssVersion) : [options.cvssVersion];
  for (const version of tried) {
    const metric = pickMetric(metrics, version, options.prioritiseNvd);
    if (metric) return metric;
  }
  return undefined;
}
