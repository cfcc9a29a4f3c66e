// Issue acceptance: a custom pattern finds its planted value in a stored scan when applied to it,
// and in a new scan. The real engine scans a tar built here, and searches it again in its own
// worker thread when the patterns are applied.
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scans } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { tar } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { uploadReady } from '../../../test/scanned.ts';

const TOKEN = 'ACME-TOKEN-7f3a9c21';
const DEPLOY_ENV = `# deploy settings\nTOKEN=${TOKEN}\nSTAGING_TOKEN=ACME-TOKEN-notahex1\nadmin_password = "Tr0ub4dor&3xyz"\n`;
const BUNDLE = tar([
  { path: 'etc/deploy.env', content: DEPLOY_ENV },
  { path: 'var/log/build.log.gz', content: gzipSync('build 118 ok\ncontact: ops@binlens-demo.org\n') },
]);

interface Leak {
  id: number;
  kind: string;
  value: string;
}
interface Page<T> {
  count: number;
  results: T[];
}
interface Run {
  id: string;
  state: string;
}

describe.each(DATABASES)('custom patterns applied to scans on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let scanId: number;
  let groupId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true });
    admin = await newSession(t.app, t.database, ['AU']);
    ({ scanId, groupId } = await uploadReady(t.app, admin, 'Firmware', 'bundle.tar', BUNDLE));
  }, 120_000);
  afterAll(() => t.close());

  const call = (session: TestSession, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
  const leaks = async (id: number, query = '') => (await call(admin, 'GET', `/rest/scans/${id}/infoleak/?limit=500${query}`)).json<Page<Leak>>();
  const finished = async (id: number, runId: string): Promise<Record<string, unknown>> => {
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
      const run = (await call(admin, 'GET', `/rest/scans/${id}/custom-patterns/apply/${runId}/`)).json<Run>();
      if (run.state === 'completed' || run.state === 'failed') return run as unknown as Record<string, unknown>;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the search did not finish in 90 s');
  };
  const apply = async (id: number) => {
    const response = await call(admin, 'POST', `/rest/scans/${id}/custom-patterns/apply/`);
    expect(response.statusCode).toBe(202);
    return response.json<Run & Record<string, unknown>>();
  };

  it('finds exactly the planted value in the stored scan when applied, and in a new scan', async () => {
    const before = await leaks(scanId);
    expect(before.results.filter((leak) => leak.kind === 'custom')).toEqual([]);
    expect(before.results.map((leak) => leak.kind).sort()).toEqual(['emails', 'passwords']);

    const pattern = (await call(admin, 'POST', '/rest/regular-expressions/', { name: 'ACME tokens', pattern: 'ACME-TOKEN-[0-9a-f]{8}' })).json<{ id: number }>();
    const queued = await apply(scanId);
    expect(queued).toEqual({ id: queued.id, scan: scanId, state: 'queued', patterns: [pattern.id], findings: null, error: null });
    expect(await finished(scanId, queued.id)).toEqual({ id: queued.id, scan: scanId, state: 'completed', patterns: [pattern.id], findings: 1, error: null });

    const after = await leaks(scanId);
    const planted = {
      id: before.count + 1,
      kind: 'custom',
      detector: `custom/${pattern.id}`,
      path: ['etc/deploy.env'],
      offset: null,
      line: 2,
      value: TOKEN,
      masked: 'ACME***********9c21',
      context: DEPLOY_ENV,
      details: null,
      decoy: false,
      revealable: true,
      triages: [],
    };
    expect(after).toEqual({ count: before.count + 1, links: { next: null, previous: null }, results: [...before.results, planted] });
    expect(await leaks(scanId, '&kind=custom')).toEqual({ count: 1, links: { next: null, previous: null }, results: [planted] });
    // The file tree and the scan's settings say so too.
    const file = (await call(admin, 'GET', `/rest/scans/${scanId}/files/detail/?path=${encodeURIComponent(JSON.stringify(['etc/deploy.env']))}`)).json<{ infoleaks: number; infoleak_items: { value: string }[] }>();
    expect([file.infoleaks, file.infoleak_items.map((leak) => leak.value)]).toEqual([2, ['Tr**********yz', 'ACME***********9c21']]);
    const metadata = (await call(admin, 'GET', `/rest/scans/${scanId}/metadata/`)).json<{ analysis_settings: { custom_patterns: string[] }; counts: { infoleaks: number } }>();
    expect([metadata.analysis_settings.custom_patterns, metadata.counts.infoleaks]).toEqual([[String(pattern.id)], before.count + 1]);
    const log = (await call(admin, 'GET', `/rest/scans/${scanId}/scan-log`)).json<{ lines: { level: string; message: string }[] }>().lines.slice(-3);
    expect(log.map((line) => [line.level, line.message.replace(/worker \S+$/, 'worker W')])).toEqual([
      ['info', `Custom pattern search queued by ${admin.email}: 1 enabled pattern`],
      ['info', 'Scanner process: custom pattern search on worker W'],
      ['info', 'Custom pattern search finished: 1 finding of 1 pattern'],
    ]);

    // Applied again, the finding replaces the earlier one.
    await finished(scanId, (await apply(scanId)).id);
    expect(await leaks(scanId)).toEqual(after);

    // A new scan searches for the enabled patterns itself.
    const fresh = await uploadReady(t.app, admin, 'Firmware 2', 'bundle-2.tar', BUNDLE);
    const freshLeaks = await leaks(fresh.scanId, '&kind=custom');
    expect(freshLeaks.results.map((leak) => [leak.kind, leak.value])).toEqual([['custom', TOKEN]]);
    const freshLog = (await call(admin, 'GET', `/rest/scans/${fresh.scanId}/scan-log`)).json<{ lines: { message: string }[] }>().lines.map((line) => line.message);
    expect(freshLog).toContain(`Custom patterns searched for: ${pattern.id}`);

    // Turned off, applying it again removes its findings from the stored scan.
    await call(admin, 'PATCH', `/rest/regular-expressions/${pattern.id}/`, { enabled: false });
    const off = await apply(scanId);
    expect(await finished(scanId, off.id)).toEqual({ id: off.id, scan: scanId, state: 'completed', patterns: [], findings: 0, error: null });
    expect(await leaks(scanId)).toEqual(before);
    const events = (await call(admin, 'GET', `/rest/scans/${scanId}/events/`)).json<Page<{ action: string; details: { patterns: number[] } }>>().results;
    expect(events.filter((event) => event.action === 'custom_pattern.apply').map((event) => event.details.patterns)).toEqual([[], [pattern.id], [pattern.id]]);
  }, 240_000);

  it('refuses a scan that is not ready or whose file was removed, and callers without the permission or the scan', async () => {
    const member = await newSession(t.app, t.database, ['U']);
    const patternManager = await newSession(t.app, t.database, ['CP']);
    await call(admin, 'POST', '/rest/group-memberships/', { group_id: groupId, user_id: member.userId, role: 'GU' });
    const url = `/rest/scans/${scanId}/custom-patterns/apply/`;
    expect([(await call(member, 'POST', url)).statusCode, (await call(member, 'POST', url)).json()]).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
    expect([(await call(patternManager, 'POST', url)).statusCode, (await call(patternManager, 'POST', url)).json()]).toEqual([404, { detail: 'Not found.' }]);
    const unknownRun = await call(admin, 'GET', `${url}00000000-0000-4000-8000-000000000000/`);
    expect([unknownRun.statusCode, unknownRun.json()]).toEqual([404, { detail: 'Not found.' }]);

    const other = await uploadReady(t.app, admin, 'Busy', 'busy.tar', BUNDLE);
    await t.database.db.update(scans).set({ status: 'B' }).where(eq(scans.id, other.scanId));
    const busy = await call(admin, 'POST', `/rest/scans/${other.scanId}/custom-patterns/apply/`);
    expect([busy.statusCode, busy.json()]).toEqual([409, { detail: 'The scan is not ready.' }]);
    await t.database.db.update(scans).set({ status: 'R' }).where(eq(scans.id, other.scanId));
    expect((await call(admin, 'DELETE', `/rest/scans/${other.scanId}/binary/`)).statusCode).toBe(200);
    const removed = await call(admin, 'POST', `/rest/scans/${other.scanId}/custom-patterns/apply/`);
    expect([removed.statusCode, removed.json()]).toEqual([409, { detail: "The scan's file was removed, so it cannot be scanned again: upload the file again." }]);
  }, 120_000);
});
