// NVD CVE API 2.0: API response pages (`{"resultsPerPage":..., "vulnerabilities":
// [{"cve": {...}}]}`), yearly/flat files (`cve_items` of bare records), a single
// `{"cve": {...}}` item, or one bare `cve` object (the per-CVE files of mirrors).
import { parseCpe23 } from '../../cpe/cpe.ts';
import { scoreCvss } from '../../cvss/cvss.ts';
import type { CvssMetric, Reference } from '../../db/schema.ts';
import { generic } from '../../versions/generic.ts';
import { type FeedInput, textChunks } from '../input.ts';
import { splitJson } from '../json-stream.ts';
import type { Feed, FeedItem, FeedRows, Staged } from '../types.ts';
import type { vulnCpeMatches } from '../../db/schema.ts';
import { asArray, asRecord, asString } from './json-values.ts';

export const nvdFeed: Feed = {
  kind: 'nvd',
  title: 'NVD CVE API 2.0',
  replace: 'records',
  keyTable: 'records',
  // "format": "NVD_CVE" heads API pages; bare records carry NVD's own field names.
  detect: (head) => /"format"\s*:\s*"NVD_CVE"/.test(head) || /"cve_items"\s*:/.test(head)
    || (/"sourceIdentifier"\s*:/.test(head) && /"vulnStatus"\s*:/.test(head)),
  read: readNvd,
};

const ARRAY_KEYS = ['vulnerabilities', 'cve_items'];

async function readNvd(input: FeedInput, onItem: (item: FeedItem) => Promise<void>, signal?: AbortSignal): Promise<void> {
  const { head, found } = await splitJson(textChunks(input, signal), { kind: 'elements', arrayKeys: ARRAY_KEYS }, async (item) => {
    await onItem(parseNvdItemText(item.text, `item ${item.index}`));
  }, signal);
  if (!found) await onItem(parseNvdItemText(head, 'record'));
}

function parseNvdItemText(text: string, where: string): FeedItem {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { id: idIn(text) ?? where, skip: 'malformed JSON' };
  }
  const item = asRecord(value);
  const cve = asRecord(item?.cve) ?? item;
  return cve ? parseNvdCve(cve, where) : { id: where, skip: 'not an object' };
}

/** One NVD `cve` object to rows; a record with any malformed part is skipped whole. */
export function parseNvdCve(cve: Record<string, unknown>, where = 'record'): FeedItem {
  const id = asString(cve.id);
  if (!id || !/^CVE-\d{4}-\d{4,}$/.test(id)) return { id: id || where, skip: 'missing or malformed CVE id' };
  const status = asString(cve.vulnStatus) ?? '';
  const rejected = status === 'Rejected';
  const cvss = parseMetrics(asRecord(cve.metrics));
  if (typeof cvss === 'string') return { id, skip: cvss };
  const cpeMatches = rejected ? [] : parseConfigurations(id, asArray(cve.configurations));
  if (typeof cpeMatches === 'string') return { id, skip: cpeMatches };
  const descriptions = asArray(cve.descriptions).map(asRecord);
  const english = descriptions.find((d) => d?.lang === 'en') ?? descriptions[0];
  const rows: FeedRows = {
    records: [{
      vulnId: id,
      status,
      withdrawn: rejected,
      published: asString(cve.published) ?? null,
      modified: asString(cve.lastModified) ?? null,
      description: asString(english?.value) ?? '',
      cwes: parseWeaknesses(asArray(cve.weaknesses)),
      cvss,
      references: parseReferences(asArray(cve.references)),
    }],
    cpeMatches,
  };
  return { id, rows };
}

const METRIC_KEYS: readonly [string, CvssMetric['version'][]][] = [
  ['cvssMetricV2', ['2.0']],
  ['cvssMetricV30', ['3.0']],
  ['cvssMetricV31', ['3.1']],
  ['cvssMetricV40', ['4.0']],
];

function parseMetrics(metrics: Record<string, unknown> | null): CvssMetric[] | string {
  const out: CvssMetric[] = [];
  for (const [key, versions] of METRIC_KEYS) {
    for (const entry of asArray(metrics?.[key]).map(asRecord)) {
      const data = asRecord(entry?.cvssData);
      const vector = asString(data?.vectorString);
      if (!vector) return `${key} without a vectorString`;
      const given = typeof data?.baseScore === 'number' ? data.baseScore : undefined;
      const scored = scoreCvss(vector, given === undefined ? {} : { score: given });
      if (!scored.valid) return `unknown CVSS vector "${vector}": ${scored.reason}`;
      if (!versions.includes(scored.version)) return `${key} holds a CVSS ${scored.version} vector`;
      // v2 keeps its severity beside cvssData; v3/v4 inside it.
      const severity = asString(data?.baseSeverity) ?? asString(entry?.baseSeverity) ?? scored.severity;
      out.push({
        version: scored.version,
        vector: scored.vector,
        score: given ?? scored.baseScore,
        severity: severity ? severity.toLowerCase() : null,
        source: asString(entry?.source) ?? '',
        type: asString(entry?.type) ?? '',
      });
    }
  }
  return out;
}

