// What matching reads of a CPE range row beyond its columns, worked out once per row: the
// rows kept between evaluations (kb/row-cache.ts) are matched again at every one.
import { type Cpe, parseCpe23 } from '../cpe/cpe.ts';
import type { CpeMatchFact } from '../kb/knowledge-base.ts';
import type { NvdVersionBounds } from '../versions/range.ts';

type CpeRow = Pick<CpeMatchFact, 'criteria' | 'versionStartIncluding' | 'versionStartExcluding' | 'versionEndIncluding' | 'versionEndExcluding'>;

const parsed = new WeakMap<CpeRow, Cpe | null>();
const bounded = new WeakMap<CpeRow, NvdVersionBounds>();

/** The row's criteria parsed (null when malformed). */
export function criteriaOf(row: CpeRow): Cpe | null {
  let criteria = parsed.get(row);
  if (criteria === undefined) {
    criteria = parseCpe23(row.criteria);
    parsed.set(row, criteria);
  }
  return criteria;
}

/** The row's version bounds, only those it has (none: every version). */
export function boundsOf(row: CpeRow): NvdVersionBounds {
  let bounds = bounded.get(row);
  if (bounds === undefined) {
    bounds = {
      ...(row.versionStartIncluding !== null ? { versionStartIncluding: row.versionStartIncluding } : {}),
      ...(row.versionStartExcluding !== null ? { versionStartExcluding: row.versionStartExcluding } : {}),
      ...(row.versionEndIncluding !== null ? { versionEndIncluding: row.versionEndIncluding } : {}),
      ...(row.versionEndExcluding !== null ? { versionEndExcluding: row.versionEndExcluding } : {}),
    };
    bounded.set(row, bounds);
  }
  return bounds;
}
