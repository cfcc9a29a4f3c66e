// Debian security tracker JSON (security-tracker.debian.org/tracker/data/json): source
// package → vulnerability id → {description, scope, debianbug, releases: {codename:
// {status, repositories, fixed_version, urgency, nodsa, nodsa_reason}}}. Versions are
// the SOURCE package's; the tracker is a whole document, so an import replaces it.
import { debian } from '../../versions/debian.ts';
import { type FeedInput, textChunks } from '../input.ts';
import { splitJson } from '../json-stream.ts';
import type { Feed, FeedItem, FeedRows } from '../types.ts';
import { asRecord, asString } from './json-values.ts';

export const debianFeed: Feed = {
  kind: 'debian',
  title: 'Debian security tracker',
  replace: 'all',
  keyTable: 'distroFixes',
  // Sample start: {"prototypejs": {"CVE-2008-7220": {"scope": "remote", ...
  detect: (head) => /^\s*\{\s*"[^"]+"\s*:\s*\{\s*"(CVE-|TEMP-)[^"]*"\s*:\s*\{/.test(head),
  read: readDebian,
};

const STATUSES = new Set(['resolved', 'open', 'undetermined']);

async function readDebian(input: FeedInput, onItem: (item: FeedItem) => Promise<void>, signal?: AbortSignal): Promise<void> {
  await splitJson(textChunks(input, signal), { kind: 'entries' }, async (entry) => {
    const pkg = entry.key ?? '';
    let value: Record<string, unknown> | null;
    try {
      value = asRecord(JSON.parse(entry.text));
    } catch {
      await onItem({ id: pkg, skip: 'malformed JSON' });
      return;
    }
    if (!value) {
      await onItem({ id: pkg, skip: 'not an object' });
      return;
    }
    for (const [vulnId, record] of Object.entries(value)) await onItem(parseDebianEntry(pkg, vulnId, asRecord(record)));
  }, signal);
}

/** One (source package, vulnerability) entry: a fix record per release. */
export function parseDebianEntry(pkg: string, vulnId: string, record: Record<string, unknown> | null): FeedItem {
  const id = `${pkg}/${vulnId}`;
  // The tracker writes an empty release map as [] (sample: "chromium-browser": {"CVE-2022-0358": {"releases": []}}).
  if (Array.isArray(record?.releases) && record.releases.length === 0) return { id, rows: {} };
  const releases = asRecord(record?.releases);
  if (!releases) return { id, skip: 'no releases' };
  const distroFixes: NonNullable<FeedRows['distroFixes']> = [];
  for (const [release, value] of Object.entries(releases)) {
    const r = asRecord(value);
    const status = asString(r?.status);
    if (!status || !STATUSES.has(status)) return { id, skip: `${release}: unknown status "${status ?? ''}"` };
    const fixedVersion = asString(r?.fixed_version) ?? null;
    if (fixedVersion !== null && fixedVersion !== '0' && !debian.valid(fixedVersion)) {
      return { id, skip: `${release}: malformed fixed_version "${fixedVersion}"` };
    }
    if (status === 'resolved' && fixedVersion === null) return { id, skip: `${release}: resolved without fixed_version` };
    distroFixes.push({
      distro: 'debian',
      release,
      sourcePackage: pkg,
      vulnId,
      status,
      fixedVersion,
      urgency: asString(r?.urgency) ?? '',
      nodsaReason: asString(r?.nodsa_reason) ?? null,
      nodsa: asString(r?.nodsa) ?? null,
    });
  }
  const severity = mostUrgent(distroFixes.map((f) => f.urgency ?? ''));
  const distroCvss = severity && /^CVE-/.test(vulnId) ? [{ distro: 'debian', cve: vulnId, severity, score: null, vector: null }] : [];
  return { id, rows: { distroFixes, distroCvss } };
}

/** Debian's urgencies, least to most urgent; "not yet assigned" and "end-of-life" rate nothing. */
const URGENCIES = ['unimportant', 'low', 'medium', 'high'];

/** The most urgent rating across releases, without the tracker's uncertainty marks ("low*", "medium**"). */
function mostUrgent(urgencies: readonly string[]): string | null {
  const ranks = urgencies.map((u) => URGENCIES.indexOf(u.replace(/\*+$/, ''))).filter((rank) => rank >= 0);
  return ranks.length > 0 ? URGENCIES[Math.max(...ranks)] ?? null : null;
}
