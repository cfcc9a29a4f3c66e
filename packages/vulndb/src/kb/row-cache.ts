// Knowledge-base rows kept in the process per lookup key (a package, a CPE product, a
// vulnerability id) while the knowledge base's version stands (kb/version.ts). Scans share
// most of what they name, and a stored scan is evaluated again at every read: its lookups
// then cost a map probe instead of a query, the transfer and the JSON parsing of its rows.

export interface RowCacheOptions {
  /** Rows held at most over every lookup (a key without rows counts one); 0 keeps nothing. */
  readonly maxRows: number;
}

/** One knowledge-base lookup by keys, as the cache sees it. */
export interface KeyedLookup<K, R> {
  readonly name: string;
  keyOf(key: K): string;
  /** The keys (keyOf's names) a row answers: its own values of the looked-up columns. */
  rowKeys(row: R): readonly string[];
  /** True when one row may answer several keys (an alias pair): it is then returned once. */
  readonly shared?: boolean;
  /** The database's answer for these keys. */
  load(keys: K[]): Promise<R[]>;
}

export interface RowCache {
  /** The rows of `version` for one evaluation; a new version empties the cache first. */
  at(version: string): KeptRows;
}

export interface KeptRows {
  /**
   * The rows of every key: kept ones, those of a load of the same key already running, and
   * the rest from one load of the missing keys. Within each key rows keep their load order.
   */
  rows<K, R extends object>(lookup: KeyedLookup<K, R>, keys: readonly K[]): Promise<R[]>;
}

interface Entry {
  readonly rows: readonly object[];
  /** When it was last used (a counter): the least recently used go first. */
  used: number;
}

export function createRowCache(options: RowCacheOptions): RowCache {
  let version: string | undefined;
  // Bumped whenever the cache is emptied: a load started before never stores its rows.
  let epoch = 0;
  let clock = 0;
  let totalRows = 0;
  const stored = new Map<string, Map<string, Entry>>();
  const pending = new Map<string, Map<string, Promise<readonly object[]>>>();

  const weightOf = (rows: readonly object[]): number => Math.max(1, rows.length);

  /** Drops the least recently used entries down to 90% of the bound, so that eviction runs seldom. */
  const evict = () => {
    const entries: [Map<string, Entry>, string, Entry][] = [];
    for (const byName of stored.values()) for (const [name, entry] of byName) entries.push([byName, name, entry]);
    entries.sort((a, b) => a[2].used - b[2].used);
    for (const [byName, name, entry] of entries) {
      if (totalRows <= options.maxRows * 0.9) break;
      byName.delete(name);
      totalRows -= weightOf(entry.rows);
    }
  };

  const store = (lookup: string, name: string, rows: readonly object[]) => {
    const weight = weightOf(rows);
    if (weight > options.maxRows) return;
    const byName = mapOf(stored, lookup);
    const old = byName.get(name);
    if (old) totalRows -= weightOf(old.rows);
    byName.set(name, { rows, used: (clock += 1) });
    totalRows += weight;
    if (totalRows > options.maxRows) evict();
  };

  const view = (boundEpoch: number): KeptRows => ({
    async rows<K, R extends object>(lookup: KeyedLookup<K, R>, keys: readonly K[]): Promise<R[]> {
      const wanted = uniqueKeys(keys, lookup.keyOf);
      // Emptied since this evaluation began: it reads the database as if nothing were kept.
      if (boundEpoch !== epoch) return lookup.load([...wanted.values()]);
      // Every list under a lookup's name was stored by a load of that lookup: rows of type R.
      const kept = (stored.get(lookup.name) ?? new Map()) as Map<string, Entry & { rows: readonly R[] }>;
      const running = mapOf(pending, lookup.name) as Map<string, Promise<readonly R[]>>;
      const answers: (readonly R[] | Promise<readonly R[]>)[] = [];
      const missing: K[] = [];
      const missingAt: number[] = [];
      const now = (clock += 1);
      for (const [name, key] of wanted) {
        const hit = kept.get(name);
        if (hit) {
          hit.used = now;
          answers.push(hit.rows);
          continue;
        }
        const shared = running.get(name);
        if (shared) {
          answers.push(shared);
          continue;
        }
        missing.push(key);
        missingAt.push(answers.length);
        answers.push([]);
      }
      if (missing.length > 0) {
        const requested = missing.map(lookup.keyOf);
        const batch = lookup.load(missing).then((rows) => groupByKeys(rows, lookup.rowKeys, requested));
        requested.forEach((name, i) => {
          const answer: Promise<readonly R[]> = batch.then((groups) => groups.get(name) ?? []);
          running.set(name, answer);
          answers[missingAt[i] as number] = answer;
          answer.then(
            (rows) => {
              if (running.get(name) !== answer) return;
              running.delete(name);
              if (boundEpoch === epoch) store(lookup.name, name, rows);
            },
            () => {
              if (running.get(name) === answer) running.delete(name);
            },
          );
        });
      }
      const parts = await Promise.all(answers);
      return lookup.shared ? distinct(parts) : parts.flat();
    },
  });

  return {
    at(current) {
      if (options.maxRows <= 0) return view(-1);
      if (current !== version) {
        version = current;
        epoch += 1;
        stored.clear();
        pending.clear();
        totalRows = 0;
      }
      return view(epoch);
    },
  };
}

function mapOf<V>(maps: Map<string, Map<string, V>>, name: string): Map<string, V> {
  let map = maps.get(name);
  if (!map) {
    map = new Map();
    maps.set(name, map);
  }
  return map;
}

function uniqueKeys<K>(keys: readonly K[], keyOf: (key: K) => string): Map<string, K> {
  const unique = new Map<string, K>();
  for (const key of keys) {
    const name = keyOf(key);
    if (!unique.has(name)) unique.set(name, key);
  }
  return unique;
}

/** The rows of each requested key, in load order; every requested key gets a list, maybe empty. */
function groupByKeys<R>(rows: readonly R[], rowKeys: (row: R) => readonly string[], requested: readonly string[]): Map<string, R[]> {
  const groups = new Map<string, R[]>(requested.map((name) => [name, []]));
  for (const row of rows) {
    const names = rowKeys(row);
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string;
      // An alias pair may name the same id on both sides.
      if (names.indexOf(name) === i) groups.get(name)?.push(row);
    }
  }
  return groups;
}

/** Every row once, in order: a row answering two requested keys sits in both lists. */
function distinct<R>(parts: readonly (readonly R[])[]): R[] {
  const seen = new Set<R>();
  const out: R[] = [];
  for (const part of parts) {
    for (const row of part) {
      if (seen.has(row)) continue;
      seen.add(row);
      out.push(row);
    }
  }
  return out;
}
