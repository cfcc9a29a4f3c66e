import { importFeed } from '@binlens/vulndb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { countsListedAndShown } from '../../../test/scan-counts.ts';
import { requestReevaluation } from '../../jobs/reevaluate.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

// GHSA-35jh-r3h4-6jhm as the GitHub Advisory Database publishes it in OSV (trimmed).
const GHSA_LODASH = {
  schema_version: '1.3.0',
  id: 'GHSA-35jh-r3h4-6jhm',
  modified: '2022-02-08T21:35:09Z',
  published: '2021-05-06T16:05:51Z',
  aliases: ['CVE-2021-23337'],
  summary: 'Command Injection in lodash',
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H' }],
  affected: [{ package: { ecosystem: 'npm', name: 'lodash' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '4.17.21' }] }] }],
  database_specific: { cwe_ids: ['CWE-77', 'CWE-94'], severity: 'HIGH' },
};

interface ResultBody {
  components: { lib: string; version: string; vulns: { vuln_id: string; exact: boolean; matched_by: { source: string; record: string }[] }[]; upgrade?: unknown }[];
}

describe.each(DATABASES)('scan result vulnerabilities on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let groupId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    alice = await newSession(t.app, t.database);
    const group = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Apps' } });
    groupId = group.json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  it('shows a vulnerability imported after the scan, without rescanning', async () => {
    const archive = findingsFile({ components: [component({ name: 'lodash', version: '4.17.20', licenses: ['MIT'] })] });
    const body = multipart('file', 'app.tar', archive);
    const created = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    const id = created.json<{ id: number }>().id;
    const deadline = Date.now() + 45_000;
    while (['B', 'S', 'P', 'D'].includes((await t.app.inject({ method: 'GET', url: `/rest/scans/${id}/`, headers: alice.headers })).json<{ status: string }>().status) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const result = async (): Promise<ResultBody> => (await t.app.inject({ method: 'GET', url: `/rest/scans/${id}/result/`, headers: alice.headers })).json<ResultBody>();

    const before = await result();
    expect(before.components.map((c) => [c.lib, c.version, c.vulns])).toEqual([['lodash', '4.17.20', []]]);
    const counts = async () => (await t.app.inject({ method: 'GET', url: `/rest/scans/${id}/`, headers: alice.headers })).json<{ vulnerability_counts: unknown }>().vulnerability_counts;
    // Evaluated as the scan finished, against the empty knowledge base.
    expect(await counts()).toEqual({ critical: 0, high: 0, medium: 0, low: 0, missing: 0 });

    const report = await importFeed(t.database.db, { name: 'GHSA-35jh-r3h4-6jhm.json', bytes: Buffer.from(JSON.stringify(GHSA_LODASH)) });
    expect(report).toMatchObject({ status: 'complete', imported: 1 });

    const after = await result();
    expect(after.components[0]?.vulns).toEqual([{
      vuln_id: 'CVE-2021-23337',
      exact: true,
      triages: [],
      unresolved_triages: [],
      matched_by: [{ source: 'osv-purl', record: 'GHSA-35jh-r3h4-6jhm', exact: true, criteria: 'npm/lodash', range: 'introduced 0, fixed 4.17.21', fixed: '4.17.21' }],
    }]);

    // Upgrade guidance reaches the API (the response schema once dropped it).
    expect(after.components[0]?.upgrade).toEqual({ nearest_fix: '4.17.21', latest_known: '4.17.21' });

    // The stored counts follow once the re-evaluation job has run (queued as a sync would).
    await requestReevaluation(t.composition.queue);
    const until = Date.now() + 30_000;
    while (JSON.stringify(await counts()).includes('"high":0') && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await counts()).toEqual({ critical: 0, high: 1, medium: 0, low: 0, missing: 0 });
  });

  it('counts in the scan list what its result page shows: the same vulnerabilities, by the same severities', async () => {
    // An advisory without a CVE: a scan (include_bdsa_vulnerabilities false) neither shows nor counts it.
    const withoutCve = { ...GHSA_LODASH, id: 'GHSA-9x4f-7q2v-lodash', aliases: [], severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }] };
    await importFeed(t.database.db, { name: 'no-cve.json', bytes: Buffer.from(JSON.stringify(withoutCve)) });
    await importFeed(t.database.db, { name: 'GHSA-35jh-r3h4-6jhm.json', bytes: Buffer.from(JSON.stringify(GHSA_LODASH)) });
    const archive = findingsFile({ components: [component({ name: 'lodash', version: '4.17.19', licenses: ['MIT'] })] });
    const body = multipart('file', 'srv.tar', archive);
    const created = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    const id = created.json<{ id: number }>().id;
    const get = async <T>(url: string): Promise<T> => (await t.app.inject({ method: 'GET', url, headers: alice.headers })).json<T>();
    const deadline = Date.now() + 45_000;
    while ((await get<{ status: string; vulnerability_counts: unknown }>(`/rest/scans/${id}/`)).vulnerability_counts === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const listed = (await get<{ results: { id: number; vulnerability_counts: Record<string, number> }[] }>(`/rest/scans/?group=${groupId}`)).results.find((scan) => scan.id === id);
    const result = await get<ResultBody>(`/rest/scans/${id}/result/`);
    const shown = [...new Set(result.components.flatMap((c) => c.vulns.map((v) => v.vuln_id)))];
    expect(shown).toEqual(['CVE-2021-23337']);
    const bySeverity: Record<string, number> = { critical: 0, high: 0, medium: 0, low: 0, missing: 0 };
    for (const vuln of shown) {
      const severity = (await get<{ severity: string | null }>(`/rest/vulnerabilities/${vuln}/`)).severity?.toLowerCase() ?? 'missing';
      bySeverity[severity] = (bySeverity[severity] ?? 0) + 1;
    }
    expect(listed?.vulnerability_counts).toEqual(bySeverity);
    expect(bySeverity).toEqual({ critical: 0, high: 1, medium: 0, low: 0, missing: 0 });
  });

  it('lists every ready scan with the vulnerability counts its result page shows', async () => {
    const rows = await countsListedAndShown(t.app, t.database);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => [row.id, row.listed])).toEqual(rows.map((row) => [row.id, row.shown]));
  });
});

