// The knowledge-base rows of one evaluation, grouped by what a component names, so that
// each component is matched against its own rows only (not every row of the batch).
import type { CpeMatchFact, DistroFixFact, PackageRangeFact } from '../kb/knowledge-base.ts';
import type { MatchTargets } from './targets.ts';

export interface TargetRows {
  readonly ranges: PackageRangeFact[];
  readonly cpeRows: CpeMatchFact[];
  readonly fixes: DistroFixFact[];
}

export function indexRows(
  ranges: readonly PackageRangeFact[], cpeRows: readonly CpeMatchFact[], fixes: readonly DistroFixFact[],
): (t: MatchTargets) => TargetRows {
  const byPackage = groupBy(ranges, (r) => key(r.ecosystemBase, r.name));
  // The knowledge base stores CPE vendor and product lower-cased.
  const byProduct = groupBy(cpeRows, (r) => key(r.vendor, r.product));
  const bySource = groupBy(fixes, (r) => key(r.distro, r.release, r.sourcePackage));
  return (t) => {
    const products = [...new Set(t.cpes.map((c) => key(c.cpe.vendor.toLowerCase(), c.cpe.product.toLowerCase())))];
    return {
      ranges: t.pkg ? (byPackage.get(key(t.pkg.ecosystem, t.pkg.name)) ?? []) : [],
      cpeRows: products.flatMap((p) => byProduct.get(p) ?? []),
      fixes: t.distro ? (bySource.get(key(t.distro.key.distro, t.distro.key.release, t.distro.key.sourcePackage)) ?? []) : [],
    };
  };
}

function key(...parts: string[]): string {
  return parts.join('\u0000');
}

export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = keyOf(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
