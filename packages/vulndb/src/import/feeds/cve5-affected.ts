// CVE JSON 5 `affected[]` entries to CPE range rows, the shape NVD configurations take,
// so the CPE matcher reads them alike. A product's CPEs are its `cpes` when the
// container gives them (CISA's ADP always does), else `cpe:2.3:a:<vendor>:<product>`
// made from the names. Each `affected` version entry becomes one range:
// `{"version": "7.69.0", "lessThan": "8.9.1", "status": "affected"}` → >= 7.69.0, < 8.9.1.
import { ANY, type Cpe, formatCpe23, parseCpe } from '../../cpe/cpe.ts';
import type { vulnCpeMatches } from '../../db/schema.ts';
import type { Staged } from '../types.ts';
import { type Bounds, impossibleBounds } from './nvd.ts';
import { asArray, asRecord, asString } from './json-values.ts';

export type CpeMatchRow = Staged<typeof vulnCpeMatches.$inferInsert>;

/** Version strings that name no version: `"version": "n/a"`, `"0"` as a start of all. */
const NO_VERSION = new Set(['', '*', '-', 'n/a', 'unspecified', 'unknown', 'all', '0']);

/**
 * The rows for one container's `affected` list (`provider` = `cna` or `adp`), or the
 * reason the record is malformed (an impossible range, a bad CPE). Entries that cannot
 * be compared by version (`versionType: "git"`, wildcard bounds such as `lessThan:
 * "2.*"`) are left out, not failed: they are valid CVE 5 data we cannot use.
 */
export function affectedToCpeRows(vulnId: string, provider: string, affected: unknown[], firstConfig: number): CpeMatchRow[] | string {
  const rows: CpeMatchRow[] = [];
  let configIndex = firstConfig;
  for (const entryValue of affected) {
    const entry = asRecord(entryValue);
    if (!entry) continue;
    const products = productCpes(entry);
    if (typeof products === 'string') return products;
    const ranges = versionRanges(entry);
    if (typeof ranges === 'string') return `${vulnId}: ${ranges}`;
    for (const cpe of products) {
      for (const range of ranges) {
        const criteria = formatCpe23({ ...cpe, version: range.exact ?? ANY });
        rows.push({
          vulnId, configIndex, configOperator: 'OR', nodeIndex: 0, nodeOperator: 'OR', nodeNegate: false, provider,
          vulnerable: true, criteria, part: cpe.part, vendor: cpe.vendor.toLowerCase(), product: cpe.product.toLowerCase(),
          ...range.bounds, matchCriteriaId: null,
        });
      }
      configIndex += 1;
    }
  }
  return rows;
}

function productCpes(entry: Record<string, unknown>): Cpe[] | string {
  const listed = asArray(entry.cpes).filter((c): c is string => typeof c === 'string');
  if (listed.length > 0) {
    const cpes: Cpe[] = [];
    for (const text of listed) {
      const cpe = parseCpe(text);
      if (!cpe) return `malformed CPE "${text}"`;
      // The product line is what a range applies to: the version comes from the range.
      cpes.push({ ...cpe, version: ANY, update: ANY });
    }
    return cpes;
  }
  // Some CNAs name only the package (Red Hat: {"packageName": "xz", "versions": [...]}).
  const product = cpeName(asString(entry.product) ?? asString(entry.packageName) ?? '');
  if (product === '') return [];
  const vendor = cpeName(asString(entry.vendor) ?? '');
  return [{ ...ALL, part: 'a', vendor: vendor === '' ? product : vendor, product }];
}

const ALL: Cpe = {
  part: ANY, vendor: ANY, product: ANY, version: ANY, update: ANY, edition: ANY, language: ANY,
  swEdition: ANY, targetSw: ANY, targetHw: ANY, other: ANY,
};

/** A CNA's free-text name as a CPE name: lower case, blanks to `_`. Sample: "Apache Log4j2" → apache_log4j2. */
function cpeName(name: string): string {
  const n = name.trim().toLowerCase();
  return n === 'n/a' || n === 'unknown' || n === '[unknown]' ? '' : n.replace(/\s+/g, '_');
}

interface VersionRange {
  readonly exact: string | null;
  readonly bounds: Bounds;
}

const NO_BOUNDS: Bounds = { versionStartIncluding: null, versionStartExcluding: null, versionEndIncluding: null, versionEndExcluding: null };

function versionRanges(entry: Record<string, unknown>): VersionRange[] | string {
  const versions = asArray(entry.versions).map(asRecord).filter((v) => v !== null);
  // No versions and affected by default: every version of the product.
  if (versions.length === 0) return asString(entry.defaultStatus) === 'affected' ? [{ exact: null, bounds: NO_BOUNDS }] : [];
  const out: VersionRange[] = [];
  for (const v of versions) {
    if (asString(v.status) !== 'affected' || asString(v.versionType) === 'git') continue;
    const version = (asString(v.version) ?? '').trim();
    const lessThan = asString(v.lessThan);
    const lessThanOrEqual = asString(v.lessThanOrEqual);
    const end = lessThan ?? lessThanOrEqual;
    if (end === undefined) {
      // Prose is not a version. Sample: {"version": "Fixed in 8.1.0", "status": "affected"}
      if (!NO_VERSION.has(version.toLowerCase()) && !/[*\s]/.test(version)) out.push({ exact: version, bounds: NO_BOUNDS });
      continue;
    }
    if (version.includes('*') || (end.includes('*') && end !== '*')) continue;
    // An open end. Sample: {"version": "1.31.0", "lessThan": "unspecified", "status": "affected"}
    const open = NO_VERSION.has(end.toLowerCase()) && end !== '0';
    const bounds: Bounds = {
      ...NO_BOUNDS,
      versionStartIncluding: NO_VERSION.has(version.toLowerCase()) ? null : version,
      ...(open ? {} : lessThan !== undefined ? { versionEndExcluding: end } : { versionEndIncluding: end }),
    };
    const impossible = impossibleBounds(bounds);
    if (impossible) return `impossible range: ${impossible}`;
    out.push({ exact: null, bounds });
  }
  return out;
}
