// CISA Known Exploited Vulnerabilities catalog JSON: `{"title", "catalogVersion",
// "dateReleased", "count", "vulnerabilities": [{"cveID", "vendorProject", ...}]}`. The
// catalog is a whole document: an import replaces the previous catalog.
import { type FeedInput, textChunks } from '../input.ts';
import { splitJson } from '../json-stream.ts';
import type { Feed, FeedItem } from '../types.ts';
import { asRecord, asString } from './json-values.ts';

export const kevFeed: Feed = {
  kind: 'kev',
  title: 'CISA KEV',
  replace: 'all',
  keyTable: 'kev',
  detect: (head) => /"catalogVersion"\s*:/.test(head),
  read: readKev,
};

async function readKev(input: FeedInput, onItem: (item: FeedItem) => Promise<void>, signal?: AbortSignal): Promise<void> {
  const { found } = await splitJson(textChunks(input, signal), { kind: 'elements', arrayKeys: ['vulnerabilities'] }, async (item) => {
    await onItem(parseKevText(item.text, `item ${item.index}`));
  }, signal);
  if (!found) throw new SyntaxError('a KEV catalog has a "vulnerabilities" array');
}

function parseKevText(text: string, where: string): FeedItem {
  let entry: Record<string, unknown> | null;
  try {
    entry = asRecord(JSON.parse(text));
  } catch {
    return { id: /"cveID"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? where, skip: 'malformed JSON' };
  }
  const cve = asString(entry?.cveID);
  if (!cve || !/^CVE-\d{4}-\d{4,}$/.test(cve)) return { id: cve ?? where, skip: 'missing or malformed cveID' };
  const dateAdded = asString(entry?.dateAdded);
  if (!dateAdded || !/^\d{4}-\d{2}-\d{2}$/.test(dateAdded)) return { id: cve, skip: 'missing or malformed dateAdded' };
  return {
    id: cve,
    rows: {
      kev: [{
        cve,
        vendorProject: asString(entry?.vendorProject) ?? '',
        product: asString(entry?.product) ?? '',
        name: asString(entry?.vulnerabilityName) ?? '',
        dateAdded,
        dueDate: asString(entry?.dueDate) ?? null,
        requiredAction: asString(entry?.requiredAction) ?? '',
        knownRansomwareCampaignUse: asString(entry?.knownRansomwareCampaignUse) ?? '',
        catalogVersion: null,
      }],
    },
  };
}
