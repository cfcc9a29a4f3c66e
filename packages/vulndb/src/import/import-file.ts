// `binlens db import FILE`: detect the feed by content, then run one import.
import type { KbDatabase } from '../db/database.ts';
import type { FeedInput } from './input.ts';
import { detectFeed, feedByKind } from './registry.ts';
import { type ImportOptions, type ImportReport, runImport } from './run.ts';
import type { FeedKind } from './types.ts';

export class UnknownFeedError extends Error {
  constructor(name: string) {
    super(`${name}: not a feed Binlens reads (NVD CVE API 2.0 JSON, NVD overrides, CVE JSON 5, OSV JSON or YAML, vendor advisories, EPSS CSV, CISA KEV JSON, Debian security tracker JSON, Alpine secdb JSON/YAML, Ubuntu OSV JSON)`);
    this.name = 'UnknownFeedError';
  }
}

export async function importFeed(db: KbDatabase, input: FeedInput, options: ImportOptions & { kind?: FeedKind } = {}): Promise<ImportReport> {
  const feed = options.kind ? feedByKind(options.kind) : await detectFeed(input);
  if (!feed) throw new UnknownFeedError('path' in input ? input.path : input.name);
  return runImport(db, feed, input, options);
}
