// FIRST EPSS daily CSV (plain or .gz): an optional comment line
// `#model_version:v2023.03.01,score_date:2023-03-01T00:00:00+0000`, the header
// `cve,epss,percentile`, then one row per CVE.
import { type FeedInput, textLines } from '../input.ts';
import type { Feed, FeedItem } from '../types.ts';

export const epssFeed: Feed = {
  kind: 'epss',
  title: 'EPSS',
  replace: 'records',
  keyTable: 'epss',
  detect: (head) => /^(#model_version:[^\n]*\n)?cve,epss,percentile\r?\n/.test(head.replace(/^\uFEFF/, '')),
  read: readEpss,
};

// Sample: "#model_version:v2025.03.14,score_date:2025-03-14T00:00:00Z"
const COMMENT_RE = /^#model_version:([^,]*),score_date:(.*)$/;
// Sample: "CVE-2022-32221,0.01355,0.70524"
const ROW_RE = /^(CVE-\d{4}-\d{4,}),([0-9.eE+-]+),([0-9.eE+-]+)$/;

async function readEpss(input: FeedInput, onItem: (item: FeedItem) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let modelVersion: string | null = null;
  let scoreDate: string | null = null;
  let lineNumber = 0;
  for await (const raw of textLines(input, signal)) {
    lineNumber += 1;
    const line = raw.replace(/^\uFEFF/, '').trim();
    if (line === '') continue;
    const comment = COMMENT_RE.exec(line);
    if (comment) {
      modelVersion = comment[1] ?? null;
      scoreDate = comment[2] ?? null;
      continue;
    }
    if (line === 'cve,epss,percentile') continue;
    await onItem(parseEpssRow(line, lineNumber, modelVersion, scoreDate));
  }
}

function parseEpssRow(line: string, lineNumber: number, modelVersion: string | null, scoreDate: string | null): FeedItem {
  const match = ROW_RE.exec(line);
  const cve = match?.[1];
  const epss = Number(match?.[2]);
  const percentile = Number(match?.[3]);
  if (!match || !cve) return { id: /^CVE-\d{4}-\d+/.exec(line)?.[0] ?? `line ${lineNumber}`, skip: 'malformed EPSS row' };
  if (!(epss >= 0 && epss <= 1) || !(percentile >= 0 && percentile <= 1)) return { id: cve, skip: 'EPSS score or percentile outside 0..1' };
  return { id: cve, rows: { epss: [{ cve, epss, percentile, modelVersion, scoreDate }] } };
}
