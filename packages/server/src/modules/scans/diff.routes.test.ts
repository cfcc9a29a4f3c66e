import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileEntry } from '@binlens/engine/model';
import { importFeed } from '@binlens/vulndb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import type { Engine } from '../../engine/engine.ts';
import type { ScanDiff } from './diff.schemas.ts';

const FEEDS = fileURLToPath(new URL('../../../../vulndb/fixtures/feeds/', import.meta.url));

// EPSS and KEV entries of CVE-2021-23337 for this test (the fixture feeds hold other CVEs).
const EPSS = '#model_version:v2026.06.15,score_date:2026-09-29T12:00:22Z\ncve,epss,percentile\nCVE-2021-23337,0.5,0.99\n';
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

/** An ELF executable at `file` missing `missing`, as the engine records it. */
function executable(file: string, missing: string[]): FileEntry {
  return {
    path: [file], size: 1000, sha1: '0'.repeat(40), sha256: '0'.repeat(64), format: 'executable/elf',
    executable: { format: 'elf', machine: 'x86-64', bits: 64, endianness: 'little', type: 'executable', missing },
  };
}

const urllib3 = (version: string) => component({ name: 'urllib3', version, codetype: 'PY', purl: `pkg:pypi/urllib3@${version}`, licenses: ['MIT'] });

const RELEASE_1 = findingsFile({
  components: [component({ name: 'lodash', version: '4.17.20', licenses: ['MIT'] }), component({ name: 'left-pad', version: '1.3.0', licenses: ['WTFPL'] }), urllib3('1.26.18')],
  files: [executable('usr/bin/agent', []), executable('usr/bin/legacy', ['no-pie', 'no-canary']), executable('usr/bin/retired', [])],
});
const RELEASE_2 = findingsFile({
  components: [component({ name: 'lodash', version: '4.17.21', licenses: ['MIT'] }), urllib3('2.0.5'), component({ name: 'zod', version: '3.23.8', licenses: ['MIT'] })],
  files: [executable('usr/bin/agent', ['no-pie']), executable('usr/bin/legacy', ['no-canary']), executable('usr/bin/new', ['no-pie'])],
});

/** The fake engine, except that a file named slow-* runs until its scan is aborted. */
function engineWithSlowScans(): Engine {
  const fast = fakeEngine();
  return {
    ...fast,
    async scan(file, options, onProgress) {
      if (options.name?.startsWith('slow-')) {
        await new Promise((_resolve, reject) => options.signal?.addEventListener('abort', () => reject(options.signal?.reason), { once: true }));
      }
      return fast.scan(file, options, onProgress);
    },
  };
}

interface ScanAnswer {
  id: number;
  name: string;
  group: number;
  group_name: string;
  sha1: string;
  created: string;
  finished: string | null;
  component_count: number | null;
  status: string;
}

