// Every range the knowledge base holds for a component's package, product or distro
// source package, as upgrade guidance reads them (see upgrade-guidance.ts).
import { ANY, NA } from '../cpe/cpe.ts';
import type { CpeMatchFact, DistroFixFact, PackageRangeFact } from '../kb/knowledge-base.ts';
import type { KnownRange } from '../upgrade-guidance.ts';
import { debian } from '../versions/debian.ts';
import { generic } from '../versions/generic.ts';
import { schemeForEcosystem } from '../versions/registry.ts';
import type { VersionScheme } from '../versions/types.ts';
import { boundsOf, criteriaOf } from './cpe-rows.ts';
import { attributesMatch } from './matchers.ts';
import type { MatchTargets } from './targets.ts';

export interface ComponentRanges {
  /** The version the ranges compare with: the distro source version for distro packages. */
  readonly version: string;
  readonly scheme: VersionScheme;
  readonly ranges: KnownRange[];
}

/**
 * A distro package's guidance comes from its tracker alone (upstream versions are not its
 * versions): a resolved entry is fixed in its fixed_version, an open one has no fix.
 * Other components: the OSV ranges of their package (not GIT) and the bounded NVD-shaped
 * ranges of their CPEs; a criteria without any version says nothing about versions.
 */
export function componentRanges(
  t: MatchTargets, packageRows: readonly PackageRangeFact[], cpeRows: readonly CpeMatchFact[], distroRows: readonly DistroFixFact[],
): ComponentRanges {
  if (t.distro) {
    const { key } = t.distro;
    const ranges = distroRows
      .filter((r) => r.distro === key.distro && r.release === key.release && r.sourcePackage === key.sourcePackage && r.fixedVersion !== '0')
      .map((r): KnownRange => ({
        scheme: debian,
        events: r.status === 'resolved' && r.fixedVersion !== null ? [{ introduced: '0' }, { fixed: r.fixedVersion }] : [{ introduced: '0' }],
      }));
    return { version: t.distro.version, scheme: debian, ranges };
  }
  const ranges: KnownRange[] = [];
  const pkg = t.pkg;
  if (pkg) {
    for (const row of packageRows) {
      if (row.ecosystemBase !== pkg.ecosystem || row.name !== pkg.name || row.rangeType === 'GIT') continue;
      const scheme = schemeForEcosystem(row.ecosystem);
      if (!scheme) continue;
      ranges.push(row.rangeType === 'VERSIONS' ? { scheme, versions: row.versions } : { scheme, events: row.events });
    }
  }
  for (const row of cpeRows) {
    if (!row.vulnerable || row.nodeNegate) continue;
    const criteria = criteriaOf(row);
    if (!criteria || criteria.version === NA || !t.cpes.some((c) => attributesMatch(criteria, c.cpe))) continue;
    if (criteria.version !== ANY) {
      ranges.push({ scheme: generic, versions: [criteria.version] });
      continue;
    }
    const bounds = boundsOf(row);
    if (Object.keys(bounds).length > 0) ranges.push({ scheme: generic, bounds });
  }
  const scheme = (pkg ? schemeForEcosystem(pkg.ecosystem) : null) ?? generic;
  return { version: t.version !== '' ? t.version : (t.cpes.find((c) => c.version !== '')?.version ?? ''), scheme, ranges };
}