function parseWeaknesses(weaknesses: unknown[]): string[] {
  const cwes = new Set<string>();
  for (const weakness of weaknesses.map(asRecord)) {
    for (const d of asArray(weakness?.description).map(asRecord)) {
      const value = asString(d?.value);
      if (value) cwes.add(value);
    }
  }
  return [...cwes];
}

function parseReferences(references: unknown[]): Reference[] {
  return references.map(asRecord).flatMap((r) => {
    const url = asString(r?.url);
    if (!url) return [];
    const tags = asArray(r?.tags).filter((t): t is string => typeof t === 'string');
    return [{ url, ...(asString(r?.source) ? { source: asString(r?.source) as string } : {}), ...(tags.length > 0 ? { tags } : {}) }];
  });
}

type CpeMatchRow = Staged<typeof vulnCpeMatches.$inferInsert>;

/** Configurations → one row per cpeMatch; a bad CPE or an impossible range fails the record. */
export function parseConfigurations(id: string, configurations: unknown[]): CpeMatchRow[] | string {
  const rows: CpeMatchRow[] = [];
  for (const [configIndex, configValue] of configurations.entries()) {
    const config = asRecord(configValue);
    const configOperator = asString(config?.operator) ?? 'OR';
    for (const [nodeIndex, nodeValue] of asArray(config?.nodes).entries()) {
      const node = asRecord(nodeValue);
      for (const matchValue of asArray(node?.cpeMatch)) {
        const match = asRecord(matchValue);
        const criteria = asString(match?.criteria);
        const cpe = criteria ? parseCpe23(criteria) : null;
        if (!criteria || !cpe) return `malformed CPE criteria "${criteria ?? ''}"`;
        const bounds = {
          versionStartIncluding: asString(match?.versionStartIncluding) ?? null,
          versionStartExcluding: asString(match?.versionStartExcluding) ?? null,
          versionEndIncluding: asString(match?.versionEndIncluding) ?? null,
          versionEndExcluding: asString(match?.versionEndExcluding) ?? null,
        };
        const impossible = impossibleBounds(bounds);
        if (impossible) return `impossible range for ${criteria}: ${impossible}`;
        rows.push({
          vulnId: id,
          configIndex,
          configOperator,
          nodeIndex,
          nodeOperator: asString(node?.operator) ?? 'OR',
          nodeNegate: node?.negate === true,
          vulnerable: match?.vulnerable === true,
          criteria,
          part: cpe.part,
          vendor: cpe.vendor.toLowerCase(),
          product: cpe.product.toLowerCase(),
          ...bounds,
          matchCriteriaId: asString(match?.matchCriteriaId) ?? null,
        });
      }
    }
  }
  return rows;
}

export interface Bounds {
  versionStartIncluding: string | null;
  versionStartExcluding: string | null;
  versionEndIncluding: string | null;
  versionEndExcluding: string | null;
}

/** A start above the end (or equal with an excluding side) can contain no version. */
export function impossibleBounds(b: Bounds): string | null {
  const start = b.versionStartIncluding ?? b.versionStartExcluding;
  const end = b.versionEndIncluding ?? b.versionEndExcluding;
  if (b.versionStartIncluding !== null && b.versionStartExcluding !== null) return 'two start bounds';
  if (b.versionEndIncluding !== null && b.versionEndExcluding !== null) return 'two end bounds';
  if (start === null || end === null) return null;
  const order = generic.compare(start, end);
  const inclusive = b.versionStartIncluding !== null && b.versionEndIncluding !== null;
  if (order > 0 || (order === 0 && !inclusive)) return `start ${start} is not below end ${end}`;
  return null;
}

function idIn(text: string): string | null {
  // A CVE id near the start of a broken record. Sample: "id": "CVE-2023-45853"
  return /"id"\s*:\s*"(CVE-\d{4}-\d{4,})"/.exec(text.slice(0, 4096))?.[1] ?? null;
}
