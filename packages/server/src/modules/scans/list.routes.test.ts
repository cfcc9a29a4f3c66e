import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { scans, type ScanStatus, type VulnerabilityCounts } from '../../db/schema/index.ts';

interface ListedScan {
  id: number;
  name: string;
  status: string;
  group: number;
  sha1: string;
}
interface ScanList {
  count: number;
  results: ListedScan[];
  links: { next: string | null; previous: string | null };
}

const hash = (algorithm: 'sha1' | 'sha256', text: string) => createHash(algorithm).update(text).digest('hex');
const counts = (critical: number, high: number, medium = 0, low = 0, missing = 0): VulnerabilityCounts => ({ critical, high, medium, low, missing });

describe.each(DATABASES)('scan list, search and statistics on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;
  let admin: TestSession;
  let apps: number;
  let lab: number;
  let hidden: number;
  const ids: Record<string, number> = {};

  async function newGroup(session: TestSession, name: string): Promise<number> {
    return (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: session.headers, payload: { name } })).json<{ id: number }>().id;
  }
  async function seed(name: string, groupId: number, status: ScanStatus, created: string, extra: { size?: number; counts?: VulnerabilityCounts; components?: number } = {}) {
    const [row] = await t.database.db
      .insert(scans)
      .values({
        groupId,
        filename: name,
        size: extra.size ?? name.length,
        sha1: hash('sha1', name),
        sha256: hash('sha256', name),
        blobKey: `seed-${name}`,
        status,
        createdAt: new Date(created),
        finishedAt: status === 'R' || status === 'F' ? new Date(Date.parse(created) + 60_000) : null,
        componentCount: status === 'R' ? (extra.components ?? 1) : null,
        vulnerabilityCounts: status === 'R' ? (extra.counts ?? counts(0, 0)) : null,
      })
      .returning({ id: scans.id });
    if (!row) throw new Error('seed');
    ids[name] = row.id;
  }
  const list = async (query: string, session = alice) => {
    const response = await t.app.inject({ method: 'GET', url: `/rest/scans/${query}`, headers: session.headers });
    return { status: response.statusCode, body: response.json<ScanList>() };
  };
  const names = async (query: string, session = alice) => (await list(query, session)).body.results.map((scan) => scan.name);

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
    admin = await newSession(t.app, t.database, ['AU']);
    apps = await newGroup(alice, 'Apps');
    lab = await newGroup(alice, 'Lab');
    hidden = await newGroup(bob, 'Hidden');
    await seed('fw.bin', apps, 'R', '2026-03-01T10:00:00Z', { size: 300, counts: counts(0, 2, 1), components: 4 });
    await seed('old-fw.bin', apps, 'R', '2026-02-01T10:00:00Z', { size: 100, counts: counts(1, 0), components: 2 });
    await seed('FW.BIN.bak', lab, 'F', '2026-03-02T10:00:00Z', { size: 200 });
    await seed('camera.img', lab, 'B', '2026-03-03T10:00:00Z', { size: 50 });
    await seed('router.img', apps, 'R', '2026-01-15T10:00:00Z', { size: 400, counts: counts(0, 0), components: 0 });
    await seed('secret-fw.bin', hidden, 'R', '2026-03-04T10:00:00Z', { counts: counts(5, 5) });
    const meta = (product: number, key: string, value: string) =>
      t.app.inject({ method: 'POST', url: '/rest/custom-data/', headers: alice.headers, payload: { product, key, value } });
    await meta(ids['fw.bin'] ?? 0, 'release', '2.1');
    await meta(ids['old-fw.bin'] ?? 0, 'RELEASE', '1.9');
    await meta(ids['camera.img'] ?? 0, 'owner', 'Video Team');
  });
  afterAll(() => t.close());

  it('lists only what the caller sees, newest first, with one page at a time and links to the next', async () => {
    expect(await names('')).toEqual(['camera.img', 'FW.BIN.bak', 'fw.bin', 'old-fw.bin', 'router.img']);
    expect(await names('', bob)).toEqual(['secret-fw.bin']);
    expect((await list('', admin)).body.count).toBe(6);
    const first = await list('?limit=2&ordering=name');
    expect([first.body.count, first.body.results.map((scan) => scan.name), first.body.links]).toEqual([
      5,
      ['FW.BIN.bak', 'camera.img'],
      { next: '/rest/scans/?ordering=name&limit=2&offset=2', previous: null },
    ]);
    const second = await list('?ordering=name&limit=2&offset=2');
    expect([second.body.results.map((scan) => scan.name), second.body.links]).toEqual([
      ['fw.bin', 'old-fw.bin'],
      { next: '/rest/scans/?ordering=name&limit=2&offset=4', previous: '/rest/scans/?ordering=name&limit=2&offset=0' },
    ]);
    const [listed] = (await list('?q=router.img')).body.results;
    expect(listed && {
      id: listed.id, name: listed.name, group: listed.group, sha1: listed.sha1, status: listed.status,
      size: (listed as unknown as { size: number }).size, created: (listed as unknown as { created: string }).created,
    }).toEqual({ id: ids['router.img'], name: 'router.img', group: apps, sha1: hash('sha1', 'router.img'), status: 'R', size: 400, created: '2026-01-15T10:00:00.000Z' });
  });

  it('filters by group, status, verdict and created date range', async () => {
    expect(await names(`?group=${lab}`)).toEqual(['camera.img', 'FW.BIN.bak']);
    expect(await names('?status=R')).toEqual(['fw.bin', 'old-fw.bin', 'router.img']);
    expect(await names(`?status=R&group=${apps}&created__gte=2026-02-01T10:00:00Z`)).toEqual(['fw.bin', 'old-fw.bin']);
    expect(await names('?created__gte=2026-02-01T00:00:00Z&created__lte=2026-03-01T23:59:59Z')).toEqual(['fw.bin', 'old-fw.bin']);
    expect(await names(`?group=${hidden}`)).toEqual([]);
    expect(await names('?verdict=vulns')).toEqual(['fw.bin', 'old-fw.bin']);
    expect(await names('?verdict=na')).toEqual(['router.img']);
    expect(await names('?verdict=pass')).toEqual([]);
  });

  it('finds scans by exact hash, exact name, custom data, or name text with an equal name first', async () => {
    expect(await names(`?q=${hash('sha1', 'old-fw.bin')}`)).toEqual(['old-fw.bin']);
    expect(await names(`?q=${hash('sha256', 'fw.bin').toUpperCase()}`)).toEqual(['fw.bin']);
    expect(await names(`?q=${hash('sha256', 'secret-fw.bin')}`)).toEqual([]);
    expect(await names('?q=name:fw.bin')).toEqual(['fw.bin']);
    expect(await names('?q=name:fw')).toEqual([]);
    expect(await names('?q=fw.bin')).toEqual(['fw.bin', 'FW.BIN.bak', 'old-fw.bin']);
    expect(await names('?q=fw.bin&ordering=name')).toEqual(['fw.bin', 'FW.BIN.bak', 'old-fw.bin']);
    expect(await names('?q=50%25')).toEqual([]);
    expect(await names('?q=meta:release')).toEqual(['fw.bin', 'old-fw.bin']);
    expect(await names('?q=meta:RELEASE=2.1')).toEqual(['fw.bin']);
    expect(await names(`?q=${encodeURIComponent('meta:owner= video team ')}`)).toEqual(['camera.img']);
    expect(await names('?q=meta:RELEASE=3')).toEqual([]);
    expect(await names('?q=meta:release&status=R&ordering=name')).toEqual(['fw.bin', 'old-fw.bin']);
  });

  it('orders by every column and by the spec §9 sort key, missing values last', async () => {
    const order = async (ordering: string) => names(`?ordering=${ordering}`);
    expect(await order('name')).toEqual(['FW.BIN.bak', 'camera.img', 'fw.bin', 'old-fw.bin', 'router.img']);
    expect(await order('-size')).toEqual(['router.img', 'fw.bin', 'FW.BIN.bak', 'old-fw.bin', 'camera.img']);
    expect(await order('created')).toEqual(['router.img', 'old-fw.bin', 'fw.bin', 'FW.BIN.bak', 'camera.img']);
    expect(await order('status')).toEqual(['camera.img', 'FW.BIN.bak', 'fw.bin', 'old-fw.bin', 'router.img']);
    expect(await order('group_name')).toEqual(['fw.bin', 'old-fw.bin', 'router.img', 'FW.BIN.bak', 'camera.img']);
    expect(await order('-finished')).toEqual(['FW.BIN.bak', 'fw.bin', 'old-fw.bin', 'router.img', 'camera.img']);
    expect(await order('component_count')).toEqual(['router.img', 'old-fw.bin', 'fw.bin', 'FW.BIN.bak', 'camera.img']);
    // 0001 0000 … beats 0000 0002 0001 …: a critical outranks any number of highs.
    // Scans with no vulnerabilities or not evaluated tie at all zeros; the id breaks the tie.
    expect(await order('-sort_key')).toEqual(['old-fw.bin', 'fw.bin', 'router.img', 'camera.img', 'FW.BIN.bak']);
    expect(await order('sort_key')).toEqual(['FW.BIN.bak', 'camera.img', 'router.img', 'fw.bin', 'old-fw.bin']);
  });

  it('answers 400 at the field for an unknown ordering, status or date', async () => {
    for (const [query, field] of [['?ordering=colour', 'ordering'], ['?status=X', 'status'], ['?verdict=maybe', 'verdict'], ['?created__gte=yesterday', 'created__gte'], ['?limit=501', 'limit']] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/rest/scans/${query}`, headers: alice.headers });
      expect([query, response.statusCode, Object.keys(response.json<object>())]).toEqual([query, 400, [field]]);
    }
  });

  it('counts by status and highest severity, with vulnerability totals, over what the caller sees and the same filters', async () => {
    const statistics = async (query: string, session = alice) => {
      const response = await t.app.inject({ method: 'GET', url: `/rest/scans/statistics/${query}`, headers: session.headers });
      return [response.statusCode, response.json()];
    };
    expect(await statistics('')).toEqual([200, {
      count: 5,
      by_status: { R: 3, B: 1, S: 0, P: 0, D: 0, F: 1 },
      by_verdict: { na: 1, verify: 0, pass: 0, vulns: 2 },
      by_highest_severity: { critical: 1, high: 1, medium: 0, low: 0, missing: 0, none: 1, unknown: 2 },
      vulnerabilities: { critical: 1, high: 2, medium: 1, low: 0, missing: 0 },
    }]);
    expect(await statistics(`?group=${apps}&q=fw`)).toEqual([200, {
      count: 2,
      by_status: { R: 2, B: 0, S: 0, P: 0, D: 0, F: 0 },
      by_verdict: { na: 0, verify: 0, pass: 0, vulns: 2 },
      by_highest_severity: { critical: 1, high: 1, medium: 0, low: 0, missing: 0, none: 0, unknown: 0 },
      vulnerabilities: { critical: 1, high: 2, medium: 1, low: 0, missing: 0 },
    }]);
    expect(await statistics('?q=meta:RELEASE=1.9')).toEqual([200, {
      count: 1,
      by_status: { R: 1, B: 0, S: 0, P: 0, D: 0, F: 0 },
      by_verdict: { na: 0, verify: 0, pass: 0, vulns: 1 },
      by_highest_severity: { critical: 1, high: 0, medium: 0, low: 0, missing: 0, none: 0, unknown: 0 },
      vulnerabilities: { critical: 1, high: 0, medium: 0, low: 0, missing: 0 },
    }]);
    expect((await statistics('', bob))[1]).toMatchObject({ count: 1, vulnerabilities: { critical: 5, high: 5 } });
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/rest/scans/statistics/' });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('answers the existing scan for the same bytes in the same group when the company reuses scans', async () => {
    const upload = async (group: number, name: string, content: string) => {
      const body = multipart('file', name, Buffer.from(content));
      const response = await t.app.inject({ method: 'POST', url: `/rest/groups/${group}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
      return { status: response.statusCode, id: response.json<{ id: number }>().id, reused: response.json<{ reused?: boolean }>().reused };
    };
    const first = await upload(apps, 'same.bin', 'identical bytes');
    const again = await upload(apps, 'same.bin', 'identical bytes');
    expect([first.status, first.reused, again.status, again.id === first.id]).toEqual([201, undefined, 201, false]);

    const setting = await t.app.inject({ method: 'PATCH', url: '/rest/settings/company/scan/', headers: admin.headers, payload: { reuse_existing_scan: true } });
    expect(setting.statusCode).toBe(200);
    const reused = await upload(apps, 'renamed.bin', 'identical bytes');
    expect([reused.status, reused.id, reused.reused]).toEqual([200, again.id, true]);
    const otherGroup = await upload(lab, 'same.bin', 'identical bytes');
    const otherBytes = await upload(apps, 'same.bin', 'other bytes');
    expect([otherGroup.status, otherGroup.reused, otherBytes.status, otherBytes.reused]).toEqual([201, undefined, 201, undefined]);
    await t.database.db.update(scans).set({ status: 'F' }).where(eqId(again.id));
    await t.database.db.update(scans).set({ status: 'F' }).where(eqId(first.id));
    const afterFailure = await upload(apps, 'same.bin', 'identical bytes');
    expect([afterFailure.status, afterFailure.reused]).toEqual([201, undefined]);
    await t.app.inject({ method: 'PATCH', url: '/rest/settings/company/scan/', headers: admin.headers, payload: { reuse_existing_scan: false } });
  });
});

function eqId(id: number) {
  return sql`${scans.id} = ${id}`;
}
