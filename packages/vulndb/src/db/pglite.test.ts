import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('openPglite', () => {
  it('makes a new cluster in an empty directory, and opens it again with what was written', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'binlens-pglite-'));
    dirs.push(dir);
    const first = await openPglite(dir);
    await first.exec("CREATE TABLE kept (name text); INSERT INTO kept VALUES ('written before closing')");
    await first.close();
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);

    const again = await openPglite(dir);
    expect((await again.query<{ name: string }>('SELECT name FROM kept')).rows).toEqual([{ name: 'written before closing' }]);
    await again.close();
  });

  it('makes each in-memory cluster empty and its own', async () => {
    const [a, b] = await Promise.all([openPglite(null), openPglite(null)]);
    await a.exec('CREATE TABLE only_in_a (id int)');
    const tables = (await b.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows;
    expect(tables).toEqual([{ n: 0 }]);
    expect((await a.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'")).rows).toEqual([{ name: 'only_in_a' }]);
    await Promise.all([a.close(), b.close()]);
  });

  it('copies one empty cluster: every new one has its system identifier, where initdb would make a new one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'binlens-pglite-'));
    dirs.push(dir);
    const clusters = [await openPglite(null), await openPglite(null), await openPglite(dir)];
    const ids = await Promise.all(clusters.map(async (c) => (await c.query<{ id: string }>('SELECT system_identifier::text AS id FROM pg_control_system()')).rows[0]?.id));
    expect(ids[0]).toMatch(/^\d+$/);
    expect(new Set(ids).size).toBe(1);
    await Promise.all(clusters.map((c) => c.close()));
  });
});
