// Lookups answered as one json value (kb/json-rows.ts) give the same rows, value for value,
// as Drizzle's own select: text with quotes, escapes and non-ASCII, nulls, jsonb, booleans,
// real and bigint columns.
import { asc, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vulnCpeMatches, vulnEpss, vulnRecords } from '../src/db/schema.ts';
import { joinKeys, selectJson } from '../src/kb/json-rows.ts';
import { DATABASES, openTestKb, type TestKb } from './knowledge-bases.ts';

const run = { source: 'nvd', runId: 1, live: true };

describe.each(DATABASES)('json rows on %s', (kind) => {
  let t: TestKb;
  beforeAll(async () => {
    t = await openTestKb(kind);
    await t.db.insert(vulnRecords).values([
      {
        ...run, recordKey: 'CVE-2024-0001', vulnId: 'CVE-2024-0001', withdrawn: true, published: null,
        description: 'A "quoted" path C:\\temp\\x, a tab\there,\na new line, ünïcödé and 漢字 ✓',
        cwes: ['CWE-79'], cvss: [{ version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', score: 9.8, severity: 'critical', source: 'nvd@nist.gov', type: 'Primary' }],
      },
      { ...run, recordKey: 'CVE-2024-0002', vulnId: 'CVE-2024-0002', published: '2024-01-02T03:04:05.678', databaseSpecific: { nested: { list: [1, null, 'x'] } } },
    ]);
    await t.db.insert(vulnEpss).values([
      { ...run, source: 'epss', recordKey: 'epss', cve: 'CVE-2024-0001', epss: 0.0123, percentile: 0.84567, modelVersion: null, scoreDate: '2026-09-29T12:00:22Z' },
      { ...run, source: 'epss', recordKey: 'epss', cve: 'CVE-2024-0002', epss: 1e-5, percentile: 1, modelVersion: 'v2025.03.14', scoreDate: null },
    ]);
    await t.db.insert(vulnCpeMatches).values(['openssl', 'zlib', 'openssl'].map((product, i) => ({
      ...run, recordKey: `CVE-2024-000${i + 1}`, vulnId: `CVE-2024-000${i + 1}`, configIndex: 0, configOperator: 'OR', nodeIndex: 0, nodeOperator: 'OR',
      vulnerable: i !== 1, criteria: `cpe:2.3:a:${product}:${product}:*:*:*:*:*:*:*:*`, part: 'a', vendor: product, product,
      versionEndExcluding: i === 0 ? '1.0.2zd' : null,
    })));
  });
  afterAll(() => t.dispose());

  it('answers every column as Drizzle does', async () => {
    for (const table of [vulnRecords, vulnEpss]) {
      const columns = getTableColumns(table);
      const expected = await t.db.select().from(table).orderBy(asc(table.id));
      expect(expected).toHaveLength(2);
      expect(await selectJson(t.db, columns, sql`from ${table}`, sql`${table.id}`)).toEqual(expected);
    }
  });

  it('joins the keys it is given, in the order asked, and answers [] for no row', async () => {
    const keys = [{ vendor: 'openssl', product: 'openssl' }, { vendor: 'absent', product: 'openssl' }];
    const rows = await selectJson(t.db, { vulnId: vulnCpeMatches.vulnId, end: vulnCpeMatches.versionEndExcluding },
      sql`from ${joinKeys(vulnCpeMatches, { vendor: vulnCpeMatches.vendor, product: vulnCpeMatches.product }, keys)} where ${vulnCpeMatches.live}`,
      sql`${vulnCpeMatches.id} desc`);
    expect(rows).toEqual([{ vulnId: 'CVE-2024-0003', end: null }, { vulnId: 'CVE-2024-0001', end: '1.0.2zd' }]);
    expect(await selectJson(t.db, { vulnId: vulnCpeMatches.vulnId }, sql`from ${joinKeys(vulnCpeMatches, { vendor: vulnCpeMatches.vendor }, [])}`)).toEqual([]);
  });
});
