// The three matchers, pure functions of a component's targets and the knowledge-base rows
// found for them. Each match says where it came from and which range it fell in.
import { ANY, type Cpe, NA } from '../cpe/cpe.ts';
import { distroScheme } from '../kb/distro-releases.ts';
import type { CpeMatchFact, DistroFixFact, PackageRangeFact } from '../kb/knowledge-base.ts';
import { generic } from '../versions/generic.ts';
import { inNvdBounds, inOsvRange } from '../versions/range.ts';
import { schemeForEcosystem } from '../versions/registry.ts';
import { boundsOf, criteriaOf } from './cpe-rows.ts';
import type { CpeCandidate, MatchTargets } from './targets.ts';

/**
 * Where a match came from: OSV by purl, NVD configurations by CPE, the distro tracker,
 * and, for CVEs NVD has not configured, the CVE record's CNA or CISA ADP `affected` data
 * and the community overrides; `vendor` for the users' own vendor advisories.
 */
export type MatchSource = 'osv-purl' | 'nvd-cpe' | 'distro' | 'cve5-cna' | 'cve5-adp' | 'nvd-override' | 'vendor';

export interface VulnMatch {
  readonly source: MatchSource;
  /** The record that matched: an OSV id, a CVE id, `debian:bookworm/zlib`. */
  readonly record: string;
  /**
   * The known version was compared and is inside the range. False: an unknown version
   * assumed latest, or a CPE criteria claiming every version (see MatchOptions).
   */
  readonly exact: boolean;
  /** What was matched: the package, the CPE criteria. */
  readonly criteria: string;
  /** The range in words: `introduced 0, fixed 4.17.21`, `>= 1.0.2, < 1.0.2zd`, `open`. */
  readonly range: string;
  /** The first fixed version above the component's, when the source names one. */
  readonly fixed: string | null;
}

export interface MatchOptions {
  /** A component without a version matches open-ended ranges, as not exact. */
  readonly assumeUnknownAsLatest: boolean;
  /**
   * Report matches that are not exact: what assumeUnknownAsLatest reports, and CPE
   * criteria that claim every version of a product (version `*` with no bound), which
   * otherwise never match.
   */
  readonly lowRiskTolerance: boolean;
}

/** Whether a component without a version may match, as not exact. */
function assumesUnknown(options: MatchOptions): boolean {
  return options.assumeUnknownAsLatest || options.lowRiskTolerance;
}

/** A match of one record, before ids are resolved to the reported vulnerability id. */
export interface RecordMatch {
  readonly vulnId: string;
  readonly match: VulnMatch;
}

/** OSV ranges and versions lists of the component's package, in the ecosystem's scheme. */
export function matchPackageRanges(t: MatchTargets, rows: readonly PackageRangeFact[], options: MatchOptions): RecordMatch[] {
  if (!t.pkg) return [];
  const out: RecordMatch[] = [];
  for (const row of rows) {
    const source: MatchSource = row.source === 'vendor' ? 'vendor' : 'osv-purl';
    if (row.ecosystemBase !== t.pkg.ecosystem || row.name !== t.pkg.name) continue;
    const scheme = schemeForEcosystem(row.ecosystem);
    if (!scheme) continue;
    const criteria = `${row.ecosystem}/${row.name}`;
    const events = row.events;
    if (t.version === '') {
      const openEnded = row.rangeType !== 'VERSIONS' && !events.some((e) => e.fixed !== undefined || e.last_affected !== undefined || e.limit !== undefined);
      if (assumesUnknown(options) && openEnded) {
        out.push({ vulnId: row.vulnId, match: { source, record: row.vulnId, exact: false, criteria, range: describeEvents(events), fixed: null } });
      }
      continue;
    }
    if (row.rangeType === 'VERSIONS') {
      if (row.versions.some((v) => scheme.compare(v, t.version) === 0)) {
        out.push({ vulnId: row.vulnId, match: { source, record: row.vulnId, exact: true, criteria, range: `version ${t.version}`, fixed: null } });
      }
      continue;
    }
    if (!inOsvRange(t.version, events, scheme)) continue;
    const fixes = events.flatMap((e) => (e.fixed !== undefined && scheme.compare(e.fixed, t.version) > 0 ? [e.fixed] : []));
    const fixed = fixes.sort((a, b) => scheme.compare(a, b))[0] ?? null;
    out.push({ vulnId: row.vulnId, match: { source, record: row.vulnId, exact: true, criteria, range: describeEvents(events), fixed } });
  }
  return out;
}

/**
 * NVD cpeMatch entries that name one of the component's CPEs. Only `vulnerable` entries
 * match: a running-on platform of an AND configuration (vulnerable: false) never does.
 * Versions compare with the generic native scheme.
 */
export function matchCpes(t: MatchTargets, rows: readonly CpeMatchFact[], options: MatchOptions): RecordMatch[] {
  const out: RecordMatch[] = [];
  for (const row of rows) {
    if (!row.vulnerable || row.nodeNegate) continue;
    const criteria = criteriaOf(row);
    if (!criteria) continue;
    for (const candidate of t.cpes) {
      if (!attributesMatch(criteria, candidate.cpe)) continue;
      const exact = versionMatches(criteria, row, candidate, options);
      if (exact === null) continue;
      const range = describeBounds(criteria, row);
      const fixed = row.versionEndExcluding ?? null;
      out.push({ vulnId: row.vulnId, match: { source: cpeMatchSource(row), record: row.vulnId, exact, criteria: row.criteria, range, fixed } });
      break;
    }
  }
  return out;
}

