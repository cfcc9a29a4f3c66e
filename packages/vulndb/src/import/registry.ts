// Every feed the importer reads, sorted by kind, and content-based detection: a file's
// kind comes from its decoded start, never from its name.
import { debianFeed } from './feeds/debian.ts';
import { epssFeed } from './feeds/epss.ts';
import { kevFeed } from './feeds/kev.ts';
import { nvdFeed } from './feeds/nvd.ts';
import { osvFeed } from './feeds/osv.ts';
import { type FeedInput, peekText } from './input.ts';
import type { Feed, FeedKind } from './types.ts';

export const FEEDS: readonly Feed[] = [debianFeed, epssFeed, kevFeed, nvdFeed, osvFeed];

/** Order of detection: the specific signatures first (KEV and NVD also hold "vulnerabilities"). */
const DETECTION_ORDER: readonly Feed[] = [epssFeed, kevFeed, nvdFeed, debianFeed, osvFeed];

export function feedByKind(kind: FeedKind): Feed {
  const feed = FEEDS.find((f) => f.kind === kind);
  if (!feed) throw new Error(`unknown feed kind ${kind}`);
  return feed;
}

/** The feed a file holds, judged from its first 16 KiB of text; null when none fits. */
export async function detectFeed(input: FeedInput): Promise<Feed | null> {
  const head = await peekText(input);
  return DETECTION_ORDER.find((feed) => feed.detect(head)) ?? null;
}
