// export-bundle / import-bundle: a knowledge base moved whole through one file.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportBundle } from '../src/bundle/export-bundle.ts';
import { importBundle } from '../src/bundle/import-bundle.ts';
import { schemaTag } from '../src/bundle/manifest.ts';
import { STAGED_TABLES } from '../src/db/schema.ts';
import type { KbDatabase } from '../src/db/database.ts';
import { importFeed } from '../src/import/import-file.ts';
import { knowledgeBaseStatus } from '../src/kb/knowledge-base.ts';
import { DATABASES, fixture, openTestKb, type TestKb } from './knowledge-bases.ts';

const FEEDS = ['nvd-page.json', 'osv-array.json', 'epss.csv.gz', 'kev.json', 'debian-tracker.json', 'cve5-records.json', 'nvd-override-cve-2024-3094.json', 'vendor-advisories.json'];

/** Every live row of every table, without row and run ids, as sorted JSON lines. */
async function liveRows(db: KbDatabase): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of STAGED_TABLES) {
    const rows = await db.select().from(table).where(sql`live`);
    out[getTableName(table)] = rows.map(({ id: _id, runId: _runId, ...row }) => JSON.stringify(row)).sort();
  }
  return out;
}

describe.each(DATABASES)('knowledge-base bundles on %s', (kind) => {
  let source: TestKb;
  let target: TestKb;
  let dir: string;
  beforeAll(async () => {
    [source, target] = await Promise.all([openTestKb(kind), openTestKb(kind)]);
    dir = await mkdtemp(path.join(os.tmpdir(), 'binlens-bundle-test-'));
    for (const name of FEEDS) expect((await importFeed(source.db, fixture(name))).status).toBe('complete');
    await importFeed(target.db, fixture('nvd-cve-2024-7264.json'));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([source.dispose(), target.dispose()]);
    await rm(dir, { recursive: true, force: true });
  });

  it('round-trips: the imported bundle holds exactly the exported live rows', async () => {
    const file = path.join(dir, 'kb.tar');
    const manifest = await exportBundle(source.db, file);
    expect(manifest.schema).toBe(await schemaTag());
    expect(manifest.tables.map((t) => [t.table, t.rows])).toEqual([
      ['vuln_import_runs', 8], ['vuln_records', 16], ['vuln_aliases', 5], ['vuln_package_ranges', 5],
      ['vuln_cpe_matches', 18], ['vuln_distro_fixes', 8], ['vuln_distro_cvss', 0], ['vuln_epss', 2], ['vuln_kev', 2],
    ]);
    const before = await liveRows(target.db);
    const report = await importBundle(target.db, file);
    expect(report.rows.vuln_records).toBe(16);
    const after = await liveRows(target.db);
    expect(after).toEqual(await liveRows(source.db));
    expect(after).not.toEqual(before);
    expect((await knowledgeBaseStatus(target.db)).map((s) => [s.source, s.rows, s.lastImport?.origin.split('/').at(-1)])).toEqual([
      ['bundle', 0, 'kb.tar'], ['cve5', 5, 'cve5-records.json'], ['debian', 8, 'debian-tracker.json'], ['epss', 2, 'epss.csv.gz'],
      ['kev', 2, 'kev.json'], ['nvd', 5, 'nvd-page.json'], ['nvd-override', 1, 'nvd-override-cve-2024-3094.json'],
      ['osv', 3, 'osv-array.json'], ['vendor', 2, 'vendor-advisories.json'],
    ]);
  });

  it('refuses a corrupted bundle and leaves the knowledge base as it was', async () => {
    const file = path.join(dir, 'kb.tar');
    const bytes = await readFile(file);
    // Change one character inside the records table's NDJSON (the first "CVE-" after its header).
    const at = bytes.indexOf('"vulnId":"CVE-', bytes.indexOf('vuln_records.ndjson') + 512);
    bytes[at + 11] = 'X'.charCodeAt(0);
    const broken = path.join(dir, 'broken.tar');
    await writeFile(broken, bytes);
    const before = await liveRows(target.db);
    await expect(importBundle(target.db, broken)).rejects.toThrow(/^vuln_records\.ndjson: sha256 [0-9a-f]{64} differs from the manifest's [0-9a-f]{64}$/);
    expect(await liveRows(target.db)).toEqual(before);
    const [staged] = await target.db.execute<{ n: number }>(sql`select count(*)::int as n from vuln_records where not live`).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(staged?.n).toBe(0);
  });
});
