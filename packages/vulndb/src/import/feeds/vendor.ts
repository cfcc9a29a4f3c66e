// Vendor vulnerabilities (spec: vendor-vulnerabilities): advisories users write for
// vendor components, as OSV records in a document that says it holds vendor data:
//   {"source": "vendor", "vulnerabilities": [ {OSV record}, ... ]}
// A package may be named by purl alone (`pkg:generic/acme/acme-firmware`), and an
// affected entry may list CPEs in `database_specific.cpes`; its ranges then also become
// CPE ranges, so a component matches by purl or by CPE.
import { parsePurl } from '../../purl/purl.ts';
import { packageKeyOfPurl } from '../../match/package-key.ts';
import type { RangeEvent } from '../../db/schema.ts';
import { type FeedInput, textChunks } from '../input.ts';
import { splitJson } from '../json-stream.ts';
import type { Feed, FeedItem } from '../types.ts';
import { affectedToCpeRows, type CpeMatchRow } from './cve5-affected.ts';
import { asArray, asRecord, asString } from './json-values.ts';
import { parseOsvRecord } from './osv.ts';

export const vendorFeed: Feed = {
  kind: 'vendor',
  title: 'Vendor vulnerabilities',
  replace: 'records',
  keyTable: 'records',
  // Sample: {"source": "vendor", "vulnerabilities": [
  detect: (head) => /^\s*\{\s*"source"\s*:\s*"vendor"\s*,/.test(head.replace(/^\uFEFF/, '')),
  read: readVendor,
};

async function readVendor(input: FeedInput, onItem: (item: FeedItem) => Promise<void>, signal?: AbortSignal): Promise<void> {
  await splitJson(textChunks(input, signal), { kind: 'elements', arrayKeys: ['vulnerabilities'] }, async (item) => {
    let value: unknown;
    try {
      value = JSON.parse(item.text);
    } catch {
      // Sample: "id": "ACME-SA-2024-001"
      await onItem({ id: /"id"\s*:\s*"([^"]+)"/.exec(item.text.slice(0, 4096))?.[1] ?? `item ${item.index}`, skip: 'malformed JSON' });
      return;
    }
    const record = asRecord(value);
    await onItem(record ? parseVendorRecord(record, `item ${item.index}`) : { id: `item ${item.index}`, skip: 'not an object' });
  }, signal);
}

/** An OSV-shaped vendor advisory to rows: OSV's package ranges plus CPE ranges. */
export function parseVendorRecord(record: Record<string, unknown>, where = 'record'): FeedItem {
  const affected = asArray(record.affected).map(asRecord);
  const named = affected.map((a) => (a ? withPackageFromPurl(a) : a));
  if (named.some((a) => typeof a === 'string')) return { id: asString(record.id) ?? where, skip: named.find((a) => typeof a === 'string') as string };
  const item = parseOsvRecord({ ...record, affected: named }, where);
  if ('skip' in item) return item;
  const withdrawn = asString(record.withdrawn) !== undefined;
  const cpeMatches: CpeMatchRow[] = [];
  for (const entry of withdrawn ? [] : affected) {
    const cpes = asArray(asRecord(entry?.database_specific)?.cpes);
    if (!entry || cpes.length === 0) continue;
    const versions = cpeVersions(entry);
    if (versions.length === 0) continue;
    const rows = affectedToCpeRows(item.id, 'vendor', [{ cpes, versions }], cpeMatches.length);
    if (typeof rows === 'string') return { id: item.id, skip: rows };
    cpeMatches.push(...rows);
  }
  return { id: item.id, rows: { ...item.rows, cpeMatches } };
}

/** Fills `package.ecosystem`/`name` from `package.purl` when only the purl is given. */
function withPackageFromPurl(affected: Record<string, unknown>): Record<string, unknown> | string {
  const pkg = asRecord(affected.package) ?? {};
  if (asString(pkg.ecosystem) && asString(pkg.name)) return affected;
  const text = asString(pkg.purl);
  const purl = text ? parsePurl(text) : null;
  if (!purl) return text ? `malformed purl "${text}"` : 'affected package without ecosystem, name or purl';
  const key = packageKeyOfPurl(purl);
  if (!key) return `purl type "${purl.type}" is not matched by package (use pkg:generic or CPEs)`;
  return { ...affected, package: { ...pkg, ecosystem: key.ecosystem, name: key.name } };
}

/** OSV events and versions as CVE-5-style version entries (the shape affectedToCpeRows reads). */
function cpeVersions(affected: Record<string, unknown>): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const range of asArray(affected.ranges).map(asRecord)) {
    if (asString(range?.type) === 'GIT') continue;
    let start: string | null = null;
    for (const event of asArray(range?.events).map(asRecord) as RangeEvent[]) {
      if (event.introduced !== undefined) start = event.introduced;
      else if (start !== null && event.fixed !== undefined) out.push({ version: start, lessThan: event.fixed, status: 'affected' });
      else if (start !== null && event.last_affected !== undefined) out.push({ version: start, lessThanOrEqual: event.last_affected, status: 'affected' });
      else continue;
      if (event.introduced === undefined) start = null;
    }
    if (start !== null) out.push({ version: start, lessThan: '*', status: 'affected' });
  }
  for (const v of asArray(affected.versions)) if (typeof v === 'string') out.push({ version: v, status: 'affected' });
  return out;
}
