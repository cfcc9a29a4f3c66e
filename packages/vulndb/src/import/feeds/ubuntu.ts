// Ubuntu's OSV records (github.com/canonical/ubuntu-security-notices, osv/cve and osv/usn;
// OSV's Ubuntu/all.zip): per CVE (`UBUNTU-CVE-2021-3782`) or notice (`USN-5614-1`), one
// `affected[]` entry per release and source package, ecosystem `Ubuntu:22.04:LTS` or
// `Ubuntu:Pro:16.04:LTS` (fixes through Ubuntu Pro / ESM), with an ECOSYSTEM range in dpkg
// versions: introduced 0 and fixed X, or introduced 0 alone while the fix is pending.
// They become distro tracker rows (the Ubuntu verdict wins for Ubuntu packages, as
// Debian's does) and Ubuntu's priority with the record's CVSS vector (distro CVSS).
import { scoreCvss } from '../../cvss/cvss.ts';
import { debian } from '../../versions/debian.ts';
import { type FeedInput, textChunks } from '../input.ts';
import { splitJson } from '../json-stream.ts';
import type { Feed, FeedItem, FeedRows } from '../types.ts';
import { asArray, asRecord, asString } from './json-values.ts';

export const ubuntuFeed: Feed = {
  kind: 'ubuntu',
  title: 'Ubuntu security notices (OSV)',
  replace: 'records',
  keyTable: 'distroFixes',
  // Samples: "id": "UBUNTU-CVE-2021-3782", "id": "USN-5614-1"; "ecosystem": "Ubuntu:22.04:LTS".
  detect: (head) => /"id"\s*:\s*"(?:UBUNTU-CVE-|USN-)/.test(head) || (/"modified"\s*:/.test(head) && /"ecosystem"\s*:\s*"Ubuntu:/.test(head)),
  read: readUbuntu,
};

// A release inside an Ubuntu ecosystem. Samples: "Ubuntu:22.04:LTS" → "22.04", "Ubuntu:Pro:16.04:LTS" → "16.04", "Ubuntu:25.10".
const ECOSYSTEM_RE = /^Ubuntu:(Pro:)?(?:[A-Za-z]+:)*(\d{2}\.\d{2})(?::LTS)?$/;
// Sample: "CVE-2021-3782", and in a notice's upstream list "UBUNTU-CVE-2021-3782".
const CVE_RE = /^(?:UBUNTU-)?(CVE-\d{4}-\d{4,})$/;

async function readUbuntu(input: FeedInput, onItem: (item: FeedItem) => Promise<void>, signal?: AbortSignal): Promise<void> {
  const { head, found } = await splitJson(textChunks(input, signal), { kind: 'elements', arrayKeys: ['vulns'] }, async (item) => {
    await onItem(parseUbuntuText(item.text, `item ${item.index}`));
  }, signal);
  if (!found) await onItem(parseUbuntuText(head, 'record'));
}

/** One record's text to rows (used for files and all.zip members alike). */
export function parseUbuntuText(text: string, where: string): FeedItem {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Sample: "id": "UBUNTU-CVE-2021-3782"
    return { id: /"id"\s*:\s*"([^"]+)"/.exec(text.slice(0, 4096))?.[1] ?? where, skip: 'malformed JSON' };
  }
  const record = asRecord(value);
  return record ? parseUbuntuRecord(record, where) : { id: where, skip: 'not an object' };
}

interface ReleaseFix {
  readonly release: string;
  readonly pro: boolean;
  readonly sourcePackage: string;
  readonly fixedVersion: string | null;
}

