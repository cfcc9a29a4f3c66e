// Alpine secdb (secdb.alpinelinux.org/<release>/<repo>.json, formerly the alpine-secdb
// repository's <release>/<repo>.yaml, same shape): {distroversion: "v3.19", reponame:
// "main", packages: [{pkg: {name, secfixes: {"3.1.4-r1": ["CVE-2023-5678"]}}}]}. Names are
// origin (source) packages; a fixed version "0" means the release was never affected.
// One file is one unit: an import replaces the rows of that release and repository only.
import { parse as parseYaml } from 'yaml';
import { alpine } from '../../versions/alpine.ts';
import { type FeedInput, textChunks } from '../input.ts';
import type { Feed, FeedItem, FeedRows } from '../types.ts';
import { asArray, asRecord, asString } from './json-values.ts';

export const alpineFeed: Feed = {
  kind: 'alpine',
  title: 'Alpine secdb',
  replace: 'records',
  keyTable: 'distroFixes',
  // Samples: {"apkurl": "{{urlprefix}}/...", "archs": [...], "distroversion": "v3.19", ...
  // and the YAML: "---\ndistroversion: v3.11\nreponame: main\n".
  detect: (head) => /"distroversion"\s*:\s*"/.test(head) || /^(?:---\s*\n)?(?:[a-z]+:.*\n)*distroversion:/.test(head),
  read: readAlpine,
};

/** A secdb file is one document of a few MB at most; a bigger one is not a secdb file. */
const MAX_DOCUMENT_CHARS = 64 * 1024 * 1024;
// A security id inside a secfixes entry. Samples: "CVE-2019-14904", "XSA-214" (in "CVE-2017-8904 XSA-214").
const ID_RE = /^(?:CVE-\d{4}-\d{4,}|[A-Z][A-Z0-9]*-[0-9][\w.-]*)$/;
// A release as secdb names it. Samples: "v3.19", "edge".
const RELEASE_RE = /^(?:v\d+\.\d+|edge)$/;

async function readAlpine(input: FeedInput, onItem: (item: FeedItem) => Promise<void>, signal?: AbortSignal): Promise<void> {
  const document = asRecord(await parseDocument(input, signal));
  const release = asString(document?.distroversion) ?? '';
  if (!RELEASE_RE.test(release)) throw new SyntaxError(`an Alpine secdb file names its release in "distroversion" (got "${release}")`);
  const repository = asString(document?.reponame) ?? '';
  const key = `alpine:${release}/${repository}`;
  let index = 0;
  for (const value of asArray(document?.packages)) {
    signal?.throwIfAborted();
    const items = parseAlpinePackage(release, asRecord(asRecord(value)?.pkg), `${release}/${repository} package ${index}`);
    index += 1;
    for (const item of items) await onItem('rows' in item ? { ...item, key } : item);
  }
}

/** The document as JSON or, when it is not JSON, as YAML (every scalar kept a string). */
async function parseDocument(input: FeedInput, signal?: AbortSignal): Promise<unknown> {
  let text = '';
  for await (const chunk of textChunks(input, signal)) {
    text += chunk;
    if (text.length > MAX_DOCUMENT_CHARS) throw new RangeError(`an Alpine secdb file is at most ${MAX_DOCUMENT_CHARS} characters`);
  }
  if (/^\s*\{/.test(text)) return JSON.parse(text);
  // failsafe: version keys such as 1.10 stay "1.10", never the number 1.1.
  return parseYaml(text, { schema: 'failsafe', maxAliasCount: 0 });
}

/**
 * One package's secfixes as fix rows (the highest fixed version per id wins), plus a skip
 * for each malformed fixed version: real secdb files hold a few (`4.10-1-r1`), and one
 * should not cost the package its other fixes.
 */
export function parseAlpinePackage(release: string, pkg: Record<string, unknown> | null, where: string): FeedItem[] {
  const name = asString(pkg?.name);
  if (!name) return [{ id: where, skip: 'package without a name' }];
  const id = `${release}/${name}`;
  // An empty `secfixes:` reads as null from JSON and as an empty string from failsafe YAML.
  const secfixes = pkg?.secfixes === undefined || pkg.secfixes === null || pkg.secfixes === '' ? {} : asRecord(pkg.secfixes);
  if (!secfixes) return [{ id, skip: 'secfixes is not a map' }];
  const fixes = new Map<string, string>();
  const skips: FeedItem[] = [];
  for (const [version, ids] of Object.entries(secfixes)) {
    if (version !== '0' && !alpine.valid(version)) {
      skips.push({ id: `${id}@${version}`, skip: `malformed fixed version "${version}"` });
      continue;
    }
    for (const entry of asArray(ids)) {
      const text = asString(entry);
      if (text === undefined) return [{ id, skip: `${version}: an entry that is not text` }];
      for (const vulnId of text.trim().split(/\s+/).filter((t) => ID_RE.test(t))) {
        const known = fixes.get(vulnId);
        if (known === undefined || (known !== '0' && (version === '0' || alpine.compare(version, known) > 0))) fixes.set(vulnId, version);
      }
    }
  }
  const distroFixes: NonNullable<FeedRows['distroFixes']> = [...fixes].map(([vulnId, fixedVersion]) => ({
    distro: 'alpine',
    release,
    sourcePackage: name,
    vulnId,
    status: 'resolved',
    fixedVersion,
    urgency: '',
    nodsaReason: null,
    nodsa: null,
  }));
  return distroFixes.length > 0 || skips.length === 0 ? [{ id, rows: { distroFixes } }, ...skips] : skips;
}
