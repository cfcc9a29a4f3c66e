import { describe, expect, it } from 'vitest';
import { createRowCache, type KeyedLookup } from './row-cache.ts';

interface Row {
  id: string;
  value: number;
}

/** A lookup over fixed rows that records every load's keys. */
function lookup(rows: Row[], loads: string[][], options: { shared?: boolean; rowKeys?: (row: Row) => string[] } = {}): KeyedLookup<string, Row> {
  return {
    name: 'rows',
    keyOf: (key) => key,
    rowKeys: options.rowKeys ?? ((row) => [row.id]),
    ...(options.shared ? { shared: true } : {}),
    async load(keys) {
      loads.push([...keys]);
      return rows.filter((row) => options.rowKeys?.(row).some((k) => keys.includes(k)) ?? keys.includes(row.id));
    },
  };
}

const ROWS: Row[] = [
  { id: 'a', value: 1 },
  { id: 'b', value: 2 },
  { id: 'a', value: 3 },
];

describe('row cache', () => {
  it('loads only the keys it does not hold, and keeps keys without rows', async () => {
    const loads: string[][] = [];
    const rows = lookup(ROWS, loads);
    const cache = createRowCache({ maxRows: 100 });
    expect(await cache.at('1:1').rows(rows, ['a', 'x', 'a'])).toEqual([{ id: 'a', value: 1 }, { id: 'a', value: 3 }]);
    expect(await cache.at('1:1').rows(rows, ['x', 'b', 'a'])).toEqual([{ id: 'b', value: 2 }, { id: 'a', value: 1 }, { id: 'a', value: 3 }]);
    expect(loads).toEqual([['a', 'x'], ['b']]);
  });

  it('empties itself for a new version', async () => {
    const loads: string[][] = [];
    const rows = lookup(ROWS, loads);
    const cache = createRowCache({ maxRows: 100 });
    await cache.at('1:1').rows(rows, ['a']);
    await cache.at('2:2').rows(rows, ['a']);
    await cache.at('2:2').rows(rows, ['a']);
    expect(loads).toEqual([['a'], ['a']]);
  });

  it('lets a view of an emptied version read the database without storing', async () => {
    const loads: string[][] = [];
    const rows = lookup(ROWS, loads);
    const cache = createRowCache({ maxRows: 100 });
    const old = cache.at('1:1');
    cache.at('2:2');
    expect(await old.rows(rows, ['b'])).toEqual([{ id: 'b', value: 2 }]);
    await cache.at('2:2').rows(rows, ['b']);
    expect(loads).toEqual([['b'], ['b']]);
  });

  it('shares one load between lookups of the same key at the same time', async () => {
    const loads: string[][] = [];
    const rows = lookup(ROWS, loads);
    const view = createRowCache({ maxRows: 100 }).at('1:1');
    const [first, second] = await Promise.all([view.rows(rows, ['a', 'b']), view.rows(rows, ['b'])]);
    expect(first).toEqual([{ id: 'a', value: 1 }, { id: 'a', value: 3 }, { id: 'b', value: 2 }]);
    expect(second).toEqual([{ id: 'b', value: 2 }]);
    expect(loads).toEqual([['a', 'b']]);
  });

  it('drops the least recently used keys beyond its bound, down to 90% of it', async () => {
    const loads: string[][] = [];
    const rows = lookup(ROWS, loads);
    const cache = createRowCache({ maxRows: 10 });
    const keys = Array.from({ length: 11 }, (_, i) => `k${i}`);
    for (const key of keys.slice(0, 10)) await cache.at('1:1').rows(rows, [key]);
    await cache.at('1:1').rows(rows, ['k0']);
    // The eleventh key goes over 10: k1 and k2, used longest ago, make room.
    await cache.at('1:1').rows(rows, ['k10']);
    loads.length = 0;
    await cache.at('1:1').rows(rows, ['k0', 'k1', 'k2', 'k3', 'k10']);
    expect(loads).toEqual([['k1', 'k2']]);
  });

  it('keeps nothing with a bound of 0', async () => {
    const loads: string[][] = [];
    const rows = lookup(ROWS, loads);
    const cache = createRowCache({ maxRows: 0 });
    await cache.at('1:1').rows(rows, ['a']);
    await cache.at('1:1').rows(rows, ['a']);
    expect(loads).toEqual([['a'], ['a']]);
  });

  it('returns a row answering two asked keys once', async () => {
    const loads: string[][] = [];
    const pairs = [{ id: 'CVE-1|GHSA-1', value: 1 }];
    const rows = lookup(pairs, loads, { shared: true, rowKeys: (row) => row.id.split('|') });
    const view = createRowCache({ maxRows: 100 }).at('1:1');
    expect(await view.rows(rows, ['CVE-1', 'GHSA-1'])).toEqual([{ id: 'CVE-1|GHSA-1', value: 1 }]);
    expect(await view.rows(rows, ['GHSA-1', 'CVE-1'])).toEqual([{ id: 'CVE-1|GHSA-1', value: 1 }]);
    expect(loads).toEqual([['CVE-1', 'GHSA-1']]);
  });

  it('forgets a failed load, so the next lookup tries again', async () => {
    let fail = true;
    const loads: string[][] = [];
    const rows: KeyedLookup<string, Row> = {
      ...lookup(ROWS, loads),
      async load(keys) {
        loads.push([...keys]);
        if (fail) throw new Error('connection lost');
        return ROWS.filter((row) => keys.includes(row.id));
      },
    };
    const view = createRowCache({ maxRows: 100 }).at('1:1');
    await expect(view.rows(rows, ['b'])).rejects.toThrow('connection lost');
    fail = false;
    expect(await view.rows(rows, ['b'])).toEqual([{ id: 'b', value: 2 }]);
    expect(loads).toEqual([['b'], ['b']]);
  });
});
