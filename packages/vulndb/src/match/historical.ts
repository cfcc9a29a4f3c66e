// Historical vulnerabilities (spec §9 "historical"): records that name the component's
// package or CPE but were fixed at or below the version found. Only a known version can
// be past a fix, so a component without a version has none.
import { ANY, NA } from '../cpe/cpe.ts';
import type { CpeMatchFact, DistroFixFact, PackageRangeFact } from '../kb/knowledge-base.ts';
import { debian } from '../versions/debian.ts';
import { generic } from '../versions/generic.ts';
import { inOsvRange } from '../versions/range.ts';
import { schemeForEcosystem } from '../versions/registry.ts';
import type { VersionScheme } from '../versions/types.ts';
import { criteriaOf } from './cpe-rows.ts';
import { attributesMatch, cpeMatchSource, describeBounds, describeEvents, type MatchSource, type RecordMatch } from './matchers.ts';
import type { MatchTargets } from './targets.ts';

/**
 * OSV ranges of the component's package that end at or below its version v: a `fixed`
 * at or below v, or a `last_affected` below v, with v itself outside the range; and
 * versions lists naming a version below v but not v. GIT ranges (commits) never count.
 */
export function historicalPackageRanges(t: MatchTargets, rows: readonly PackageRangeFact[]): RecordMatch[] {
  if (!t.pkg || t.version === '') return [];
  const out: RecordMatch[] = [];
  for (const row of rows) {
    if (row.ecosystemBase !== t.pkg.ecosystem || row.name !== t.pkg.name || row.rangeType === 'GIT') continue;
    const scheme = schemeForEcosystem(row.ecosystem);
    if (!scheme) continue;
    const source: MatchSource = row.source === 'vendor' ? 'vendor' : 'osv-purl';
    const criteria = `${row.ecosystem}/${row.name}`;
    if (row.rangeType === 'VERSIONS') {
      const below = row.versions.filter((v) => scheme.compare(v, t.version) < 0);
      if (below.length > 0 && !row.versions.some((v) => scheme.compare(v, t.version) === 0)) {
        out.push({ vulnId: row.vulnId, match: { source, record: row.vulnId, exact: true, criteria, range: `versions ${below.join(', ')}`, fixed: null } });
      }
      continue;
    }
    if (inOsvRange(t.version, row.events, scheme)) continue;
    const fixes = row.events.flatMap((e) => (e.fixed !== undefined && scheme.compare(e.fixed, t.version) <= 0 ? [e.fixed] : []));
    const pastLastAffected = row.events.some((e) => e.last_affected !== undefined && scheme.compare(e.last_affected, t.version) < 0);
    if (fixes.length === 0 && !pastLastAffected) continue;
    out.push({ vulnId: row.vulnId, match: { source, record: row.vulnId, exact: true, criteria, range: describeEvents(row.events), fixed: highest(fixes, scheme) } });
  }
  return out;
}

/**
 * NVD cpeMatch entries naming one of the component's CPEs whose range ends at or below
 * its version: versionEndExcluding at or below it, versionEndIncluding below it, or a
 * criteria with its own version below it. Running-on platforms never count.
 */
export function historicalCpes(t: MatchTargets, rows: readonly CpeMatchFact[]): RecordMatch[] {
  const out: RecordMatch[] = [];
  for (const row of rows) {
    if (!row.vulnerable || row.nodeNegate) continue;
    const criteria = criteriaOf(row);
    if (!criteria) continue;
    const candidate = t.cpes.find((c) => c.version !== '' && attributesMatch(criteria, c.cpe));
    if (!candidate) continue;
    const v = candidate.version;
    let past: boolean;
    if (criteria.version === NA) past = false;
    else if (criteria.version !== ANY) past = generic.compare(criteria.version, v) < 0;
    else {
      past = (row.versionEndExcluding !== null && generic.compare(row.versionEndExcluding, v) <= 0)
        || (row.versionEndIncluding !== null && generic.compare(row.versionEndIncluding, v) < 0);
    }
    if (!past) continue;
    const match = { source: cpeMatchSource(row), record: row.vulnId, exact: true, criteria: row.criteria, range: describeBounds(criteria, row), fixed: row.versionEndExcluding };
    out.push({ vulnId: row.vulnId, match });
  }
  return out;
}

/** Tracker entries of the component's distro source package resolved at or below its source version. */
export function historicalDistroFixes(t: MatchTargets, rows: readonly DistroFixFact[]): RecordMatch[] {
  if (!t.distro || t.distro.version === '') return [];
  const { key, version } = t.distro;
  const out: RecordMatch[] = [];
  for (const row of rows) {
    if (row.distro !== key.distro || row.release !== key.release || row.sourcePackage !== key.sourcePackage) continue;
    if (row.status !== 'resolved' || row.fixedVersion === null || row.fixedVersion === '0') continue;
    if (debian.compare(version, row.fixedVersion) < 0) continue;
    const match = {
      source: 'distro' as const, record: `${row.distro}:${row.release}/${row.sourcePackage}`, exact: true,
      criteria: `${row.sourcePackage} (${row.distro} ${row.release})`, range: `fixed in ${row.fixedVersion}`, fixed: row.fixedVersion,
    };
    out.push({ vulnId: row.vulnId, match });
  }
  return out;
}

function highest(versions: readonly string[], scheme: VersionScheme): string | null {
  return [...versions].sort((a, b) => scheme.compare(b, a))[0] ?? null;
}
