import { createHash } from 'node:crypto';
import { importFeed } from '@binlens/vulndb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import type { Engine } from '../../engine/engine.ts';

// One advisory of lodash 4.17.20 in OSV's format, rated high.
const ADVISORY = {
  schema_version: '1.3.0',
  id: 'GHSA-35jh-r3h4-6jhm',
  modified: '2022-02-08T21:35:09Z',
  published: '2021-05-06T16:05:51Z',
  aliases: ['CVE-2021-23337'],
  summary: 'Command Injection in lodash',
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H' }],
  affected: [{ package: { ecosystem: 'npm', name: 'lodash' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '4.17.21' }] }] }],
};

const FIRMWARE = findingsFile({
  components: [component({ name: 'lodash', version: '4.17.20', licenses: ['MIT'] }), component({ name: 'left-pad', version: '1.3.0', licenses: ['WTFPL'] })],
});

const hex = (algorithm: string, bytes: Buffer) => createHash(algorithm).update(bytes).digest('hex');

/** The fake engine, except that a file named slow-* runs until its scan is aborted. */
function slowWhenAsked(): Engine {
  const fast = fakeEngine();
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

interface ScanBody {
  id: number;
  status: string;
  created: string;
  finished: string | null;
  vulnerability_counts: unknown;
}

describe.each(DATABASES)('sales view routes on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let groupId: number;
  let scanId: number;

  const get = async <T>(url: string, session: TestSession | null = alice) => {
    const response = await t.app.inject({ method: 'GET', url, headers: session?.headers ?? {} });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const upload = async (name: string, bytes: Buffer) => {
    const body = multipart('file', name, bytes);
    const created = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    return created.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: slowWhenAsked() });
    alice = await newSession(t.app, t.database);
    expect(await importFeed(t.database.db, { name: `${ADVISORY.id}.json`, bytes: Buffer.from(JSON.stringify(ADVISORY)) })).toMatchObject({ status: 'complete' });
    const group = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Customer firmware' } });
    groupId = group.json<{ id: number }>().id;
    scanId = await upload('router-fw-2.1.bin', FIRMWARE);
    const deadline = Date.now() + 30_000;
    while ((await get<ScanBody>(`/rest/scans/${scanId}/`)).body.vulnerability_counts === null) {
      if (Date.now() > deadline) throw new Error(`scan ${scanId} not evaluated`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(() => t.close());

  it('answers the file, its verdict and counts, and nothing of its group or people', async () => {
    const scan = (await get<ScanBody>(`/rest/scans/${scanId}/`)).body;
    const { status, body } = await get(`/rest/sales/scans/${scanId}/`);
    expect(status).toBe(200);
    expect(body).toEqual({
      id: scanId,
      name: 'router-fw-2.1.bin',
      status: 'R',
      size: FIRMWARE.length,
      sha1: hex('sha1', FIRMWARE),
      sha256: hex('sha256', FIRMWARE),
      created: scan.created,
      finished: scan.finished,
      component_count: 2,
      vulnerability_counts: { critical: 0, high: 1, medium: 0, low: 0, missing: 0 },
      verdict: 'vulns',
      verdict_reason: null,
    });
    expect(scan.finished).not.toBeNull();
  });

  it('answers the same summary as the scan page', async () => {
    const own = await get<Record<string, unknown>>(`/rest/scans/${scanId}/scan_summary/`);
    const sales = await get<Record<string, unknown>>(`/rest/sales/scans/${scanId}/scan_summary/`);
    expect(sales).toEqual({ status: 200, body: own.body });
    expect(sales.body).toMatchObject({ verdict: 'vulns', components: 2, vulnerabilities: { critical: 0, high: 1, medium: 0, low: 0, missing: 0 } });
  });

  it('answers a busy scan without progress, and a failed one without its error; its summary 409 in both', async () => {
    const id = await upload('slow-bootloader.bin', Buffer.from('bootloader'));
    const busy = await get<Record<string, unknown>>(`/rest/sales/scans/${id}/`);
    expect(busy.status).toBe(200);
    expect(['B', 'S', 'P', 'D']).toContain(busy.body.status);
    expect(busy.body).toMatchObject({ finished: null, component_count: null, vulnerability_counts: null, verdict: null, verdict_reason: null });
    expect(await get(`/rest/sales/scans/${id}/scan_summary/`)).toEqual({ status: 409, body: { detail: 'The scan is not ready.' } });

    const aborted = await t.app.inject({ method: 'POST', url: `/rest/scans/${id}/abort/`, headers: alice.headers });
    expect(aborted.json<{ status: string; error: string | null }>()).toMatchObject({ status: 'F', error: expect.any(String) });
    const failed = await get<Record<string, unknown>>(`/rest/sales/scans/${id}/`);
    expect(failed.body.status).toBe('F');
    expect(Object.keys(failed.body).sort()).toEqual(
      ['component_count', 'created', 'finished', 'id', 'name', 'sha1', 'sha256', 'size', 'status', 'verdict', 'verdict_reason', 'vulnerability_counts'],
    );
    expect(await get(`/rest/sales/scans/${id}/scan_summary/`)).toEqual({ status: 409, body: { detail: 'The scan is not ready.' } });
  });

  it("answers 404 for another user's scan and one that does not exist, 401 without a session", async () => {
    const bob = await newSession(t.app, t.database);
    for (const path of ['', 'scan_summary/']) {
      expect(await get(`/rest/sales/scans/${scanId}/${path}`, bob)).toEqual({ status: 404, body: { detail: 'Not found.' } });
      expect(await get(`/rest/sales/scans/2147483647/${path}`)).toEqual({ status: 404, body: { detail: 'Not found.' } });
      expect((await get(`/rest/sales/scans/${scanId}/${path}`, null)).status).toBe(401);
      // Spec §5: an id that is no positive integer up to 2147483647 names nothing (lib/schemas.ts Id); the routes take no query or body.
      expect(await get(`/rest/sales/scans/firmware/${path}`)).toEqual({ status: 404, body: { detail: 'Not found.' } });
      expect(await get(`/rest/sales/scans/0/${path}`)).toEqual({ status: 404, body: { detail: 'Not found.' } });
    }
  });
});
