import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { scan } from '@binlens/engine';
import type { Identification } from '@binlens/engine/model';
import { importFeed } from '@binlens/vulndb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { component, fakeEngine } from '../../../test/fake-engine.ts';
import { multipart, tar } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import type { Engine } from '../../engine/engine.ts';

const fixture = (path: string) => readFileSync(new URL(`../../../../engine/fixtures/${path}`, import.meta.url));

const ARCHIVE = tar([
  { path: 'app/demo.apk', content: fixture('mobile/apk-basic/demo.apk') },
  { path: 'app/bin/tool', content: fixture('executables/elf-default/elf-default') },
  {
    path: 'app/etc/service.conf',
    content: 'contact = ops@binlens-demo.org\nexample_key = AKIAIOSFODNN7EXAMPLE\nmirror = https://updates.binlens-demo.org/feed\n',
  },
]);

/** The archive's files name no component: these are added to what the engine found, one per licence case. */
const COMPONENTS = [
  component({ name: 'lodash', version: '4.17.20', licenses: ['MIT'] }),
  component({ name: 'gpl-tool', version: '1.0.0', licenses: ['GPL-2.0-only'] }),
  component({ name: 'dual-licensed', version: '2.1.0', licenses: ['MIT', 'GPL-3.0-only'] }),
  component({ name: 'vendor-sdk', version: '3.0.0', licenses: ['LicenseRef-vendor-eula'] }),
  component({ name: 'unlicensed', version: '0.1.0' }),
];

