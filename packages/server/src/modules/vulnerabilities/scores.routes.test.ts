import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { importFeed } from '@binlens/vulndb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

const FEEDS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../vulndb/fixtures/feeds');
// EPSS rows in the feed's format (scores as FIRST published them on 2025-03-17).
const EPSS = '#model_version:v2025.03.14,score_date:2025-03-17T00:00:00Z\ncve,epss,percentile\nCVE-2021-3782,0.00044,0.11982\nCVE-2022-24823,0.00062,0.28563\n';

describe.each(DATABASES)('EPSS and distro CVSS on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await newSession(t.app, t.database);
    for (const file of ['ubuntu-osv-records.json', 'debian-tracker-urgency.json']) {
      expect(await importFeed(t.database.db, { path: path.join(FEEDS, file) })).toMatchObject({ status: 'complete' });
    }
    expect(await importFeed(t.database.db, { name: 'epss.csv.gz', bytes: gzipSync(EPSS) })).toMatchObject({ status: 'complete', imported: 2 });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: object = alice.headers) => t.app.inject({ method: 'GET', url, headers: { ...headers } });

  it('answers distro ratings per CVE, optionally for one distribution', async () => {
    const all = await get('/rest/distro-cvss/?cve__in=cve-2021-3782,CVE-2022-24823,CVE-2005-3111,CVE-2031-0001');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({
      count: 3,
      results: [
        { distro: 'debian', cve: 'CVE-2005-3111', severity: 'medium', score: null, vector: null },
        { distro: 'ubuntu', cve: 'CVE-2021-3782', severity: 'medium', score: 6.6, vector: 'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:L/I:L/A:H' },
        { distro: 'ubuntu', cve: 'CVE-2022-24823', severity: 'low', score: 5.5, vector: 'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N' },
      ],
    });
    const debian = await get('/rest/distro-cvss/?cve__in=CVE-2021-3782,CVE-2005-3111&distro=debian');
    expect(debian.json<{ results: { cve: string }[] }>().results.map((r) => r.cve)).toEqual(['CVE-2005-3111']);
  });

  it('answers EPSS scores per CVE', async () => {
    const response = await get('/rest/epss/?cve__in=CVE-2022-24823,CVE-2021-3782,CVE-2005-3111');
    expect(response.json()).toEqual({
      count: 2,
      results: [
        { cve: 'CVE-2021-3782', epss: 0.00044, percentile: 0.11982, model_version: 'v2025.03.14', score_date: '2025-03-17T00:00:00Z' },
        { cve: 'CVE-2022-24823', epss: 0.00062, percentile: 0.28563, model_version: 'v2025.03.14', score_date: '2025-03-17T00:00:00Z' },
      ],
    });
  });

  it('refuses malformed or too many ids, and anonymous callers', async () => {
    const bad = await get('/rest/epss/?cve__in=CVE-2021-3782,GHSA-35jh-r3h4-6jhm');
    expect([bad.statusCode, bad.json()]).toEqual([400, { cve__in: ['"GHSA-35JH-R3H4-6JHM" is not a CVE id.'] }]);
    const many = Array.from({ length: 101 }, (_, i) => `CVE-2024-${10000 + i}`).join(',');
    const tooMany = await get(`/rest/distro-cvss/?cve__in=${many}`);
    expect([tooMany.statusCode, tooMany.json()]).toEqual([400, { cve__in: ['At most 100 ids per request.'] }]);
    expect((await get('/rest/epss/?cve__in=CVE-2021-3782', {})).statusCode).toBe(401);
  });
});
