import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { buildTar } from '../../../engine/test/builders/tar.ts';
import { type ClusterTemplate, migrationInputs, openPglite, writeCluster } from './pglite.ts';

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

  it('prepares a template once, and every new cluster of it starts as prepared; a cluster already there is opened as it is', async () => {
    // A cache of this test's own: the template is new to it, and nothing is left behind.
    const cache = mkdtempSync(path.join(tmpdir(), 'binlens-cache-'));
    dirs.push(cache);
    const configured = process.env.BINLENS_CACHE_DIR;
    process.env.BINLENS_CACHE_DIR = cache;
    onTestFinished(() => {
      if (configured === undefined) delete process.env.BINLENS_CACHE_DIR;
      else process.env.BINLENS_CACHE_DIR = configured;
    });
    let prepared = 0;
    const template: ClusterTemplate = {
      name: 'test-template',
      inputs: () => ['settings'],
      prepare: async (pglite) => {
        prepared += 1;
        await pglite.exec("CREATE TABLE settings (name text); INSERT INTO settings VALUES ('from the template')");
      },
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'binlens-pglite-'));
    dirs.push(dir);
    const [inMemory, inDirectory] = [await openPglite(null, template), await openPglite(dir, template)];
    for (const pglite of [inMemory, inDirectory]) {
      expect((await pglite.query<{ name: string }>('SELECT name FROM settings')).rows).toEqual([{ name: 'from the template' }]);
    }
    await inDirectory.exec('DELETE FROM settings');
    await Promise.all([inMemory.close(), inDirectory.close()]);
    const reopened = await openPglite(dir, template);
    expect((await reopened.query('SELECT name FROM settings')).rows).toEqual([]);
    await reopened.close();
    expect(prepared).toBe(1);
    expect(readdirSync(cache).filter((name) => name.startsWith('pglite-test-template-'))).toHaveLength(1);
  });
});

describe('writeCluster', () => {
  const newDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'binlens-cluster-'));
    dirs.push(dir);
    return dir;
  };

  it("writes a kept cluster's directories and files, readable by the server's user only", () => {
    const dir = newDir();
    writeCluster(dir, buildTar([{ name: 'base/', type: '5' }, { name: 'base/1/PG_VERSION', data: '17\n' }, { name: 'PG_VERSION', data: '17\n' }]));
    expect(readdirSync(dir).sort()).toEqual(['PG_VERSION', 'base']);
    expect(readFileSync(path.join(dir, 'base/1/PG_VERSION'), 'utf8')).toBe('17\n');
    expect(statSync(path.join(dir, 'base')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, 'PG_VERSION')).mode & 0o777).toBe(0o600);
  });

  it('refuses an entry outside the directory, a link and a damaged header, before writing them', () => {
    const parent = newDir();
    const dir = path.join(parent, 'cluster');
    mkdirSync(dir);
    expect(() => writeCluster(dir, buildTar([{ name: '../escaped', data: 'x' }]))).toThrow('PGlite cluster entry outside its directory: ../escaped');
    expect(() => writeCluster(dir, buildTar([{ name: 'base/../../escaped', data: 'x' }]))).toThrow('PGlite cluster entry outside its directory: base/../../escaped');
    expect(readdirSync(parent)).toEqual(['cluster']);
    expect(() => writeCluster(dir, buildTar([{ name: 'pg_wal', type: '2', linkName: '/etc' }]))).toThrow("unexpected entry type '2' in a PGlite cluster: pg_wal");
    expect(() => writeCluster(dir, buildTar([{ name: 'PG_VERSION', data: '17\n', badChecksum: true }]))).toThrow('damaged PGlite cluster at byte 0');
    expect(() => writeCluster(dir, buildTar([{ name: 'PG_VERSION', data: '17\n' }]).subarray(0, 512))).toThrow('damaged PGlite cluster at byte 0');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('migrationInputs', () => {
  it('lists every file under the folder, sorted, each name followed by its content', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'binlens-migrations-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, 'meta'));
    writeFileSync(path.join(dir, '0001_b.sql'), 'CREATE TABLE b ();');
    writeFileSync(path.join(dir, '0000_a.sql'), 'CREATE TABLE a ();');
    writeFileSync(path.join(dir, 'meta', '_journal.json'), '{}');
    expect(migrationInputs(dir)).toEqual(['0000_a.sql', 'CREATE TABLE a ();', '0001_b.sql', 'CREATE TABLE b ();', 'meta/_journal.json', '{}']);
  });
});