// Three advisories of lodash 4.17.20 in OSV's format: high (in KEV, EPSS 0.5), medium (EPSS
// 0.05) and one without a score (EPSS 0.2). Scores and catalog entries are made up for the test.
const lodashAdvisory = (id: string, cve: string, severity: { type: string; score: string }[]) => ({
  schema_version: '1.3.0',
  id,
  modified: '2022-02-08T21:35:09Z',
  published: '2021-05-06T16:05:51Z',
  aliases: [cve],
  summary: `Advisory ${id}`,
  severity,
  affected: [{ package: { ecosystem: 'npm', name: 'lodash' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '4.17.21' }] }] }],
});
const ADVISORIES = [
  lodashAdvisory('GHSA-35jh-r3h4-6jhm', 'CVE-2021-23337', [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H' }]),
  lodashAdvisory('GHSA-29mw-wpgm-hmr9', 'CVE-2020-28500', [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L' }]),
  lodashAdvisory('GHSA-0000-test-0001', 'CVE-2099-12345', []),
];
const EPSS = '#model_version:v2026.06.15,score_date:2026-09-29T12:00:22Z\ncve,epss,percentile\nCVE-2021-23337,0.5,0.99\nCVE-2020-28500,0.05,0.9\nCVE-2099-12345,0.2,0.95\n';
const KEV = {
  title: 'CISA Catalog of Known Exploited Vulnerabilities',
  catalogVersion: '2025.08.25',
  dateReleased: '2025-08-25T17:04:19.9796Z',
  count: 1,
  vulnerabilities: [{
    cveID: 'CVE-2021-23337', vendorProject: 'Lodash', product: 'Lodash', vulnerabilityName: 'Lodash Command Injection',
    dateAdded: '2024-01-02', shortDescription: '', requiredAction: 'Apply updates.', dueDate: '2024-01-23', knownRansomwareCampaignUse: 'Unknown', notes: '', cwes: [],
  }],
};

interface Page<T> {
  count: number;
  results: T[];
}
interface Summary {
  verdict: string;
  verdict_reason: string | null;
  components: number;
  vulnerabilities: Record<string, number>;
  kev: number;
  epss_above_10_percent: number;
  licenses: { policy: string; count: number }[];
  infoleaks: { kind: string; count: number }[];
  executables: { count: number; missing: { mitigation: string; count: number }[] };
  mobile_apps: number;
  knowledge_base: { state: string; updated: string | null };
}

/** The fake engine answering the recorded Identification, except that a file named slow-* runs until its scan is aborted. */
function engineOf(identification: () => Identification): Engine {
  const fast = fakeEngine(identification);
  return {
    ...fast,
    async scan(file, options, onProgress) {
      if (options.name?.startsWith('slow-')) {
        await new Promise((_resolve, reject) => {
          options.signal?.addEventListener('abort', () => reject(options.signal?.reason), { once: true });
        });
      }
      return fast.scan(file, options, onProgress);
    },
  };
}

/** Counts of `keys`, most first, then by key. */
function tally(keys: string[]): { key: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

describe.each(DATABASES)('scan summary on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let admin: TestSession;
  let groupId: number;
  let scanId: number;
  let identification: Identification;

  const get = async <T>(url: string, session: TestSession = alice) => {
    const response = await t.app.inject({ method: 'GET', url, headers: session.headers });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const upload = async (name: string, bytes: Buffer) => {
    const body = multipart('file', name, bytes);
    const created = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    return created.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    // Scanned once by the real engine, documentation examples kept (marked as decoys); the
    // app's fake engine answers that Identification with the components above added.
    const dir = await mkdtemp(join(tmpdir(), 'binlens-summary-'));
    try {
      await writeFile(join(dir, 'release.tar'), ARCHIVE);
      const scanned = await scan(join(dir, 'release.tar'), { infoleak: { decoys: false } });
      identification = { ...scanned, components: [...scanned.components, ...COMPONENTS] };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    t = await startTestApp(kind, { workers: true, engine: engineOf(() => identification) });
    alice = await newSession(t.app, t.database);
    admin = await newSession(t.app, t.database, ['AU']);
    for (const advisory of ADVISORIES) {
      expect(await importFeed(t.database.db, { name: `${advisory.id}.json`, bytes: Buffer.from(JSON.stringify(advisory)) })).toMatchObject({ status: 'complete' });
    }
    expect(await importFeed(t.database.db, { name: 'epss.csv.gz', bytes: gzipSync(EPSS) })).toMatchObject({ status: 'complete', imported: 3 });
    expect(await importFeed(t.database.db, { name: 'kev.json', bytes: Buffer.from(JSON.stringify(KEV)) })).toMatchObject({ status: 'complete', imported: 1 });
    const override = await t.app.inject({
      method: 'POST', url: '/rest/settings/company/licenses/', headers: admin.headers, payload: { license_name: 'LicenseRef-vendor-eula', policy: 'RU' },
    });
    expect(override.statusCode).toBe(201);

    const group = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Apps' } });
    groupId = group.json<{ id: number }>().id;
    scanId = await upload('release.tar', ARCHIVE);
    const deadline = Date.now() + 60_000;
    while ((await get<{ status: string; vulnerability_counts: unknown }>(`/rest/scans/${scanId}/`)).body.vulnerability_counts === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(() => t.close());

  it('answers the counts the scan\'s own endpoints answer', async () => {
    const { status, body: summary } = await get<Summary>(`/rest/scans/${scanId}/scan_summary/`);
    expect(status).toBe(200);

    const scanRow = (await get<{ verdict: string; verdict_reason: string | null }>(`/rest/scans/${scanId}/`)).body;
    const result = (await get<{ components: { license: string[]; vulns: { vuln_id: string }[] }[]; knowledge_base: unknown }>(`/rest/scans/${scanId}/result/`)).body;
    // Each vulnerability the result page shows, as GET /rest/vulnerabilities/{id}/ rates it.
    const ids = [...new Set(result.components.flatMap((c) => c.vulns.map((v) => v.vuln_id)))];
    const vulns = await Promise.all(ids.map(async (id) => (await get<{ severity: string | null; kev: unknown; epss: { score: number } | null }>(`/rest/vulnerabilities/${id}/`)).body));
    const bySeverity: Record<string, number> = { critical: 0, high: 0, medium: 0, low: 0, missing: 0 };
    for (const vuln of vulns) {
      const severity = vuln.severity?.toLowerCase() ?? 'missing';
      bySeverity[severity] = (bySeverity[severity] ?? 0) + 1;
    }
    // Licences as the group's licence report classes them (the company's override applied); a
    // component is bound by its most restrictive licence, unknown without one.
    const usage = (await get<{ licenses: { license: string; policy: string | null }[] }>(`/rest/license-usage/?group=${groupId}`, admin)).body;
    const policyOf = (license: string) => usage.licenses.find((l) => l.license === license)?.policy ?? 'unknown';
    const rank = ['PE', 'unknown', 'RU', 'RE'];
    const classes = result.components.map((c) => c.license.map(policyOf).reduce((worst, next) => (rank.indexOf(next) > rank.indexOf(worst) ? next : worst), c.license.length === 0 ? 'unknown' : 'PE'));
    const leaks = (await get<Page<{ kind: string }>>(`/rest/scans/${scanId}/infoleak/?limit=500`)).body;
    const executables = (await get<Page<{ missing: string[] }>>(`/rest/scans/${scanId}/executable-attributes/?limit=500`)).body;
    const missing = tally(executables.results.flatMap((exe) => exe.missing));
    const filtered = await Promise.all(missing.map(async ({ key }) => (await get<Page<unknown>>(`/rest/scans/${scanId}/executable-attributes/?missing=${key}`)).body.count));
    const mobileApps = (await get<Page<unknown>>(`/rest/scans/${scanId}/mobileapps/`)).body;

    expect(summary).toEqual({
      verdict: scanRow.verdict,
      verdict_reason: scanRow.verdict_reason,
      components: result.components.length,
      vulnerabilities: bySeverity,
      kev: vulns.filter((v) => v.kev !== null).length,
      epss_above_10_percent: vulns.filter((v) => (v.epss?.score ?? 0) >= 0.1).length,
      licenses: ['RE', 'RU', 'PE', 'unknown'].map((policy) => ({ policy, count: classes.filter((c) => c === policy).length })),
      infoleaks: tally(leaks.results.map((leak) => leak.kind)).map(({ key, count }) => ({ kind: key, count })),
      executables: { count: executables.count, missing: missing.map(({ key, count }) => ({ mitigation: key, count })) },
      mobile_apps: mobileApps.count,
      knowledge_base: result.knowledge_base,
    });
    expect(filtered).toEqual(summary.executables.missing.map((m) => m.count));

    // And what those endpoints answer for this file, spelled out.
    expect(summary).toMatchObject({
      verdict: 'vulns',
      verdict_reason: null,
      components: 5,
      vulnerabilities: { critical: 0, high: 1, medium: 1, low: 0, missing: 1 },
      kev: 1,
      epss_above_10_percent: 2,
      licenses: [{ policy: 'RE', count: 2 }, { policy: 'RU', count: 1 }, { policy: 'PE', count: 1 }, { policy: 'unknown', count: 1 }],
      infoleaks: [{ kind: 'certificates', count: 1 }, { kind: 'emails', count: 1 }, { kind: 'urls', count: 1 }],
      executables: {
        count: 3,
        missing: [
          { mitigation: 'no-canary', count: 3 },
          { mitigation: 'no-ibt', count: 2 },
          { mitigation: 'no-shstk', count: 2 },
          { mitigation: 'no-bti', count: 1 },
          { mitigation: 'no-fortify', count: 1 },
          { mitigation: 'no-pac', count: 1 },
          { mitigation: 'partial-relro', count: 1 },
        ],
      },
      mobile_apps: 1,
      knowledge_base: { state: 'ready' },
    });
    // Documentation examples (the AWS example key among them) are stored as decoys but not counted.
    const withDecoys = (await get<Page<{ kind: string; decoy: boolean }>>(`/rest/scans/${scanId}/infoleak/?include_decoys=true&limit=500`)).body;
    const decoys = withDecoys.results.filter((leak) => leak.decoy);
    expect(decoys.map((leak) => leak.kind)).toContain('cloud_provider_keys');
    expect(summary.infoleaks.reduce((sum, leak) => sum + leak.count, 0)).toBe(withDecoys.count - decoys.length);
  });

  it('answers 409 while the scan is busy and once it failed', async () => {
    const id = await upload('slow-firmware.bin', Buffer.from('firmware'));
    const busy = await get(`/rest/scans/${id}/scan_summary/`);
    expect(busy).toEqual({ status: 409, body: { detail: 'The scan is not ready.' } });
    const aborted = await t.app.inject({ method: 'POST', url: `/rest/scans/${id}/abort/`, headers: alice.headers });
    expect(aborted.json<{ status: string }>().status).toBe('F');
    expect(await get(`/rest/scans/${id}/scan_summary/`)).toEqual({ status: 409, body: { detail: 'The scan is not ready.' } });
  });

  it('answers 404 for a scan the caller cannot see or that does not exist, 401 without a session', async () => {
    const bob = await newSession(t.app, t.database);
    expect((await get(`/rest/scans/${scanId}/scan_summary/`, bob)).status).toBe(404);
    expect((await get('/rest/scans/999999/scan_summary/')).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/rest/scans/${scanId}/scan_summary/` })).statusCode).toBe(401);
  });
});
