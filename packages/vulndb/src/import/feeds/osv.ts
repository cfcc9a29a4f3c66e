// OSV JSON (ossf.github.io/osv-schema): one record per file, or an array of records, as
// GHSA, PYSEC, GO, RUSTSEC and the distro databases publish them; also one record in
// YAML, the form of the PyPA advisory database's sources (`vulns/<package>/PYSEC-*.yaml`).
import { scoreCvss } from '../../cvss/cvss.ts';
import type { CvssMetric, RangeEvent, Reference, vulnPackageRanges } from '../../db/schema.ts';
import { ecosystemBase, normalizePackageName } from '../../match/package-key.ts';
import { schemeForEcosystem } from '../../versions/registry.ts';
import { parse as parseYaml } from 'yaml';
import { type FeedInput, peekText, textChunks } from '../input.ts';
import { splitJson } from '../json-stream.ts';
import type { Feed, FeedItem, Staged } from '../types.ts';
import { asArray, asRecord, asString } from './json-values.ts';

export const osvFeed: Feed = {
  kind: 'osv',
  title: 'OSV',
  replace: 'records',
  keyTable: 'records',
  detect: (head) => (/"id"\s*:/.test(head) && /"modified"\s*:/.test(head)
    && (/"affected"\s*:/.test(head) || /"aliases"\s*:/.test(head) || /"schema_version"\s*:/.test(head)))
    || isOsvYaml(head),
  read: readOsv,
};

/** One OSV record as a YAML mapping is small; a bigger file is not one. */
const MAX_YAML_CHARS = 8 * 1024 * 1024;

/**
 * A YAML mapping that opens with the record's `id:` and has OSV's `affected:` or `details:`
 * near it (a long `versions` list can push `modified:` past the head).
 */
function isOsvYaml(head: string): boolean {
  return /^(?:#[^\n]*\n|\s*\n)*id:[ \t]*\S/.test(head) && /^(affected|details):/m.test(head);
}

async function readOsv(input: FeedInput, onItem: (item: FeedItem) => Promise<void>, signal?: AbortSignal): Promise<void> {
  if (isOsvYaml(await peekText(input))) {
    await onItem(await readOsvYaml(input, signal));
    return;
  }
  const { head, found } = await splitJson(textChunks(input, signal), { kind: 'elements', arrayKeys: ['vulns'] }, async (item) => {
    await onItem(parseOsvText(item.text, `item ${item.index}`));
  }, signal);
  if (!found) await onItem(parseOsvText(head, 'record'));
}

async function readOsvYaml(input: FeedInput, signal?: AbortSignal): Promise<FeedItem> {
  let text = '';
  for await (const chunk of textChunks(input, signal)) {
    text += chunk;
    if (text.length > MAX_YAML_CHARS) return { id: 'record', skip: `an OSV YAML record is at most ${MAX_YAML_CHARS} characters` };
  }
  let value: unknown;
  try {
    // failsafe: every scalar stays a string, so versions such as 1.10 are never the number 1.1.
    value = parseYaml(text, { schema: 'failsafe', maxAliasCount: 0 });
  } catch {
    return { id: /^id:\s*(\S+)/m.exec(text)?.[1] ?? 'record', skip: 'malformed YAML' };
  }
  const record = asRecord(value);
  return record ? parseOsvRecord(record, 'record') : { id: 'record', skip: 'not a mapping' };
}

function parseOsvText(text: string, where: string): FeedItem {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Sample: "id": "GHSA-35jh-r3h4-6jhm"
    return { id: /"id"\s*:\s*"([^"]+)"/.exec(text.slice(0, 4096))?.[1] ?? where, skip: 'malformed JSON' };
  }
  const record = asRecord(value);
  return record ? parseOsvRecord(record, where) : { id: where, skip: 'not an object' };
}

type RangeRow = Staged<typeof vulnPackageRanges.$inferInsert>;

const EVENT_KEYS = ['introduced', 'fixed', 'last_affected', 'limit'] as const;
const SEVERITY_VERSIONS: Readonly<Record<string, string>> = { CVSS_V2: '2.0', CVSS_V3: '3', CVSS_V4: '4.0' };

