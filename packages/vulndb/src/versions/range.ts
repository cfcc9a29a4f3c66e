// Is a version inside an OSV range or an NVD cpeMatch's bounds? Both are
// evaluated with the version scheme of the package's ecosystem.
import type { VersionScheme } from './types.ts';

/** One OSV range event; exactly one key is set in real data. */
export interface OsvEvent {
  readonly introduced?: string;
  readonly fixed?: string;
  readonly last_affected?: string;
  readonly limit?: string;
}

/** The bounds of one NVD cpeMatch entry. */
export interface NvdVersionBounds {
  readonly versionStartIncluding?: string;
  readonly versionStartExcluding?: string;
  readonly versionEndIncluding?: string;
  readonly versionEndExcluding?: string;
}

/**
 * OSV's evaluation of SEMVER and ECOSYSTEM ranges: walk the events sorted by
 * version; `introduced` at or below the version switches "affected" on,
 * `fixed` at or below (or `last_affected` strictly below) switches it off.
 * `introduced: "0"` is before every version. `limit` caps the range: a
 * version at or above any limit is not affected. Several introduced/fixed
 * pairs in one range work because the last event at or below the version
 * decides.
 */
export function inOsvRange(version: string, events: readonly OsvEvent[], scheme: VersionScheme): boolean {
  for (const event of events) {
    if (event.limit !== undefined && event.limit !== '*' && scheme.compare(version, event.limit) >= 0) return false;
  }
  let affected = false;
  for (const event of sortEvents(events, scheme)) {
    if (event.introduced !== undefined) {
      if (event.introduced === '0' || scheme.compare(version, event.introduced) >= 0) affected = true;
    } else if (event.fixed !== undefined) {
      if (scheme.compare(version, event.fixed) >= 0) affected = false;
    } else if (event.last_affected !== undefined) {
      if (scheme.compare(version, event.last_affected) > 0) affected = false;
    }
  }
  return affected;
}

// Sorted by the event's version; "0" first; on equal versions an
// introduced comes before a fixed so that [introduced X, fixed X] is empty.
function sortEvents(events: readonly OsvEvent[], scheme: VersionScheme): OsvEvent[] {
  const key = (e: OsvEvent): string => e.introduced ?? e.fixed ?? e.last_affected ?? e.limit ?? '';
  const kindRank = (e: OsvEvent): number => (e.introduced !== undefined ? 0 : 1);
  return events
    .filter((e) => e.limit === undefined)
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka === '0' || kb === '0') {
        if (ka !== kb) return ka === '0' ? -1 : 1;
      } else {
        const byVersion = scheme.compare(ka, kb);
        if (byVersion !== 0) return byVersion;
      }
      return kindRank(a) - kindRank(b);
    });
}

/** Which NVD bound excluded a version, or null when it is inside all of them. */
export type NvdBoundViolation = keyof NvdVersionBounds;

/**
 * NVD cpeMatch bounds: each present bound must hold; no bounds at all means
 * every version (the criteria's own version attribute is matched by the CPE
 * comparison, not here).
 */
export function inNvdBounds(version: string, bounds: NvdVersionBounds, scheme: VersionScheme): boolean {
  return nvdBoundViolation(version, bounds, scheme) === null;
}

export function nvdBoundViolation(
  version: string,
  bounds: NvdVersionBounds,
  scheme: VersionScheme,
): NvdBoundViolation | null {
  const { versionStartIncluding, versionStartExcluding, versionEndIncluding, versionEndExcluding } = bounds;
  if (versionStartIncluding !== undefined && scheme.compare(version, versionStartIncluding) < 0) {
    return 'versionStartIncluding';
  }
  if (versionStartExcluding !== undefined && scheme.compare(version, versionStartExcluding) <= 0) {
    return 'versionStartExcluding';
  }
  if (versionEndIncluding !== undefined && scheme.compare(version, versionEndIncluding) > 0) {
    return 'versionEndIncluding';
  }
  if (versionEndExcluding !== undefined && scheme.compare(version, versionEndExcluding) >= 0) {
    return 'versionEndExcluding';
  }
  return null;
}
