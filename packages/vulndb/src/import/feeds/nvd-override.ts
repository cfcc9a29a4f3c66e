// Community NVD configuration overrides (anchore/nvd-data-overrides, CC0): CPE
// configurations for CVEs NVD has not analysed yet, in NVD's own shape. Used only for
// CVEs without NVD configurations (evaluate.ts). One record per file:
// {"_annotation": {"cve_id": "CVE-2024-3094", "reason": "...", ...}, "cve": {"configurations": [...]}}
// or an array of such records.
import { type FeedInput, textChunks } from '../input.ts';
import { splitJson } from '../json-stream.ts';
import type { Feed, FeedItem } from '../types.ts';
import { asArray, asRecord, asString } from './json-values.ts';
import { parseConfigurations } from './nvd.ts';

export const nvdOverrideFeed: Feed = {
  kind: 'nvd-override',
  title: 'NVD configuration overrides',
  replace: 'records',
  keyTable: 'records',
  // Sample: {"_annotation": {"cna": "redhat", "cve_id": "CVE-2024-3094", ...
  detect: (head) => /"_annotation"\s*:\s*\{/.test(head) && /"cve_id"\s*:/.test(head),
  read: readOverrides,
};

async function readOverrides(input: FeedInput, onItem: (item: FeedItem) => Promise<void>, signal?: AbortSignal): Promise<void> {
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
    // Sample: "cve_id": "CVE-2024-3094"
    return { id: /"cve_id"\s*:\s*"([^"]+)"/.exec(text.slice(0, 4096))?.[1] ?? where, skip: 'malformed JSON' };
  }
  const record = asRecord(value);
  return record ? parseOverride(record, where) : { id: where, skip: 'not an object' };
}

/** One override to a marker record (so a re-import replaces it) and its CPE ranges. */
export function parseOverride(record: Record<string, unknown>, where = 'record'): FeedItem {
  const annotation = asRecord(record._annotation);
  const id = asString(annotation?.cve_id);
  if (!id || !/^CVE-\d{4}-\d{4,}$/.test(id)) return { id: id || where, skip: 'missing or malformed _annotation.cve_id' };
  const cpeMatches = parseConfigurations(id, asArray(asRecord(record.cve)?.configurations));
  if (typeof cpeMatches === 'string') return { id, skip: cpeMatches };
  const references = asArray(annotation?.references).filter((u): u is string => typeof u === 'string').map((url) => ({ url }));
  return {
    id,
    rows: {
      records: [{ vulnId: id, status: 'Override', summary: '', description: '', references, databaseSpecific: { reason: asString(annotation?.reason) ?? '' } }],
      cpeMatches,
    },
  };
}
