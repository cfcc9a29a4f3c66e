// NVD CVE API 2.0, page by page (each page one staged import, so an interrupted sync
// keeps the pages it finished), within NVD's rate limits: 5 requests per 30 s without
// an API key, 50 with one. Resumable: a finished sync records its start time (a run
// with origin `nvd-sync:<ISO time>`), and the next one asks only for CVEs modified since
// (lastModStartDate/lastModEndDate, at most 120 days apart, else a full download).
import { and, desc, eq, like } from 'drizzle-orm';
import type { KbDatabase } from '../db/database.ts';
import { vulnImportRuns } from '../db/schema.ts';
import { nvdFeed } from '../import/feeds/nvd.ts';
import { type ImportReport, runImport } from '../import/run.ts';
import { type DownloadOptions, getJson } from './download.ts';
import type { SourceProgress } from './progress.ts';

const PAGE_SIZE = 2000;
const WINDOW_MS = 30_000;
const MAX_RANGE_MS = 120 * 24 * 3600 * 1000;
const MARKER = 'nvd-sync:';

export interface NvdSyncOptions extends DownloadOptions {
  readonly apiKey: string;
  readonly onReport: (report: ImportReport) => void;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Told each page's total and timestamp, and counts the records read. */
  readonly progress?: SourceProgress;
}

export async function syncNvd(db: KbDatabase, base: string, options: NvdSyncOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const started = new Date(now()).toISOString();
  const since = await lastSync(db);
  const range = since && now() - Date.parse(since) < MAX_RANGE_MS ? `&lastModStartDate=${since}&lastModEndDate=${started}` : '';
  const limiter = rateLimiter(options.apiKey ? 50 : 5, now, options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))));
  const headers: Record<string, string> = options.apiKey ? { apiKey: options.apiKey } : {};
  for (let startIndex = 0; ;) {
    options.signal?.throwIfAborted();
    await limiter();
    const url = `${base}?resultsPerPage=${PAGE_SIZE}&startIndex=${startIndex}${range}`;
    const page = await getJson(url, { ...options, headers }) as { totalResults?: number; timestamp?: unknown; vulnerabilities?: unknown[] };
    const count = Array.isArray(page.vulnerabilities) ? page.vulnerabilities.length : 0;
    options.progress?.importing({ totalRecords: page.totalResults ?? 0, feedDate: nvdTimestamp(page.timestamp) });
    const feed = options.progress?.counting(nvdFeed) ?? nvdFeed;
    const report = await runImport(db, feed, { name: url, bytes: Buffer.from(JSON.stringify(page)) }, options.signal ? { signal: options.signal } : {});
    options.onReport(report);
    if (report.status !== 'complete') throw new Error(`NVD page ${startIndex}: ${report.error ?? 'failed'}`);
    startIndex += count;
    if (count === 0 || startIndex >= (page.totalResults ?? 0)) break;
  }
  await db.insert(vulnImportRuns).values({ source: 'nvd', origin: `${MARKER}${started}`, status: 'complete', finishedAt: new Date(now()) });
}

/** NVD's page timestamp is UTC without a zone ("2024-08-01T00:00:00.000"); null when absent or unreadable. */
function nvdTimestamp(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const time = Date.parse(/(Z|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value}Z`); // "…+00:00" or "…Z" already carry a zone
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The start time of the last finished sync, or null. */
async function lastSync(db: KbDatabase): Promise<string | null> {
  const [run] = await db.select({ origin: vulnImportRuns.origin }).from(vulnImportRuns)
    .where(and(eq(vulnImportRuns.source, 'nvd'), eq(vulnImportRuns.status, 'complete'), like(vulnImportRuns.origin, `${MARKER}%`)))
    .orderBy(desc(vulnImportRuns.id)).limit(1);
  return run ? run.origin.slice(MARKER.length) : null;
}

/** Waits so that no more than `limit` requests start within any 30 s window. */
function rateLimiter(limit: number, now: () => number, sleep: (ms: number) => Promise<void>): () => Promise<void> {
  const starts: number[] = [];
  return async () => {
    while (starts.length >= limit) {
      const wait = (starts[0] ?? 0) + WINDOW_MS - now();
      if (wait <= 0) starts.shift();
      else await sleep(wait);
    }
    starts.push(now());
  };
}