/** One OSV record to rows; a malformed part (bad range, unknown CVSS vector) skips the record. */
export function parseOsvRecord(record: Record<string, unknown>, where = 'record'): FeedItem {
  const id = asString(record.id);
  if (!id) return { id: where, skip: 'missing id' };
  const withdrawn = asString(record.withdrawn) !== undefined;
  const cvss = parseSeverity(asArray(record.severity));
  if (typeof cvss === 'string') return { id, skip: cvss };
  const ranges: RangeRow[] = [];
  for (const affectedValue of asArray(record.affected)) {
    const affected = asRecord(affectedValue);
    const pkg = asRecord(affected?.package);
    const ecosystem = asString(pkg?.ecosystem);
    const name = asString(pkg?.name);
    if (!ecosystem || !name) return { id, skip: 'affected package without ecosystem or name' };
    const rows = parseAffected(id, ecosystem, name, asString(pkg?.purl) ?? null, affected);
    if (typeof rows === 'string') return { id, skip: rows };
    if (!withdrawn) ranges.push(...rows);
  }
  const aliases = asArray(record.aliases).filter((a): a is string => typeof a === 'string' && a !== id);
  const databaseSpecific = asRecord(record.database_specific);
  return {
    id,
    rows: {
      records: [{
        vulnId: id,
        withdrawn,
        published: asString(record.published) ?? null,
        modified: asString(record.modified) ?? null,
        summary: asString(record.summary) ?? '',
        description: asString(record.details) ?? '',
        cwes: asArray(databaseSpecific?.cwe_ids).filter((c): c is string => typeof c === 'string'),
        cvss,
        references: asArray(record.references).map(asRecord).flatMap((r): Reference[] => {
          const url = asString(r?.url);
          return url ? [{ url, ...(asString(r?.type) ? { tags: [asString(r?.type) as string] } : {}) }] : [];
        }),
        databaseSpecific,
      }],
      aliases: [...new Set(aliases)].map((alias) => ({ vulnId: id, alias })),
      packageRanges: ranges,
    },
  };
}

function parseSeverity(severity: unknown[]): CvssMetric[] | string {
  const out: CvssMetric[] = [];
  for (const entry of severity.map(asRecord)) {
    const type = asString(entry?.type) ?? '';
    const expected = SEVERITY_VERSIONS[type];
    if (expected === undefined) continue; // e.g. "Ubuntu": a distro's own label, not a vector
    const vector = asString(entry?.score) ?? '';
    const scored = scoreCvss(vector);
    if (!scored.valid || !scored.version.startsWith(expected)) return `unknown CVSS vector "${vector}" for ${type}`;
    out.push({ version: scored.version, vector: scored.vector, score: scored.baseScore, severity: scored.severity, source: 'osv', type: '' });
  }
  return out;
}

function parseAffected(
  id: string, ecosystem: string, rawName: string, purl: string | null, affected: Record<string, unknown> | null,
): RangeRow[] | string {
  const base = ecosystemBase(ecosystem);
  const name = normalizePackageName(base, rawName);
  const rows: RangeRow[] = [];
  for (const rangeValue of asArray(affected?.ranges)) {
    const range = asRecord(rangeValue);
    const type = asString(range?.type);
    if (type !== 'SEMVER' && type !== 'ECOSYSTEM' && type !== 'GIT') return `unknown range type "${type ?? ''}"`;
    const events = parseEvents(asArray(range?.events));
    if (typeof events === 'string') return `${rawName}: ${events}`;
    if (type === 'GIT') continue; // commit ranges: no version to compare a component with
    const impossible = impossibleRange(events, ecosystem);
    if (impossible) return `${rawName}: ${impossible}`;
    rows.push({ vulnId: id, ecosystem, ecosystemBase: base, name, purl, rangeType: type, events, versions: [] });
  }
  const versions = asArray(affected?.versions).filter((v): v is string => typeof v === 'string');
  if (versions.length > 0) rows.push({ vulnId: id, ecosystem, ecosystemBase: base, name, purl, rangeType: 'VERSIONS', events: [], versions });
  return rows;
}

function parseEvents(values: unknown[]): RangeEvent[] | string {
  if (values.length === 0) return 'a range without events';
  const events: RangeEvent[] = [];
  for (const value of values) {
    const event = asRecord(value);
    const keys = event ? Object.keys(event) : [];
    const key = keys[0];
    if (keys.length !== 1 || key === undefined || !(EVENT_KEYS as readonly string[]).includes(key)) return `malformed event ${JSON.stringify(value)}`;
    const version = asString(event?.[key]);
    if (!version) return `event ${key} without a version`;
    events.push({ [key]: version });
  }
  if (!events.some((e) => e.introduced !== undefined)) return 'a range without an introduced event';
  return events;
}

/** A single introduced → fixed pair whose fix precedes its introduction. */
function impossibleRange(events: RangeEvent[], ecosystem: string): string | null {
  const scheme = schemeForEcosystem(ecosystem);
  if (!scheme || events.length !== 2) return null;
  const introduced = events.find((e) => e.introduced !== undefined)?.introduced;
  const end = events.find((e) => e.fixed !== undefined)?.fixed;
  if (introduced === undefined || end === undefined || introduced === '0') return null;
  return scheme.compare(introduced, end) > 0 ? `fixed ${end} precedes introduced ${introduced}` : null;
}
