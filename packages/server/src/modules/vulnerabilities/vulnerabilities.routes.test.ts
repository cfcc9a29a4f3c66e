import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importFeed } from '@binlens/vulndb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { epssFeed, kevFeed } from '../../../test/feed-entries.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

const FEEDS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../vulndb/fixtures/feeds');

// EPSS and KEV entries for CVE-2021-23337 (values made up for the test).
const EPSS = epssFeed('CVE-2021-23337', 0.0123, 0.8456);
const KEV = kevFeed({ cve: 'CVE-2021-23337', vendor: 'Lodash', product: 'Lodash', name: 'Lodash Command Injection', dateAdded: '2024-01-02', dueDate: '2024-01-23', ransomware: 'Unknown' });

describe.each(DATABASES)('vulnerabilities on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await newSession(t.app, t.database);
    const files = ['nvd-page.json', 'osv-ghsa-35jh-r3h4-6jhm.json', 'nvd-cve-2023-45853.json', 'nvd-options-page.json', 'osv-ghsa-v845-jxx5-vc9f.json', 'osv-array.json'];
    for (const file of files) {
      expect(await importFeed(t.database.db, { path: path.join(FEEDS, file) })).toMatchObject({ status: 'complete' });
    }
    expect(await importFeed(t.database.db, EPSS)).toMatchObject({ status: 'complete', imported: 1 });
    expect(await importFeed(t.database.db, KEV)).toMatchObject({ status: 'complete', imported: 1 });
  });
  afterAll(() => t.close());

  /** cvss3 score and severity, score, severity and its version, cvss2 score. */
  const pick = (v: Record<string, unknown>): unknown[] => [v.cvss3_score, v.cvss3_severity, v.score, v.severity, v.score_version, v.cvss2_score];
  const get = (id: string, headers: object = alice.headers, query = '') =>
    t.app.inject({ method: 'GET', url: `/rest/vulnerabilities/${id}/${query}`, headers: { ...headers } });

  it('lists the knowledge base at /api/vulnerabilities/, newest published first, each as /rest/vulnerabilities/{id}/ answers it', async () => {
    type Listing = { meta: { code: number }; count: number; next: string | null; results: { vuln_id: string }[] };
    const list = async (url: string): Promise<Listing> => {
      const response = await t.app.inject({ method: 'GET', url, headers: alice.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Listing>();
    };
    const ids = (listing: Listing) => listing.results.map((v) => v.vuln_id);
    // A scan's defaults: CVEs (and the account's own advisories) only.
    const cves = await list('/api/vulnerabilities');
    expect([cves.meta, cves.count, cves.next]).toEqual([{ code: 200 }, 7, null]);
    expect(ids(cves)).toEqual(['CVE-2025-4565', 'CVE-2024-6387', 'CVE-2023-45853', 'CVE-2023-43804', 'CVE-2022-0778', 'CVE-2021-23337', 'CVE-2003-0001']);
    expect(cves.results[5]).toEqual((await get('CVE-2021-23337')).json());
    const all = await list('/api/vulnerabilities/?include_bdsa=true&limit=4');
    expect([all.count, ids(all), all.next]).toEqual([11, ['CVE-2025-4565', 'CVE-2024-6387', 'CVE-2023-45853', 'CVE-2023-43804'], '/api/vulnerabilities/?include_bdsa=true&limit=4&offset=4']);
    const rest = await list((all.next ?? '').replace('limit=4', 'limit=100'));
    expect(ids(rest)).toEqual(['GHSA-v845-jxx5-vc9f', 'PYSEC-2023-74', 'CVE-2022-0778', 'GHSA-35jh-r3h4-6jhm', 'CVE-2021-23337', 'CVE-2003-0001', 'GO-2024-3293']);
    expect(ids(await list('/api/vulnerabilities?q=LODASH&include_bdsa=true'))).toEqual(['GHSA-35jh-r3h4-6jhm', 'CVE-2021-23337']);
    expect(ids(await list('/api/vulnerabilities?q=cve-2023-4'))).toEqual(['CVE-2023-45853', 'CVE-2023-43804']);
    // % and _ are text, not wildcards.
    expect((await list('/api/vulnerabilities?q=%25_%25')).count).toBe(0);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/vulnerabilities' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { meta: { code: 401 }, detail: 'Authentication credentials were not provided.' }]);
  });

  it('answers a CVE from NVD with its advisory alias, EPSS and KEV, whatever the case of the id', async () => {
    const response = await get('cve-2021-23337');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      vuln_id: 'CVE-2021-23337',
      kind: 'cve',
      // NVD's record comes first; the GHSA advisory adds its CWE and references.
      description: 'Lodash versions prior to 4.17.21 are vulnerable to Command Injection via the template function.',
      published: '2021-02-15T13:15:12.560',
      modified: '2024-11-21T05:51:33.897',
      cwes: ['CWE-94', 'CWE-77'],
      references: [
        { url: 'https://snyk.io/vuln/SNYK-JS-LODASH-1040724', tags: ['Exploit', 'Third Party Advisory'] },
        { url: 'https://nvd.nist.gov/vuln/detail/CVE-2021-23337', tags: ['ADVISORY'] },
        { url: 'https://github.com/lodash/lodash', tags: ['PACKAGE'] },
      ],
      cvss2_score: 6.5,
      cvss2_severity: 'medium',
      cvss3_score: 7.2,
      cvss3_severity: 'high',
      cvss3_vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H',
      score: 7.2,
      severity: 'high',
      score_version: '3.1',
      epss: { score: 0.0123, percentile: 0.8456, date: '2026-09-29T12:00:22Z' },
      kev: { dateAdded: '2024-01-02', dueDate: '2024-01-23', knownRansomware: 'Unknown' },
      aliases: ['GHSA-35jh-r3h4-6jhm'],
      withdrawn: false,
      cvss: [
        { version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', score: 7.2, severity: 'high', source: 'nvd@nist.gov', type: 'Primary' },
        { version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', score: 7.2, severity: 'high', source: 'osv', type: '' },
        { version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', score: 7.2, severity: 'high', source: 'report@snyk.io', type: 'Secondary' },
        { version: '2.0', vector: 'AV:N/AC:L/Au:S/C:P/I:P/A:P', score: 6.5, severity: 'medium', source: 'nvd@nist.gov', type: 'Primary' },
      ],
      distro_cvss: [],
    });
  });

  it('answers an advisory by its own id', async () => {
    const response = await get('ghsa-35JH-r3h4-6jhm');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      vuln_id: 'GHSA-35jh-r3h4-6jhm',
      kind: 'vendor',
      description: '`lodash` versions prior to 4.17.21 are vulnerable to Command Injection via the template function.',
      published: '2021-05-06T16:05:51Z',
      modified: '2022-02-08T21:35:09Z',
      cwes: ['CWE-77', 'CWE-94'],
      references: [
        { url: 'https://nvd.nist.gov/vuln/detail/CVE-2021-23337', tags: ['ADVISORY'] },
        { url: 'https://github.com/lodash/lodash', tags: ['PACKAGE'] },
        { url: 'https://snyk.io/vuln/SNYK-JS-LODASH-1040724', tags: ['Exploit', 'Third Party Advisory'] },
      ],
      // The advisory's own v3 score and the CVE alias's NVD v2 score (the advisory has none).
      cvss2_score: 6.5,
      cvss2_severity: 'medium',
      cvss3_score: 7.2,
      cvss3_severity: 'high',
      cvss3_vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H',
      score: 7.2,
      severity: 'high',
      score_version: '3.1',
      epss: { score: 0.0123, percentile: 0.8456, date: '2026-09-29T12:00:22Z' },
      kev: { dateAdded: '2024-01-02', dueDate: '2024-01-23', knownRansomware: 'Unknown' },
      aliases: ['CVE-2021-23337'],
      withdrawn: false,
      cvss: [
        { version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', score: 7.2, severity: 'high', source: 'nvd@nist.gov', type: 'Primary' },
        { version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', score: 7.2, severity: 'high', source: 'osv', type: '' },
        { version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', score: 7.2, severity: 'high', source: 'report@snyk.io', type: 'Secondary' },
        { version: '2.0', vector: 'AV:N/AC:L/Au:S/C:P/I:P/A:P', score: 6.5, severity: 'medium', source: 'nvd@nist.gov', type: 'Primary' },
      ],
      distro_cvss: [],
    });
  });

  it("gives the distributions' own ratings, or only the asked distribution's (any case)", async () => {
    // Debian's tracker and Ubuntu's OSV record rate CVE-2021-23337 (ratings made up for the test).
    const debian = { 'node-lodash': { 'CVE-2021-23337': { description: '', scope: 'remote', releases: { bookworm: { status: 'open', repositories: { bookworm: '4.17.21+dfsg+~cs8.31.198.20210220-9' }, urgency: 'low' } } } } };
    const ubuntu = [{
      schema_version: '1.7.0', id: 'UBUNTU-CVE-2021-23337', summary: '', details: '', aliases: [], upstream: ['CVE-2021-23337'], related: [],
      severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H' }, { type: 'Ubuntu', score: 'medium' }],
      published: '2021-02-15T13:15:00Z', modified: '2026-01-01T00:00:00Z',
      affected: [{ package: { ecosystem: 'Ubuntu:22.04:LTS', name: 'node-lodash', purl: 'pkg:deb/ubuntu/node-lodash?arch=source&distro=jammy' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }] }] }],
    }];
    expect(await importFeed(t.database.db, { name: 'debian.json', bytes: Buffer.from(JSON.stringify(debian)) })).toMatchObject({ status: 'complete' });
    expect(await importFeed(t.database.db, { name: 'ubuntu.json', bytes: Buffer.from(JSON.stringify(ubuntu)) })).toMatchObject({ status: 'complete' });
    const debianRating = { distro: 'debian', cve: 'CVE-2021-23337', severity: 'low', score: null, vector: null };
    const ubuntuRating = { distro: 'ubuntu', cve: 'CVE-2021-23337', severity: 'medium', score: 7.2, vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H' };
    expect((await get('CVE-2021-23337')).json<{ distro_cvss: unknown }>().distro_cvss).toEqual([debianRating, ubuntuRating]);
    expect((await get('CVE-2021-23337', alice.headers, '?distro=DEBIAN')).json<{ distro_cvss: unknown }>().distro_cvss).toEqual([debianRating]);
    expect((await get('CVE-2021-23337', alice.headers, '?distro=alpine')).json<{ distro_cvss: unknown }>().distro_cvss).toEqual([]);
  });

  it("scores as a scan with the same options does: the advisory's score first, v2 when v3 is missing", async () => {
    // GHSA-v845-jxx5-vc9f rates CVE-2023-43804 5.9; NVD's own analysis 8.1. A scan reports 5.9.
    expect(pick((await get('CVE-2023-43804')).json())).toEqual([5.9, 'medium', 5.9, 'medium', '3.1', null]);
    // CVE-2003-0001 has CVSS v2 only: the scan's cvss3_fallback (on unless asked off) shows it.
    expect(pick((await get('CVE-2003-0001')).json())).toEqual([null, null, 5, 'medium', '2.0', 5]);
    expect(pick((await get('CVE-2003-0001', alice.headers, '?cvss3_fallback=false')).json())).toEqual([null, null, null, null, null, 5]);
  });

  it('finds an advisory without a CVE only when the scan includes them (include_bdsa)', async () => {
    // GO-2024-3293 names no CVE: scans report it only with include_bdsa_vulnerabilities.
    expect((await get('GO-2024-3293')).statusCode).toBe(404);
    const included = await get('GO-2024-3293', alice.headers, '?include_bdsa=true');
    expect([included.statusCode, included.json()]).toMatchObject([200, { vuln_id: 'GO-2024-3293', kind: 'vendor', aliases: [] }]);
  });

  it('marks a rejected CVE withdrawn', async () => {
    const response = await get('CVE-2022-0094');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ vuln_id: 'CVE-2022-0094', kind: 'cve', withdrawn: true, epss: null, kev: null, aliases: [] });
  });

  it('answers 404 for an unknown id', async () => {
    const response = await get('CVE-1999-0001');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
    // Ids longer than 64 characters fail validation of the path, which is a 404 too.
    const tooLong = await get('x'.repeat(65));
    expect([tooLong.statusCode, tooLong.json()]).toEqual([404, { detail: 'Not found.' }]);
  });

  it('answers 401 without a session', async () => {
    const response = await get('CVE-2021-23337', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});
