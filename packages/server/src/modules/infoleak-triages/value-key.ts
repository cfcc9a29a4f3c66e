// What names a finding across scans: a SHA-256 of its kind and its value, so that a triage
// stores no secret in clear. Computed here in JavaScript (a page's findings, new triages) and in
// SQL over the stored items (the lists' triaged filter and counts); both must give the same key.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { scanItems } from '../../db/schema/index.ts';

/**
 * The key of a finding: hex SHA-256 of `kind:` followed by the value as JSON text (the stored
 * item's own text for it, so SQL reads it without parsing JSON, which PostgreSQL refuses for
 * `\u0000` and lone surrogates).
 */
export function infoleakValueKey(kind: string, value: string): string {
  return createHash('sha256').update(`${kind}:${JSON.stringify(value)}`).digest('hex');
}

/**
 * The same key over a stored infoleak item (scan_items.item, JSON text written by
 * JSON.stringify of `{id, kind, detector, path, offset, line, value, masked, ...}`, result-items.ts).
 * The value's JSON text runs from its key to `,"masked":`: neither can occur earlier in the text,
 * since a quote inside a string is escaped (`\"`) and every key before `value` is fixed.
 * value-key.test.ts holds SQL and JavaScript to the same keys on hostile values.
 */
export const valueKeySql: SQL<string> = (() => {
  const start = sql`strpos(${scanItems.item}, '"value":') + 8`;
  const length = sql`greatest(strpos(${scanItems.item}, ',"masked":') - (${start}), 0)`;
  return sql<string>`encode(sha256(convert_to(${scanItems.kind} || ':' || substr(${scanItems.item}, ${start}, ${length}), 'UTF8')), 'hex')`;
})();

/**
 * The stored leaks a set of triages holds for: those whose key is one of `keys` (their kinds
 * first, so that other kinds' items are not hashed), and those named by id (`ids`: the file-hash
 * triages, decided per file).
 */
export function leaksHeldWhere(keys: { kinds: readonly string[]; keys: readonly string[] }, ids: readonly number[]): SQL {
  const byKey = keys.keys.length === 0 ? sql`false` : sql`(${scanItems.kind} = any(${sql.param([...keys.kinds])}::text[]) and ${valueKeySql} = any(${sql.param([...keys.keys])}::text[]))`;
  const byId = ids.length === 0 ? sql`false` : sql`${scanItems.idx} = any(${sql.param([...ids])}::int[])`;
  return sql`(${byKey} or ${byId})`;
}
