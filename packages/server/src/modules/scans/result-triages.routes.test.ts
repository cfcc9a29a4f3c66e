import { fileURLToPath } from 'node:url';
// The result's vulnerability entries carry their triages whole (the response schema types them
// as Triage, so nothing a client shows is dropped): resolving ones in `triages`, comments and
// re-scorings in `unresolved_triages`.
import { importFeed } from '@binlens/vulndb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

// GHSA-35jh-r3h4-6jhm as the GitHub Advisory Database publishes it in OSV: lodash before
// 4.17.21, reported as its one CVE alias.
const GHSA_LODASH = fileURLToPath(new URL('../../../../vulndb/fixtures/feeds/osv-ghsa-35jh-r3h4-6jhm.json', import.meta.url));

interface Vuln {
  vuln_id: string;
  triages: Record<string, unknown>[];
  unresolved_triages: Record<string, unknown>[];
}

describe.each(DATABASES)('triages on the scan result on %s', (kind) => {
  let t: TestApp;
  let triager: TestSession;
  let scanId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    // SM (security manager) holds add_vulnerabilityinvalidation.
    triager = await newSession(t.app, t.database, ['SM']);
    const group = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: triager.headers, payload: { name: 'Apps' } });
    await importFeed(t.database.db, { path: GHSA_LODASH });
    const body = multipart('file', 'shop.tar', findingsFile({ components: [component({ name: 'lodash', version: '4.17.20', licenses: ['MIT'] })] }));
    const created = await t.app.inject({ method: 'POST', url: `/rest/groups/${group.json<{ id: number }>().id}/upload/`, headers: { ...triager.headers, ...body.headers }, payload: body.payload });
    scanId = created.json<{ id: number }>().id;
    const deadline = Date.now() + 45_000;
    while ((await t.app.inject({ method: 'GET', url: `/rest/scans/${scanId}/`, headers: triager.headers })).json<{ status: string }>().status !== 'R' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  afterAll(() => t.close());

  const vulnOf = async (): Promise<Vuln | undefined> => {
    const result = await t.app.inject({ method: 'GET', url: `/rest/scans/${scanId}/result/`, headers: triager.headers });
    expect(result.statusCode).toBe(200);
    return result.json<{ components: { vulns: Vuln[] }[] }>().components[0]?.vulns[0];
  };
  const triage = async (payload: Record<string, unknown>) => {
    const response = await t.app.inject({ method: 'POST', url: '/rest/triages/', headers: triager.headers, payload: [payload] });
    expect(response.statusCode).toBe(201);
    return response.json<Record<string, unknown>[]>()[0];
  };

  it('lists a resolving triage whole under triages, and a re-scoring under unresolved_triages', async () => {
    const base = { scan_id: scanId, component_name: 'lodash', vuln_id: 'CVE-2021-23337', scope: 'R', result_scope: scanId };
    const resolving = await triage({ ...base, component_version: '4.17.20', rationale: 'NA', description: 'Never called with user input.' });
    expect(resolving).toEqual({
      id: expect.any(Number), url: `/rest/triages/${String(resolving?.id)}/`, scan_id: scanId, component_name: 'lodash', mapped_component_id: null,
      component_version: '4.17.20', version_range: null, vuln_id: 'CVE-2021-23337', description: 'Never called with user input.', rationale: 'NA', scope: 'R',
      triaged_obj: null, group_scope: null, result_scope: scanId, application_name: null, adjusted_severity: null, environmental_vector: null, adjusted_score: null,
      user: triager.userId, created: expect.any(String), modified: expect.any(String),
    });
    expect(await vulnOf()).toMatchObject({ vuln_id: 'CVE-2021-23337', triages: [resolving], unresolved_triages: [] });

    // MAV:L: exploitability 8.22 × 0.55 × 0.77 × 0.27 × 0.85 = 0.80, impact 6.42 × 0.915 = 5.87; roundup(6.67) = 6.7.
    const rescoring = await triage({
      ...base, scope: 'FN', version_range: '>=4.17.0 <4.17.21', rationale: 'MI', environmental_vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H/MAV:L',
    });
    expect(rescoring).toMatchObject({ scope: 'FN', application_name: 'shop.tar', result_scope: null, adjusted_score: 6.7, adjusted_severity: 'medium' });
    expect(await vulnOf()).toMatchObject({ triages: [resolving], unresolved_triages: [rescoring] });
  });
});