export interface DistroVerdict {
  readonly affected: boolean;
  readonly match: VulnMatch;
}

/**
 * The distro tracker's verdict per vulnerability for the component's source package:
 * resolved with the source version at or above fixed_version → fixed (a backport counts);
 * fixed_version "0" → never affected; open or undetermined → affected.
 */
export function distroVerdicts(t: MatchTargets, rows: readonly DistroFixFact[]): Map<string, DistroVerdict> {
  const verdicts = new Map<string, DistroVerdict>();
  if (!t.distro) return verdicts;
  const { key, version } = t.distro;
  for (const row of rows) {
    if (row.distro !== key.distro || row.release !== key.release || row.sourcePackage !== key.sourcePackage) continue;
    const record = `${row.distro}:${row.release}/${row.sourcePackage}`;
    const criteria = `${row.sourcePackage} (${row.distro} ${row.release})`;
    let affected: boolean;
    let range: string;
    if (row.status === 'resolved' && row.fixedVersion !== null) {
      affected = row.fixedVersion !== '0' && version !== '' && distroScheme(row.distro).compare(version, row.fixedVersion) < 0;
      range = row.fixedVersion === '0' ? 'not affected' : `fixed in ${row.fixedVersion}`;
    } else {
      affected = true;
      range = row.nodsaReason ? `${row.status} (${row.nodsaReason})` : row.status;
    }
    const fixed = row.fixedVersion !== null && row.fixedVersion !== '0' ? row.fixedVersion : null;
    // An open issue covers every version in the release, known or not.
    const exact = version !== '' || row.status !== 'resolved';
    verdicts.set(row.vulnId, { affected, match: { source: 'distro', record, exact, criteria, range, fixed } });
  }
  return verdicts;
}

/** The match source of a CPE range row: its feed, and for CVE 5 records its provider. */
export function cpeMatchSource(row: Pick<CpeMatchFact, 'source' | 'provider'>): MatchSource {
  if (row.source === 'cve5') return row.provider === 'adp' ? 'cve5-adp' : 'cve5-cna';
  if (row.source === 'nvd-override' || row.source === 'vendor') return row.source;
  return 'nvd-cpe';
}

const OTHER_ATTRIBUTES = ['part', 'vendor', 'product', 'update', 'edition', 'language', 'swEdition', 'targetSw', 'targetHw', 'other'] as const;

/**
 * Every attribute but the version: the criteria's ANY takes anything; a candidate's ANY
 * (the engine does not know it) takes anything except a specific update, so a plain
 * 1.0.2 is not claimed to be 1.0.2:beta1.
 */
export function attributesMatch(criteria: Cpe, candidate: Cpe): boolean {
  return OTHER_ATTRIBUTES.every((attribute) => {
    const c = criteria[attribute];
    const k = candidate[attribute];
    if (c === ANY) return true;
    if (k === ANY) return attribute !== 'update' || c === NA;
    return c.toLowerCase() === k.toLowerCase();
  });
}

/** True (exact), false (assumed latest) or null (no match). */
function versionMatches(criteria: Cpe, row: CpeMatchFact, candidate: CpeCandidate, options: MatchOptions): boolean | null {
  const bounds = boundsOf(row);
  if (criteria.version === NA && candidate.cpe.version === NA) return true;
  if (candidate.version === '') {
    const openEnded = criteria.version === ANY && row.versionEndIncluding === null && row.versionEndExcluding === null;
    return assumesUnknown(options) && (openEnded || criteria.version === NA) ? false : null;
  }
  if (criteria.version === NA) return true;
  if (criteria.version === ANY) {
    // "Every version" is NVD's claim when it knows no range: no version was compared.
    if (Object.keys(bounds).length === 0) return options.lowRiskTolerance ? false : null;
    return inNvdBounds(candidate.version, bounds, generic) ? true : null;
  }
  return generic.compare(candidate.version, criteria.version) === 0 ? true : null;
}

export function describeEvents(events: PackageRangeFact['events']): string {
  return events.map((e) => Object.entries(e).map(([k, v]) => `${k} ${String(v)}`).join('')).join(', ');
}

export function describeBounds(criteria: Cpe, row: CpeMatchFact): string {
  if (criteria.version !== ANY) return criteria.version === NA ? 'any version' : `= ${criteria.version}`;
  const parts = [
    row.versionStartIncluding !== null ? `>= ${row.versionStartIncluding}` : '',
    row.versionStartExcluding !== null ? `> ${row.versionStartExcluding}` : '',
    row.versionEndIncluding !== null ? `<= ${row.versionEndIncluding}` : '',
    row.versionEndExcluding !== null ? `< ${row.versionEndExcluding}` : '',
  ].filter((p) => p !== '');
  return parts.length > 0 ? parts.join(', ') : 'all versions';
}
