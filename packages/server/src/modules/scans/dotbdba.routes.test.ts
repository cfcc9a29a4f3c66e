// GET /rest/scans/{id}/dotbdba/ and its re-import: an upload of the portable scan file becomes a
// scan, ready without the engine, whose every list answers what the original's does.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { scan } from '@binlens/engine';
import type { Identification } from '@binlens/engine/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { fakeEngine } from '../../../test/fake-engine.ts';
import { multipart, tar } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

const fixture = (path: string) => readFileSync(new URL(`../../../../engine/fixtures/${path}`, import.meta.url));

const ARCHIVE = tar([
  { path: 'app/demo.apk', content: fixture('mobile/apk-basic/demo.apk') },
  { path: 'app/bin/tool', content: fixture('executables/elf-default/elf-default') },
  { path: 'app/etc/service.conf', content: 'contact = ops@binlens-demo.org\nmirror = https://updates.binlens-demo.org/feed\npassword = "Harbour-Lantern-7731"\n' },
]);

/** The lists an imported scan must answer exactly as its original does. */
const LISTS = ['result/', 'executable-attributes/', 'infoleak/?include_decoys=true', 'mobileapps/', 'rss-findings/', 'errors/', 'warnings/', 'info/'];

interface Scan { id: number; name: string; size: number; sha1: string; status: string; error: string | null; component_count: number | null }

describe.each(DATABASES)('portable scan files on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let identification: Identification;
  let original: Scan;
  let engineRuns = 0;

  beforeAll(async () => {
    // Scanned once by the real engine in-process; the app's fake engine answers it and counts its runs.
    const dir = await mkdtemp(join(tmpdir(), 'binlens-dotbdba-'));
    try {
      await writeFile(join(dir, 'release.tar'), ARCHIVE);
      identification = await scan(join(dir, 'release.tar'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    t = await startTestApp(kind, {
      workers: true,
      engine: fakeEngine(() => {
        engineRuns += 1;
        return identification;
      }),
    });
    alice = await newSession(t.app, t.database);
    original = await uploadAndWait(await newGroup('Products'), 'release.tar', ARCHIVE);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: object = alice.headers) => t.app.inject({ method: 'GET', url, headers: { ...headers } });
  const newGroup = async (name: string) => (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name } })).json<{ id: number }>().id;

  async function uploadAndWait(groupId: number, name: string, content: Buffer): Promise<Scan> {
    const body = multipart('file', name, content);
    const created = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    expect(created.statusCode).toBe(201);
    const id = created.json<Scan>().id;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const scanned = (await get(`/rest/scans/${id}/`)).json<Scan>();
      if (!['B', 'S', 'P', 'D'].includes(scanned.status) || Date.now() > deadline) return scanned;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const exported = async (scanId: number) => {
    const response = await get(`/rest/scans/${scanId}/dotbdba/`);
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  it('answers the scan as a gzip attachment named after it, holding the stored Identification', async () => {
    const before = Date.now();
    const response = await get(`/rest/scans/${original.id}/dotbdba/`);
    expect([response.statusCode, response.headers['content-type'], response.headers['content-disposition']]).toEqual([
      200, 'application/gzip', `attachment; filename="release.tar.bdba"; filename*=UTF-8''release.tar.bdba`,
    ]);
    const document = JSON.parse(gunzipSync(response.rawPayload).toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(document)).toEqual(['format', 'version', 'exported_at', 'identification']);
    expect([document.format, document.version, document.identification]).toEqual(['binlens-scan', 1, JSON.parse(JSON.stringify(identification))]);
    const exportedAt = Date.parse(String(document.exported_at));
    expect(exportedAt >= before - 1000 && exportedAt <= Date.now()).toBe(true);
  });

  it('imports the file uploaded into another group as the same scan, without running the engine', async () => {
    const file = await exported(original.id);
    const runs = engineRuns;
    const imported = await uploadAndWait(await newGroup('Imports'), 'release.tar.bdba', file);
    expect(engineRuns).toBe(runs);
    // The scan stands for the product, not for the .bdba file.
    expect([imported.status, imported.error, imported.name, imported.size, imported.sha1, imported.component_count]).toEqual([
      'R', null, 'release.tar', original.size, original.sha1, original.component_count,
    ]);
    for (const list of LISTS) {
      const [mine, theirs] = [await get(`/rest/scans/${imported.id}/${list}`), await get(`/rest/scans/${original.id}/${list}`)];
      expect([list, mine.statusCode, mine.body]).toEqual([list, 200, theirs.body]);
    }
    const document = JSON.parse(gunzipSync(file).toString('utf8')) as { exported_at: string };
    const log = (await get(`/rest/scans/${imported.id}/scan-log`)).json<{ lines: { message: string }[] }>().lines.map((line) => line.message);
    expect(log).toContain(`Imported from a portable scan file exported at ${document.exported_at}`);
    expect(log.some((line) => line.startsWith('Scanner process'))).toBe(false);
    // Exported again, it holds the same Identification.
    const again = JSON.parse(gunzipSync(await exported(imported.id)).toString('utf8')) as { identification: unknown };
    expect(again.identification).toEqual(JSON.parse(JSON.stringify(identification)));
  });

  it('fails the scan of a damaged portable scan file with what is wrong, and answers 409 for it', async () => {
    const file = await exported(original.id);
    const failed = await uploadAndWait(await newGroup('Damaged'), 'cut.bdba', file.subarray(0, file.length - 40));
    expect(failed.status).toBe('F');
    expect(failed.error).toMatch(/^The scan failed: the portable scan file cannot be imported: the file is truncated: its gzip stream ends early\. Error ID: [0-9a-f]{12}$/);
    expect(failed.name).toBe('cut.bdba');
    const response = await get(`/rest/scans/${failed.id}/dotbdba/`);
    expect([response.statusCode, response.json()]).toEqual([409, { detail: 'The scan is not ready.' }]);
  });

  it('answers 404 for a scan the user cannot see, an unknown one or a malformed id, 401 without a session', async () => {
    const bob = await newSession(t.app, t.database);
    const hidden = await get(`/rest/scans/${original.id}/dotbdba/`, bob.headers);
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { detail: 'Not found.' }]);
    expect((await get('/rest/scans/999999/dotbdba/')).statusCode).toBe(404);
    // The route takes no query or body: a malformed id is a scan that does not exist, never a 400.
    const malformed = await get('/rest/scans/abc/dotbdba/');
    expect([malformed.statusCode, malformed.json()]).toEqual([404, { detail: 'Not found.' }]);
    const anonymous = await get(`/rest/scans/${original.id}/dotbdba/`, {});
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { detail: 'Authentication credentials were not provided.' }]);
  });
});
