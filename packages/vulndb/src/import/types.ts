// What a feed parser yields: per record either the rows to stage or why it was skipped.
import type {
  vulnAliases, vulnCpeMatches, vulnDistroCvss, vulnDistroFixes, vulnEpss, vulnKev, vulnPackageRanges, vulnRecords,
} from '../db/schema.ts';
import type { FeedInput } from './input.ts';

/** A row as a parser makes it; the run adds run_id, live, source and record_key. */
export type Staged<T> = Omit<T, 'id' | 'runId' | 'live' | 'source' | 'recordKey'>;

export interface FeedRows {
  records?: Staged<typeof vulnRecords.$inferInsert>[];
  aliases?: Staged<typeof vulnAliases.$inferInsert>[];
  packageRanges?: Staged<typeof vulnPackageRanges.$inferInsert>[];
  cpeMatches?: Staged<typeof vulnCpeMatches.$inferInsert>[];
  distroFixes?: Staged<typeof vulnDistroFixes.$inferInsert>[];
  distroCvss?: Staged<typeof vulnDistroCvss.$inferInsert>[];
  epss?: Staged<typeof vulnEpss.$inferInsert>[];
  kev?: Staged<typeof vulnKev.$inferInsert>[];
}

export type FeedTable = keyof FeedRows;

/**
 * One record of a feed: its id and its rows, or a skip. The id is the unit an import
 * replaces, unless `key` names a bigger one (every package of an Alpine secdb file is
 * replaced with the file: `alpine:v3.19/main`).
 */
export type FeedItem = { id: string; rows: FeedRows; key?: string } | { id: string; skip: string };

export type FeedKind = 'nvd' | 'osv' | 'epss' | 'kev' | 'debian' | 'alpine' | 'ubuntu' | 'cve5' | 'nvd-override' | 'vendor';

export interface Feed {
  readonly kind: FeedKind;
  /** Shown in reports and usage. */
  readonly title: string;
  /**
   * `records`: an import replaces the records it contains (incremental feeds: NVD
   * pages, OSV files, EPSS rows); `all`: it replaces everything of its source (whole
   * documents: the KEV catalog, the Debian tracker).
   */
  readonly replace: 'records' | 'all';
  /** With `records`: the table whose staged record keys name what is replaced. */
  readonly keyTable: FeedTable;
  /** Does this text (the decoded start of a file) look like this feed? */
  detect(head: string): boolean;
  /** Reads the feed, handing every record to `onItem` in order (awaited: back-pressure). */
  read(input: FeedInput, onItem: (item: FeedItem) => Promise<void>, signal?: AbortSignal): Promise<void>;
}
