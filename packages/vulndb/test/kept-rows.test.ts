// Rows kept between evaluations (kb/row-cache.ts) answer as the database does, and only
// while the knowledge base's version (kb/version.ts) stands: every import moves it.
import type { Identification } from '@binlens/engine/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vulnPackageRanges } from '../src/db/schema.ts';
import { evaluate } from '../src/evaluate.ts';
import { importFeed } from '../src/import/import-file.ts';
import { createKnowledgeBase } from '../src/kb/knowledge-base.ts';
import { knowledgeBaseVersion } from '../src/kb/version.ts';
import { DATABASES, fixture, openTestKb, type TestKb } from './knowledge-bases.ts';

const LODASH: Identification = {
  schemaVersion: 1,
  input: { name: 'app.tar', size: 1, sha1: '', sha256: '' },
  files: [],
  components: [{
    id: 'lodash', name: 'lodash', version: '4.17.20', codetype: 'JS', vendor: '', licenses: [], evidence: [],
    purl: 'pkg:npm/lodash@4.17.20', cpes: ['cpe:2.3:a:lodash:lodash:4.17.20:*:*:*:*:*:*:*'],
  }],
  problems: [],
  startedAt: '2024-08-01T00:00:00Z',
  finishedAt: '2024-08-01T00:00:01Z',
};

const sourcesOf = (evaluation: Awaited<ReturnType<typeof evaluate>>): string[] =>
  (evaluation.components.lodash ?? []).map((v) => `${v.vuln_id} ${v.matched_by.map((m) => m.source).join('+')}`);

describe.each(DATABASES)('kept knowledge-base rows on %s', (kind) => {
  let t: TestKb;
  beforeAll(async () => {
    t = await openTestKb(kind);
  });
  afterAll(() => t.dispose());

  it('reads the version of the last complete import, moved by every import', async () => {
    expect(await knowledgeBaseVersion(t.db)).toBe('0:0');
    await importFeed(t.db, fixture('osv-ghsa-35jh-r3h4-6jhm.json'));
    const first = await knowledgeBaseVersion(t.db);
    expect(first).toMatch(/^\d+:1$/);
    // The same file again changes no row, but it is a complete import all the same.
    await importFeed(t.db, fixture('osv-ghsa-35jh-r3h4-6jhm.json'));
    expect(await knowledgeBaseVersion(t.db)).not.toBe(first);
    expect(await knowledgeBaseVersion(t.db)).toMatch(/^\d+:2$/);
  });

  it('answers from kept rows while the version stands, as the database would', async () => {
    const kept = createKnowledgeBase(t.db);
    const uncached = createKnowledgeBase(t.db, { cacheRows: 0 });
    const fromDatabase = await evaluate(LODASH, uncached);
    expect(sourcesOf(fromDatabase)).toEqual(['CVE-2021-23337 osv-purl']);
    expect(await evaluate(LODASH, kept)).toEqual(fromDatabase);
    expect(await evaluate(LODASH, kept)).toEqual(fromDatabase);

    // A change of the live rows outside any import is invisible to the kept rows (only an import changes them).
    await t.db.execute(sql`update ${vulnPackageRanges} set live = false where live`);
    expect(sourcesOf(await evaluate(LODASH, uncached))).toEqual([]);
    expect(await evaluate(LODASH, kept)).toEqual(fromDatabase);
    await t.db.execute(sql`update ${vulnPackageRanges} set live = true where not live`);

    // An import moves the version: the next evaluation reads the new rows.
    const report = await importFeed(t.db, fixture('nvd-page.json'));
    expect(report.status).toBe('complete');
    const afterImport = await evaluate(LODASH, kept);
    expect(sourcesOf(afterImport)).toEqual(['CVE-2021-23337 osv-purl+nvd-cpe']);
    expect(afterImport).toEqual(await evaluate(LODASH, uncached));
  });
});
