// The counters of migration 0023 on both databases: bumped once per committed transaction
// and counter, never by a rollback or a statement that changed no row, and on PGlite heard by
// the process before the write that made them returns.
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { cacheGenerationsOf, type CacheGenerations, queriedGenerations } from './cache-generations.ts';
import { companySettings, groups, scans } from './schema/index.ts';

describe.each(DATABASES)('cache generations on %s', (kind) => {
  let test: TestDatabase;
  let generations: CacheGenerations;
  beforeEach(async () => {
    test = await openTestDatabase(kind);
    generations = cacheGenerationsOf(test.database);
  });
  afterEach(() => test.dispose());

  const both = async () => ({ scanList: await generations.current('scan_list'), sessions: await generations.current('sessions') });

  const newGroup = async (name: string) => {
    const [row] = await test.database.db.insert(groups).values({ name, searchPath: '', depth: 0 }).returning({ id: groups.id });
    if (!row) throw new Error('no group');
    await test.database.db.update(groups).set({ searchPath: String(row.id) }).where(eq(groups.id, row.id));
    return row.id;
  };

  const newScans = (groupId: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ groupId, filename: `fw-${i}.bin`, size: 10, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64), blobKey: `k${i}` }));

  it('start at 0, and a migration-made reader on either database reads the same', async () => {
    expect(await both()).toEqual({ scanList: 0, sessions: 0 });
    expect(await queriedGenerations(test.database.db).current('scan_list')).toBe(0);
  });

  it('move once for a transaction of many changes, and only the counters whose tables changed', async () => {
    const groupId = await newGroup('Firmware');
    expect(await both()).toEqual({ scanList: 2, sessions: 0 });
    await test.database.db.transaction(async (tx) => {
      await tx.insert(scans).values(newScans(groupId, 3));
      await tx.update(scans).set({ status: 'R' }).where(eq(scans.groupId, groupId));
      await tx.update(groups).set({ name: 'Firmware 2' }).where(eq(groups.id, groupId));
    });
    expect(await both()).toEqual({ scanList: 3, sessions: 0 });
    await test.database.db.update(companySettings).set({ minPasswordLength: 12 });
    expect(await both()).toEqual({ scanList: 4, sessions: 1 });
  });

  it('stay where they are after a rollback or a statement that changed no row', async () => {
    const groupId = await newGroup('Firmware');
    await expect(
      test.database.db.transaction(async (tx) => {
        await tx.insert(scans).values(newScans(groupId, 2));
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    await test.database.db.update(scans).set({ status: 'F' }).where(eq(scans.groupId, groupId + 1000));
    expect(await both()).toEqual({ scanList: 2, sessions: 0 });
    expect(await test.database.db.$count(scans)).toBe(0);
  });

  it('are read by the process as soon as the write returned', async () => {
    const groupId = await newGroup('Firmware');
    for (let round = 1; round <= 20; round += 1) {
      // No await between the write's end and the read: on PGlite the value comes from the notification alone.
      const read = test.database.db.insert(scans).values(newScans(groupId, 1)).then(() => generations.current('scan_list'));
      expect(await read).toBe(2 + round);
    }
    const [row] = await test.database.db.execute<{ value: number }>(sql`select value::int as value from cache_generations where name = 'scan_list'`).then((result) => (result as unknown as { rows: { value: number }[] }).rows);
    expect(row?.value).toBe(22);
  });
});
