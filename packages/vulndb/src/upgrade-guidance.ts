// Upgrade guidance per component: the nearest version that fixes every known
// vulnerability of its line, and the latest version the knowledge base knows of. A pure
// function of the component's version and the ranges the knowledge base holds for its
// package (OSV events, NVD bounds, versions lists), each in its own version scheme.
import { inNvdBounds, inOsvRange, type NvdVersionBounds, type OsvEvent } from './versions/range.ts';
import type { VersionScheme } from './versions/types.ts';

/** One known range of the component's package or product. */
export type KnownRange =
  | { readonly scheme: VersionScheme; readonly events: readonly OsvEvent[] }
  | { readonly scheme: VersionScheme; readonly bounds: NvdVersionBounds }
  | { readonly scheme: VersionScheme; readonly versions: readonly string[] };

export interface UpgradeGuidance {
  /**
   * The lowest version above the component's that some range names as a fix and that no
   * known range affects; null when the component is affected by nothing, its version is
   * unknown, or no such fix is known.
   */
  readonly nearest_fix: string | null;
  /** The highest version any range names (introduced, fixed, last_affected, bounds, listed versions); null when none. */
  readonly latest_known: string | null;
}

export function upgradeGuidance(version: string, scheme: VersionScheme, ranges: readonly KnownRange[]): UpgradeGuidance {
  const mentioned = ranges.flatMap(versionsNamed);
  const latest = [...mentioned].sort((a, b) => scheme.compare(b, a))[0] ?? null;
  if (version === '' || !ranges.some((r) => affects(r, version))) return { nearest_fix: null, latest_known: latest };
  const candidates = [...new Set(ranges.flatMap(fixesNamed))]
    .filter((fix) => scheme.compare(fix, version) > 0)
    .sort((a, b) => scheme.compare(a, b));
  const nearest = candidates.find((candidate) => !ranges.some((r) => affects(r, candidate))) ?? null;
  return { nearest_fix: nearest, latest_known: latest };
}

function affects(range: KnownRange, version: string): boolean {
  if ('events' in range) return inOsvRange(version, range.events, range.scheme);
  if ('bounds' in range) return inNvdBounds(version, range.bounds, range.scheme);
  return range.versions.some((v) => range.scheme.compare(v, version) === 0);
}

function versionsNamed(range: KnownRange): string[] {
  if ('events' in range) {
    return range.events.flatMap((e) => [e.introduced, e.fixed, e.last_affected]).filter((v): v is string => v !== undefined && v !== '0');
  }
  if ('bounds' in range) return Object.values(range.bounds).filter((v): v is string => typeof v === 'string');
  return [...range.versions];
}

/** Versions a range names as fixed: OSV `fixed`, NVD versionEndExcluding. */
function fixesNamed(range: KnownRange): string[] {
  if ('events' in range) return range.events.flatMap((e) => (e.fixed !== undefined ? [e.fixed] : []));
  if ('bounds' in range) return range.bounds.versionEndExcluding !== undefined ? [range.bounds.versionEndExcluding] : [];
  return [];
}
