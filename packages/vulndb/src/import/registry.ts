// Every feed the importer reads, sorted by kind, and content-based detection: a file's
// kind comes from its decoded start, never from its name.
import { alpineFeed } from './feeds/alpine.ts';
import { cve5Feed } from './feeds/cve5.ts';
import { debianFeed } from './feeds/debian.ts';
import { epssFeed } from './feeds/epss.ts';
import { kevFeed } from './feeds/kev.ts';
import { nvdOverrideFeed } from './feeds/nvd-override.ts';
import { nvdFeed } from './feeds/nvd.ts';
import { osvFeed } from './feeds/osv.ts';
import { ubuntuFeed } from './feeds/ubuntu.ts';
import { vendorFeed } from './feeds/vendor.ts';
import { type FeedInput, peekText } from './input.ts';
import type { Feed, FeedKind } from './types.ts';

export const FEEDS: readonly Feed[] = [alpineFeed, cve5Feed, debianFeed, epssFeed, kevFeed, nvdFeed, nvdOverrideFeed, osvFeed, ubuntuFeed, vendorFeed];

/**
 * Order of detection: the specific signatures first (vendor documents, KEV and NVD hold
 * "vulnerabilities"; vendor records and Ubuntu's are OSV records).
 */
const DETECTION_ORDER: readonly Feed[] = [vendorFeed, epssFeed, kevFeed, cve5Feed, nvdOverrideFeed, nvdFeed, debianFeed, alpineFeed, ubuntuFeed, osvFeed];

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
