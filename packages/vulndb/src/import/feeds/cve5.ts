// CVE JSON 5 records (the CVE List, cve.org): what the CNA published, with CISA's ADP
// enrichment. They fill the gap while NVD has not yet analysed a CVE: the CNA's
// `affected` products and versions and the ADP's CPE-style `affected` become CPE ranges
// (provider `cna` / `adp`), used only for CVEs without NVD configurations (evaluate.ts).
// Sample head: {"dataType": "CVE_RECORD", "dataVersion": "5.1", "cveMetadata": {...}, "containers": {...}}
import { scoreCvss } from '../../cvss/cvss.ts';
import type { CvssMetric, Reference } from '../../db/schema.ts';
import { type FeedInput, textChunks } from '../input.ts';
import { splitJson } from '../json-stream.ts';
import type { Feed, FeedItem } from '../types.ts';
import { affectedToCpeRows, type CpeMatchRow } from './cve5-affected.ts';
import { asArray, asRecord, asString } from './json-values.ts';

export const cve5Feed: Feed = {
  kind: 'cve5',
  title: 'CVE JSON 5',
  replace: 'records',
  keyTable: 'records',
  // Sample: "dataType": "CVE_RECORD"; some writers put it last, after {"containers": {"cna": ...
  detect: (head) => /"dataType"\s*:\s*"CVE_RECORD"/.test(head) || /"containers"\s*:\s*\{\s*"(cna|adp)"\s*:/.test(head),
  read: readCve5,
};

async function readCve5(input: FeedInput, onItem: (item: FeedItem) => Promise<void>, signal?: AbortSignal): Promise<void> {
  // One record per file (the CVE List), or an array of records.
  const { head, found } = await splitJson(textChunks(input, signal), { kind: 'elements', arrayKeys: [] }, async (item) => {
    await onItem(parseText(item.text, `item ${item.index}`));
  }, signal);
  if (!found) await onItem(parseText(head, 'record'));
}

function parseText(text: string, where: string): FeedItem {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Sample: "cveId": "CVE-2024-7264"
    return { id: /"cveId"\s*:\s*"([^"]+)"/.exec(text.slice(0, 4096))?.[1] ?? where, skip: 'malformed JSON' };
  }
  const record = asRecord(value);
  return record ? parseCve5Record(record, where) : { id: where, skip: 'not an object' };
}

/** CVSS keys of a CVE 5 `metrics[]` entry. */
const METRIC_KEYS = ['cvssV2_0', 'cvssV3_0', 'cvssV3_1', 'cvssV4_0'] as const;

/** One CVE 5 record to rows; a malformed part (bad vector, impossible range, bad CPE) skips it whole. */
export function parseCve5Record(record: Record<string, unknown>, where = 'record'): FeedItem {
  const meta = asRecord(record.cveMetadata);
  const id = asString(meta?.cveId);
  if (!id || !/^CVE-\d{4}-\d{4,}$/.test(id)) return { id: id || where, skip: 'missing or malformed cveId' };
  const rejected = asString(meta?.state) === 'REJECTED';
  const containers = asRecord(record.containers);
  const cna = asRecord(containers?.cna);
  const adps = asArray(containers?.adp).map(asRecord).filter((a) => a !== null);
  const cvss: CvssMetric[] = [];
  for (const container of [cna, ...adps]) {
    const metrics = parseMetrics(container);
    if (typeof metrics === 'string') return { id, skip: metrics };
    cvss.push(...metrics);
  }
  const cpeMatches: CpeMatchRow[] = [];
  if (!rejected) {
    const cnaRows = affectedToCpeRows(id, 'cna', asArray(cna?.affected), 0);
    if (typeof cnaRows === 'string') return { id, skip: cnaRows };
    cpeMatches.push(...cnaRows);
    for (const adp of adps) {
      const adpRows = affectedToCpeRows(id, 'adp', asArray(adp.affected), 1000 * (1 + adps.indexOf(adp)));
      if (typeof adpRows === 'string') return { id, skip: adpRows };
      cpeMatches.push(...adpRows);
    }
  }
  // A rejected record keeps only its `rejectedReasons`, shaped like descriptions.
  const descriptions = (rejected ? asArray(cna?.rejectedReasons) : asArray(cna?.descriptions)).map(asRecord);
  const english = descriptions.find((d) => d?.lang === 'en' || d?.lang === 'en-US') ?? descriptions[0];
  return {
    id,
    rows: {
      records: [{
        vulnId: id,
        status: rejected ? 'Rejected' : 'Published',
        withdrawn: rejected,
        published: asString(meta?.datePublished) ?? null,
        modified: asString(meta?.dateUpdated) ?? null,
        summary: asString(cna?.title) ?? '',
        description: asString(english?.value) ?? '',
        cwes: [cna, ...adps].flatMap((c) => cwesOf(c)).filter((c, i, all) => all.indexOf(c) === i),
        cvss,
        references: referencesOf([cna, ...adps]),
      }],
      cpeMatches,
    },
  };
}

function parseMetrics(container: Record<string, unknown> | null): CvssMetric[] | string {
  const provider = asRecord(container?.providerMetadata);
  const source = asString(provider?.shortName) ?? asString(provider?.orgId) ?? '';
  const out: CvssMetric[] = [];
  for (const metric of asArray(container?.metrics).map(asRecord)) {
    for (const key of METRIC_KEYS) {
      const data = asRecord(metric?.[key]);
      if (!data) continue;
      const vector = asString(data.vectorString) ?? '';
      const given = typeof data.baseScore === 'number' ? data.baseScore : undefined;
      const scored = scoreCvss(vector, given === undefined ? {} : { score: given });
      if (!scored.valid) return `unknown CVSS vector "${vector}": ${scored.reason}`;
      const severity = asString(data.baseSeverity) ?? scored.severity;
      out.push({
        version: scored.version, vector: scored.vector, score: given ?? scored.baseScore,
        severity: severity ? severity.toLowerCase() : null, source, type: 'Secondary',
      });
    }
  }
  return out;
}

function cwesOf(container: Record<string, unknown> | null): string[] {
  return asArray(container?.problemTypes).map(asRecord)
    .flatMap((p) => asArray(p?.descriptions).map(asRecord))
    .flatMap((d) => (asString(d?.cweId) ? [asString(d?.cweId) as string] : []));
}

function referencesOf(containers: (Record<string, unknown> | null)[]): Reference[] {
  const seen = new Set<string>();
  const out: Reference[] = [];
  for (const container of containers) {
    for (const r of asArray(container?.references).map(asRecord)) {
      const url = asString(r?.url);
      if (!url || seen.has(url)) continue;
      seen.add(url);
      const tags = asArray(r?.tags).filter((t): t is string => typeof t === 'string');
      out.push({ url, ...(tags.length > 0 ? { tags } : {}) });
    }
  }
  return out;
}