export function parseUbuntuRecord(record: Record<string, unknown>, where = 'record'): FeedItem {
  const id = asString(record.id);
  if (!id) return { id: where, skip: 'missing id' };
  if (asString(record.withdrawn) !== undefined) return { id, rows: {} };
  const cves = [...new Set([...asArray(record.upstream), ...asArray(record.aliases), id]
    .flatMap((v) => CVE_RE.exec(asString(v) ?? '')?.[1] ?? []))];
  if (cves.length === 0) return { id, skip: 'names no CVE' };
  const releases: ReleaseFix[] = [];
  for (const value of asArray(record.affected)) {
    const fix = parseAffected(asRecord(value));
    if (typeof fix === 'string') return { id, skip: fix };
    if (fix) releases.push(fix);
  }
  // Where a release has both, the standard archive's fix is the one a plain install gets.
  const standard = new Set(releases.filter((r) => !r.pro).map((r) => `${r.release}/${r.sourcePackage}`));
  const distroFixes: NonNullable<FeedRows['distroFixes']> = releases
    .filter((r) => !r.pro || !standard.has(`${r.release}/${r.sourcePackage}`))
    .flatMap((r) => cves.map((vulnId) => ({
      distro: 'ubuntu',
      release: r.release,
      sourcePackage: r.sourcePackage,
      vulnId,
      status: r.fixedVersion === null ? 'open' : 'resolved',
      fixedVersion: r.fixedVersion,
      urgency: '',
      nodsaReason: null,
      nodsa: r.pro && r.fixedVersion !== null ? 'fixed through Ubuntu Pro' : null,
    })));
  const rating = ubuntuRating(asArray(record.severity));
  const distroCvss = rating ? cves.map((cve) => ({ distro: 'ubuntu', cve, ...rating })) : [];
  return { id, rows: { distroFixes, distroCvss } };
}

/** One affected entry: its release, package and fix; null for another ecosystem; a reason when malformed. */
function parseAffected(affected: Record<string, unknown> | null): ReleaseFix | null | string {
  const pkg = asRecord(affected?.package);
  const ecosystem = asString(pkg?.ecosystem) ?? '';
  const sourcePackage = asString(pkg?.name);
  if (!ecosystem.startsWith('Ubuntu:')) return null;
  const m = ECOSYSTEM_RE.exec(ecosystem);
  if (!m?.[2]) return `unknown Ubuntu ecosystem "${ecosystem}"`;
  if (!sourcePackage) return `${ecosystem}: package without a name`;
  let fixedVersion: string | null = null;
  for (const range of asArray(affected?.ranges).map(asRecord)) {
    for (const event of asArray(range?.events).map(asRecord)) {
      const fixed = asString(event?.fixed);
      if (fixed === undefined) continue;
      if (!debian.valid(fixed)) return `${ecosystem} ${sourcePackage}: malformed fixed version "${fixed}"`;
      if (fixedVersion === null || debian.compare(fixed, fixedVersion) > 0) fixedVersion = fixed;
    }
  }
  return { release: m[2], pro: m[1] !== undefined, sourcePackage, fixedVersion };
}

/** Ubuntu's priority (`{"type": "Ubuntu", "score": "medium"}`) with the first CVSS vector the record carries. */
function ubuntuRating(severity: unknown[]): { severity: string; score: number | null; vector: string | null } | null {
  const entries = severity.map(asRecord);
  const priority = asString(entries.find((e) => asString(e?.type) === 'Ubuntu')?.score);
  const vectors = entries.filter((e) => /^CVSS_V[234]$/.test(asString(e?.type) ?? '')).map((e) => asString(e?.score) ?? '');
  // The newest CVSS version first.
  vectors.sort((a, b) => (b.startsWith('CVSS:4') ? 1 : 0) - (a.startsWith('CVSS:4') ? 1 : 0));
  const scored = vectors.map((v) => scoreCvss(v)).find((r) => r.valid);
  if (!priority && !scored?.valid) return null;
  return {
    severity: priority ?? (scored?.valid ? scored.severity ?? '' : ''),
    score: scored?.valid ? scored.baseScore : null,
    vector: scored?.valid ? scored.vector : null,
  };
}