describe.each(DATABASES)('scan diff on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;
  let groupId: number;
  let base: number;
  let target: number;

  const get = async <T>(url: string, session?: TestSession) => {
    const response = await t.app.inject({ method: 'GET', url, ...(session ? { headers: session.headers } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const upload = async (session: TestSession, group: number, name: string, bytes: Buffer) => {
    const body = multipart('file', name, bytes);
    const created = await t.app.inject({ method: 'POST', url: `/rest/groups/${group}/upload/`, headers: { ...session.headers, ...body.headers }, payload: body.payload });
    return created.json<{ id: number }>().id;
  };
  const ready = async (session: TestSession, id: number): Promise<ScanAnswer> => {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const scan = (await get<ScanAnswer>(`/rest/scans/${id}/`, session)).body;
      if (scan.status === 'R') return scan;
    }
    throw new Error(`scan ${id} is not ready`);
  };
  const newGroup = async (session: TestSession, name: string) =>
    (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: session.headers, payload: { name } })).json<{ id: number }>().id;
  /** As alice, or as `session`; null: without a session. */
  const diffOf = (query: string, session: TestSession | null = alice) => get<ScanDiff>(`/rest/scans/diff/?${query}`, session ?? undefined);

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: engineWithSlowScans() });
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
    groupId = await newGroup(alice, 'Router firmware');
    for (const feed of ['osv-ghsa-35jh-r3h4-6jhm.json', 'osv-ghsa-v845-jxx5-vc9f.json']) {
      expect(await importFeed(t.database.db, { path: path.join(FEEDS, feed) })).toMatchObject({ status: 'complete' });
    }
    expect(await importFeed(t.database.db, { name: 'epss.csv', bytes: Buffer.from(EPSS) })).toMatchObject({ status: 'complete' });
    expect(await importFeed(t.database.db, { name: 'kev.json', bytes: Buffer.from(JSON.stringify(KEV)) })).toMatchObject({ status: 'complete' });
    base = await upload(alice, groupId, 'router-1.0.tar', RELEASE_1);
    target = await upload(alice, groupId, 'router-1.1.tar', RELEASE_2);
  });
  afterAll(() => t.close());

  it('answers what changed from the base to the target: components, vulnerabilities, licences and hardening', async () => {
    const [before, after] = [await ready(alice, base), await ready(alice, target)];
    const { status, body } = await diffOf(`base=${base}&target=${target}`);
    expect(status).toBe(200);
    const header = ({ id, name, group, group_name, sha1, created, finished, component_count }: ScanAnswer) => ({ id, name, group, group_name, sha1, created, finished, component_count });
    expect(body.base).toEqual(header(before));
    expect(body.target).toEqual(header(after));
    expect([body.base.name, body.target.name, body.base.group_name, body.base.component_count]).toEqual(['router-1.0.tar', 'router-1.1.tar', 'Router firmware', 3]);
    expect(body.summary).toEqual({
      components: { added: 1, removed: 1, changed: 2, unchanged: 0 },
      vulnerabilities: { new: { critical: 0, high: 0, medium: 1, low: 0, missing: 0 }, fixed: { critical: 0, high: 1, medium: 0, low: 0, missing: 0 } },
      licenses: { added: 0, removed: 1 },
      executables: { compared: 2, added: 1, removed: 1, regressed: 1, improved: 1 },
    });
    expect(body.components).toEqual({
      added: [{ codetype: 'JS', vendor: '', name: 'zod', version: '3.23.8', purl: 'pkg:npm/zod@3.23.8', licenses: ['MIT'], vulnerabilities: 0 }],
      removed: [{ codetype: 'JS', vendor: '', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0', licenses: ['WTFPL'], vulnerabilities: 0 }],
      changed: [
        { codetype: 'JS', vendor: '', name: 'lodash', base_version: '4.17.20', target_version: '4.17.21', purl: 'pkg:npm/lodash@4.17.21', base_vulnerabilities: 1, target_vulnerabilities: 0 },
        { codetype: 'PY', vendor: '', name: 'urllib3', base_version: '1.26.18', target_version: '2.0.5', purl: 'pkg:pypi/urllib3@2.0.5', base_vulnerabilities: 0, target_vulnerabilities: 1 },
      ],
    });
    expect(body.vulnerabilities).toEqual({
      new: [{ vuln_id: 'CVE-2023-43804', severity: 'medium', score: 5.9, epss: null, kev: null, components: [{ name: 'urllib3', version: '2.0.5' }] }],
      fixed: [{
        vuln_id: 'CVE-2021-23337', severity: 'high', score: 7.2, epss: { score: 0.5, percentile: 0.99, date: '2026-09-29T12:00:22Z' },
        kev: { date_added: '2024-01-02', due_date: '2024-01-23', ransomware: 'Unknown' }, components: [{ name: 'lodash', version: '4.17.20' }],
      }],
    });
    expect(body.licenses).toEqual({ added: [], removed: [{ name: 'WTFPL', components: ['left-pad'] }] });
    expect(body.hardening).toEqual([
      { path: ['usr/bin/agent'], regressions: ['no-pie'], improvements: [] },
      { path: ['usr/bin/legacy'], regressions: [], improvements: ['no-pie'] },
    ]);
    expect(body.knowledge_base.state).toBe('ready');
  });

  it("agrees with each scan's own result: the fixed vulnerabilities are the base's, the new ones the target's", async () => {
    const vulnsOf = async (id: number) =>
      (await get<{ components: { vulns: { vuln_id: string }[] }[] }>(`/rest/scans/${id}/result/`, alice)).body.components.flatMap((c) => c.vulns.map((v) => v.vuln_id));
    const { body } = await diffOf(`base=${base}&target=${target}`);
    expect([await vulnsOf(base), await vulnsOf(target)]).toEqual([body.vulnerabilities.fixed.map((v) => v.vuln_id), body.vulnerabilities.new.map((v) => v.vuln_id)]);
  });

  it('answers the reverse diff the other way round', async () => {
    const { body } = await diffOf(`base=${target}&target=${base}`);
    expect([body.base.id, body.target.id]).toEqual([target, base]);
    expect(body.vulnerabilities.new.map((v) => v.vuln_id)).toEqual(['CVE-2021-23337']);
    expect(body.vulnerabilities.fixed.map((v) => v.vuln_id)).toEqual(['CVE-2023-43804']);
    expect(body.summary.executables).toEqual({ compared: 2, added: 1, removed: 1, regressed: 1, improved: 1 });
  });

  it('answers 400 with a reason for one scan twice, and field errors for missing or malformed ids', async () => {
    expect(await diffOf(`base=${base}&target=${base}`)).toEqual({ status: 400, body: { detail: 'Choose two different scans to compare.' } });
    expect(await diffOf(`base=${base}`)).toEqual({ status: 400, body: { target: ['This field is required.'] } });
    expect(await diffOf('')).toEqual({ status: 400, body: { base: ['This field is required.'], target: ['This field is required.'] } });
    expect(await diffOf(`base=abc&target=${target}`)).toEqual({ status: 400, body: { base: ['A valid integer is required.'] } });
    expect(await diffOf(`base=${base}&target=1.5`)).toEqual({ status: 400, body: { target: ['A valid integer is required.'] } });
    expect(await diffOf(`base=0&target=${target}`)).toEqual({ status: 400, body: { base: ['Ensure this value is greater than or equal to 1.'] } });
  });

  it('answers 400 naming a scan that is still being scanned, and one that failed', async () => {
    const slow = await upload(alice, groupId, 'slow-router-1.2.tar', RELEASE_2);
    expect(await diffOf(`base=${base}&target=${slow}`)).toEqual({
      status: 400, body: { detail: `slow-router-1.2.tar (scan ${slow}) has no result to compare: it is still being scanned.` },
    });
    const aborted = await t.app.inject({ method: 'POST', url: `/rest/scans/${slow}/abort/`, headers: alice.headers });
    expect(aborted.json<{ status: string }>().status).toBe('F');
    expect(await diffOf(`base=${slow}&target=${target}`)).toEqual({
      status: 400, body: { detail: `slow-router-1.2.tar (scan ${slow}) has no result to compare: it failed.` },
    });
  });

  it('answers 404 when either scan is in a group the user cannot see or does not exist, and 401 without a session', async () => {
    const bobsGroup = await newGroup(bob, 'Bob');
    const bobs = await upload(bob, bobsGroup, 'other.tar', RELEASE_1);
    await ready(bob, bobs);
    const notFound = { status: 404, body: { detail: 'Not found.' } };
    expect(await diffOf(`base=${base}&target=${bobs}`, bob)).toEqual(notFound);
    expect(await diffOf(`base=${bobs}&target=${target}`, bob)).toEqual(notFound);
    expect(await diffOf(`base=${base}&target=${bobs}`)).toEqual(notFound);
    expect(await diffOf(`base=${bobs}&target=${target}`)).toEqual(notFound);
    expect(await diffOf(`base=${base}&target=2147483647`)).toEqual(notFound);
    expect(await diffOf(`base=${base}&target=${target}`, null)).toEqual({ status: 401, body: { detail: 'Authentication credentials were not provided.' } });
  });
});
