import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { component, fakeEngine, findingsFile } from '../../test/fake-engine.ts';
import { multipart } from '../../test/files.ts';
import { newSession, type TestSession } from '../../test/login.ts';
import { runRetention } from './retention.ts';

const silent = { info: () => undefined, warn: () => undefined };
const NOW = new Date('2030-06-30T12:00:00Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe.each(DATABASES)('data retention on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let groupId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    admin = await newSession(t.app, t.database, ['AU']);
    groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: admin.headers, payload: { name: 'Apps' } })).json<{ id: number }>().id;
  }, 60_000);
  afterAll(() => t.close());

  const rowsOf = async <T,>(query: string): Promise<T[]> => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** A ready scan made `age` days before NOW, with content of its own. */
  const scanAged = async (name: string, age: number, group = groupId): Promise<number> => {
    const body = multipart('file', name, findingsFile({ components: [component({ name, version: '1.0.0' })] }));
    const id = (await t.app.inject({ method: 'POST', url: `/rest/groups/${group}/upload/`, headers: { ...admin.headers, ...body.headers }, payload: body.payload })).json<{ id: number }>().id;
    for (let i = 0; i < 200; i += 1) {
      const [row] = await rowsOf<{ status: string }>(`select status from scans where id = ${id}`);
      if (row?.status === 'R') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await t.database.db.execute(`update scans set created_at = '${daysBefore(age)}' where id = ${id}`);
    return id;
  };

  it('keeps everything while the settings keep forever, then removes expired files and scans with audit events', async () => {
    const fresh = await scanAged('fresh.tar', 1);
    const oldish = await scanAged('oldish.tar', 40);
    const ancient = await scanAged('ancient.tar', 400);
    const control = t.composition.services.scanControl;

    expect(await runRetention({ control, log: silent }, NOW)).toEqual({ binariesRemoved: [], scansRemoved: [] });

    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/rest/settings/company/data-retention/',
      headers: admin.headers,
      payload: { delete_binaries_after_days: 30, delete_results_after_days: 365 },
    });
    expect(patched.statusCode).toBe(200);
    const [oldishKey] = await rowsOf<{ blob_key: string }>(`select blob_key from scans where id = ${oldish}`);

    expect(await runRetention({ control, log: silent }, NOW)).toEqual({ binariesRemoved: [oldish], scansRemoved: [ancient] });
    expect(await rowsOf(`select id, binary_removed_at is not null as removed from scans order by id`)).toEqual([
      { id: fresh, removed: false },
      { id: oldish, removed: true },
    ]);
    expect(await t.composition.blobs.stat(oldishKey?.blob_key ?? '')).toBeNull();
    const rescan = await t.app.inject({ method: 'POST', url: `/rest/scans/${oldish}/rescan/`, headers: admin.headers });
    expect(rescan.statusCode).toBe(409);
    expect(await rowsOf(`select actor_id, action, object from audit_events where action like 'scan.retention%' order by id`)).toEqual([
      { actor_id: null, action: 'scan.retention_delete', object: `scan:${ancient}` },
      { actor_id: null, action: 'scan.retention_binary_delete', object: `scan:${oldish}` },
    ]);

    // A second sweep at the same time finds nothing more.
    expect(await runRetention({ control, log: silent }, NOW)).toEqual({ binariesRemoved: [], scansRemoved: [] });
  });

  it("holds a group that sets its own period to it, while other groups keep the account's", async () => {
    const short = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: admin.headers, payload: { name: 'Short-lived' } })).json<{ id: number }>().id;
    const other = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: admin.headers, payload: { name: 'Kept' } })).json<{ id: number }>().id;
    const shortOld = await scanAged('short-old.tar', 10, short);
    const shortNew = await scanAged('short-new.tar', 2, short);
    const otherOld = await scanAged('other-old.tar', 10, other);
    const control = t.composition.services.scanControl;
    const patched = await t.app.inject({ method: 'PATCH', url: `/rest/groups/${short}/settings/data-retention/`, headers: admin.headers, payload: { delete_binaries_after_days: 5 } });
    expect(patched.statusCode).toBe(200);

    expect(await runRetention({ control, log: silent }, NOW)).toEqual({ binariesRemoved: [shortOld], scansRemoved: [] });
    expect(await rowsOf(`select id, binary_removed_at is not null as removed from scans where id in (${shortOld}, ${shortNew}, ${otherOld}) order by id`)).toEqual([
      { id: shortOld, removed: true },
      { id: shortNew, removed: false },
      { id: otherOld, removed: false },
    ]);
    expect(await rowsOf(`select details->>'retention_days' as days from audit_events where action = 'scan.retention_binary_delete' and object = 'scan:${shortOld}'`)).toEqual([{ days: '5' }]);
  });
});
