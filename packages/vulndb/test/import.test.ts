import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vulnCpeMatches, vulnDistroFixes, vulnEpss, vulnImportRuns, vulnKev, vulnPackageRanges, vulnRecords, vulnAliases } from '../src/db/schema.ts';
import { importFeed } from '../src/import/import-file.ts';
import { detectFeed } from '../src/import/registry.ts';
import { knowledgeBaseStatus } from '../src/kb/knowledge-base.ts';
import { DATABASES, fixture, openTestKb, type TestKb } from './knowledge-bases.ts';

describe.each(DATABASES)('importers on %s', (kind) => {
  let t: TestKb;
  beforeAll(async () => {
    t = await openTestKb(kind);
  });
  afterAll(() => t.dispose());

  const liveCount = async (table: typeof vulnRecords | typeof vulnCpeMatches | typeof vulnPackageRanges | typeof vulnAliases): Promise<number> => {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.live, true));
    return row?.n ?? -1;
  };
  const stagedCount = async (): Promise<number> => {
    let n = 0;
    for (const table of [vulnRecords, vulnCpeMatches, vulnPackageRanges, vulnAliases, vulnDistroFixes, vulnEpss, vulnKev]) {
      const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.live, false));
      n += row?.n ?? 0;
    }
    return n;
  };

  it('detects every feed by content', async () => {
    const kinds = [];
    for (const name of ['nvd-page.json', 'nvd-cve-2023-45853.json', 'osv-ghsa-35jh-r3h4-6jhm.json', 'osv-array.json', 'epss.csv.gz', 'kev.json', 'debian-tracker.json', 'README.md']) {
      kinds.push((await detectFeed(fixture(name)))?.kind ?? null);
    }
    expect(kinds).toEqual(['nvd', 'nvd', 'osv', 'osv', 'epss', 'kev', 'debian', null]);
  });

  it('imports an NVD API page, skipping malformed records with their ids', async () => {
    const report = await importFeed(t.db, fixture('nvd-page.json'));
    expect(report).toMatchObject({ source: 'nvd', status: 'complete', records: 7, imported: 5, skipped: 2, error: null });
    expect(report.skips).toEqual([
      { id: 'CVE-2022-3602', reason: 'unknown CVSS vector "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:Q": invalid value "Q" for metric A' },
      { id: 'CVE-2023-0286', reason: 'impossible range for cpe:2.3:a:openssl:openssl:*:*:*:*:*:*:*:*: start 3.0.8 is not below end 3.0.0' },
    ]);
    const [openssl] = await t.db.select().from(vulnRecords).where(eq(vulnRecords.vulnId, 'CVE-2022-0778'));
    expect(openssl).toMatchObject({
      source: 'nvd', live: true, status: 'Modified', withdrawn: false, published: '2022-03-15T17:15:08.513', cwes: ['CWE-835'],
      cvss: [
        { version: '2.0', vector: 'AV:N/AC:L/Au:N/C:N/I:N/A:P', score: 5, severity: 'medium', source: 'nvd@nist.gov', type: 'Primary' },
        { version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H', score: 7.5, severity: 'high', source: 'nvd@nist.gov', type: 'Primary' },
      ],
    });
    expect(openssl?.references.map((r) => r.url)).toEqual([
      'https://git.openssl.org/gitweb/?p=openssl.git;a=commitdiff;h=3118eb64934499d93db3230748a452351d1d9a65',
      'https://www.openssl.org/news/secadv/20220315.txt',
    ]);
    const matches = await t.db.select().from(vulnCpeMatches).where(eq(vulnCpeMatches.vulnId, 'CVE-2022-0778')).orderBy(vulnCpeMatches.id);
    expect(matches.map((m) => [m.configIndex, m.configOperator, m.nodeIndex, m.vulnerable, m.vendor, m.product, m.versionStartIncluding, m.versionEndExcluding])).toEqual([
      [0, 'OR', 0, true, 'openssl', 'openssl', '1.0.2', '1.0.2zd'],
      [0, 'OR', 0, true, 'openssl', 'openssl', '1.1.0', '1.1.1n'],
      [0, 'OR', 0, true, 'openssl', 'openssl', '3.0.0', '3.0.2'],
      [1, 'AND', 0, true, 'netapp', 'a250_firmware', null, null],
      [1, 'AND', 1, false, 'netapp', 'a250', null, null],
    ]);
    const [v4] = await t.db.select().from(vulnRecords).where(eq(vulnRecords.vulnId, 'CVE-2025-4565'));
    expect(v4?.cvss.map((m) => [m.version, m.score, m.severity, m.type])).toEqual([['4.0', 8.2, 'high', 'Secondary']]);
    const [rejected] = await t.db.select().from(vulnRecords).where(eq(vulnRecords.vulnId, 'CVE-2022-0094'));
    expect([rejected?.status, rejected?.withdrawn]).toEqual(['Rejected', true]);
    expect(await t.db.select().from(vulnCpeMatches).where(eq(vulnCpeMatches.vulnId, 'CVE-2022-0094'))).toEqual([]);
  });

  it('is idempotent: importing the same page again changes nothing', async () => {
    const before = [await liveCount(vulnRecords), await liveCount(vulnCpeMatches)];
    const report = await importFeed(t.db, fixture('nvd-page.json'));
    expect(report.status).toBe('complete');
    expect([await liveCount(vulnRecords), await liveCount(vulnCpeMatches)]).toEqual(before);
    expect(before).toEqual([5, 11]);
    expect(await stagedCount()).toBe(0);
  });

  it('imports a bare per-CVE record and replaces a record incrementally', async () => {
    expect(await importFeed(t.db, fixture('nvd-cve-2023-45853.json'))).toMatchObject({ status: 'complete', records: 1, imported: 1 });
    const text = await readFile(fixture('nvd-cve-2023-45853.json').path, 'utf8');
    // A later revision of the record: the range grows; only this record's rows are replaced.
    const revised = text.replace('"versionEndIncluding": "1.3"', '"versionEndExcluding": "1.3.1"').replace('2024-08-01T13:44:58.990', '2024-09-01T00:00:00.000');
    expect(await importFeed(t.db, { name: 'revised.json', bytes: Buffer.from(revised) })).toMatchObject({ status: 'complete', imported: 1 });
    const rows = await t.db.select().from(vulnCpeMatches).where(eq(vulnCpeMatches.vulnId, 'CVE-2023-45853'));
    expect(rows.map((r) => [r.live, r.versionEndIncluding, r.versionEndExcluding])).toEqual([[true, null, '1.3.1']]);
    const records = await t.db.select().from(vulnRecords).where(eq(vulnRecords.vulnId, 'CVE-2023-45853'));
    expect(records.map((r) => r.modified)).toEqual(['2024-09-01T00:00:00.000']);
    expect(await liveCount(vulnRecords)).toBe(6);
  });

  it('leaves the previous knowledge base whole when a feed is truncated', async () => {
    const text = await readFile(fixture('nvd-page.json').path, 'utf8');
    // The first records are complete; the file ends in the middle of the openssh record.
    const truncated = text.slice(0, text.indexOf('"CVE-2024-6387"') + 200).replace('"baseScore": 7.5', '"baseScore": 7.5 ');
    const report = await importFeed(t.db, { name: 'truncated.json', bytes: gzipSync(truncated) });
    expect(report).toMatchObject({ status: 'failed', error: 'the JSON document is truncated', imported: 2 });
    expect([await liveCount(vulnRecords), await liveCount(vulnCpeMatches), await stagedCount()]).toEqual([6, 12, 0]);
    const [run] = await t.db.select().from(vulnImportRuns).where(eq(vulnImportRuns.id, report.runId));
    expect([run?.status, run?.origin]).toEqual(['failed', 'truncated.json']);
  });

  it('throws on abort and keeps nothing of the aborted import', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(importFeed(t.db, fixture('nvd-page.json'), { signal: controller.signal })).rejects.toThrow('stop');
    expect([await liveCount(vulnRecords), await stagedCount()]).toEqual([6, 0]);
  });

  it('imports OSV records: aliases, SEMVER/ECOSYSTEM ranges, versions lists, withdrawn, malformed', async () => {
    expect(await importFeed(t.db, fixture('osv-ghsa-35jh-r3h4-6jhm.json'))).toMatchObject({ source: 'osv', status: 'complete', records: 1, imported: 1 });
    const report = await importFeed(t.db, fixture('osv-array.json'));
    expect(report).toMatchObject({ status: 'complete', records: 4, imported: 3, skipped: 1 });
    expect(report.skips).toEqual([{ id: 'RUSTSEC-2021-0078', reason: 'hyper: malformed event {"introduced":"0.0.0-0","fixed":"0.14.10"}' }]);
    const ranges = await t.db.select().from(vulnPackageRanges).where(eq(vulnPackageRanges.live, true)).orderBy(vulnPackageRanges.id);
    expect(ranges.map((r) => [r.vulnId, r.ecosystemBase, r.name, r.rangeType, r.events, r.versions.length])).toEqual([
      ['GHSA-35jh-r3h4-6jhm', 'npm', 'lodash', 'ECOSYSTEM', [{ introduced: '0' }, { fixed: '4.17.21' }], 0],
      ['GHSA-35jh-r3h4-6jhm', 'npm', 'lodash-es', 'ECOSYSTEM', [{ introduced: '0' }, { fixed: '4.17.21' }], 0],
      ['PYSEC-2023-74', 'PyPI', 'requests', 'ECOSYSTEM', [{ introduced: '2.3.0' }, { fixed: '2.31.0' }], 0],
      ['PYSEC-2023-74', 'PyPI', 'requests', 'VERSIONS', [], 5],
      ['GO-2024-3293', 'Go', 'goyave.dev/goyave/v5', 'SEMVER', [{ introduced: '5.0.0' }, { fixed: '5.5.0' }], 0],
    ]);
    const [withdrawn] = await t.db.select().from(vulnRecords).where(eq(vulnRecords.vulnId, 'GO-2022-0617'));
    expect(withdrawn?.withdrawn).toBe(true);
    const aliases = await t.db.select().from(vulnAliases).where(eq(vulnAliases.live, true)).orderBy(vulnAliases.id);
    expect(aliases.map((a) => [a.vulnId, a.alias])).toEqual([
      ['GHSA-35jh-r3h4-6jhm', 'CVE-2021-23337'],
      ['PYSEC-2023-74', 'CVE-2023-32681'], ['PYSEC-2023-74', 'GHSA-j8r2-6x86-q33q'],
      ['GO-2022-0617', 'CVE-2020-8562'], ['GO-2022-0617', 'GHSA-qh36-44jv-c8xj'],
    ]);
    const [ghsa] = await t.db.select().from(vulnRecords).where(eq(vulnRecords.vulnId, 'GHSA-35jh-r3h4-6jhm'));
    expect([ghsa?.summary, ghsa?.cwes, ghsa?.cvss.map((m) => [m.version, m.score])]).toEqual(['Command Injection in lodash', ['CWE-77', 'CWE-94'], [['3.1', 7.2]]]);
  });

  it('imports EPSS (gzip), KEV and the Debian tracker, each replacing its previous data', async () => {
    const epss = await importFeed(t.db, fixture('epss.csv.gz'));
    expect(epss).toMatchObject({ source: 'epss', status: 'complete', records: 3, imported: 2, skipped: 1, skips: [{ id: 'CVE-2022-32205', reason: 'malformed EPSS row' }] });
    expect((await t.db.select().from(vulnEpss).where(eq(vulnEpss.live, true))).map((r) => [r.cve, r.epss, r.percentile, r.modelVersion, r.scoreDate])).toEqual([
      ['CVE-2022-32148', 0.01355, 0.70524, 'v2026.06.15', '2026-09-29T12:00:22Z'],
      ['CVE-2022-32221', 0.04448, 0.91083, 'v2026.06.15', '2026-09-29T12:00:22Z'],
    ]);
    const kev = await importFeed(t.db, fixture('kev.json'));
    expect(kev).toMatchObject({ status: 'complete', records: 3, imported: 2, skipped: 1, skips: [{ id: 'item 2', reason: 'missing or malformed cveID' }] });
    await importFeed(t.db, fixture('kev.json'));
    expect((await t.db.select().from(vulnKev).where(eq(vulnKev.live, true))).map((r) => [r.cve, r.dateAdded, r.dueDate, r.knownRansomwareCampaignUse])).toEqual([
      ['CVE-2021-44228', '2021-12-10', '2021-12-24', 'Known'],
      ['CVE-2023-4911', '2023-11-21', '2023-12-12', 'Unknown'],
    ]);
    const debian = await importFeed(t.db, fixture('debian-tracker.json'));
    expect(debian).toMatchObject({ status: 'complete', records: 4, imported: 3, skipped: 1, skips: [{ id: 'glibc/CVE-2023-6246', reason: 'bookworm: unknown status "fixed"' }] });
    const fixes = await t.db.select().from(vulnDistroFixes).where(eq(vulnDistroFixes.release, 'bookworm')).orderBy(vulnDistroFixes.id);
    expect(fixes.map((f) => [f.sourcePackage, f.vulnId, f.status, f.fixedVersion, f.nodsaReason])).toEqual([
      ['zlib', 'CVE-2023-45853', 'open', null, 'ignored'],
      ['openssh', 'CVE-2024-6387', 'resolved', '1:9.2p1-2+deb12u3', null],
      ['glibc', 'CVE-2023-4911', 'resolved', '2.36-9+deb12u3', null],
    ]);
  });

  it('reports the status of every source', async () => {
    const status = await knowledgeBaseStatus(t.db);
    expect(status.map((s) => [s.source, s.rows, s.lastImport?.origin.split('/').at(-1)])).toEqual([
      ['debian', 8, 'debian-tracker.json'],
      ['epss', 2, 'epss.csv.gz'],
      ['kev', 2, 'kev.json'],
      ['nvd', 6, 'revised.json'],
      ['osv', 4, 'osv-array.json'],
    ]);
  });
});
