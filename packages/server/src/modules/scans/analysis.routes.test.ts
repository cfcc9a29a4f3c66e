import { readFileSync } from 'node:fs';
import { findSbomWriter, toNativeJson, toScanResult } from '@binlens/engine';
import type { Identification } from '@binlens/engine/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { countsListedAndShown } from '../../../test/scan-counts.ts';
import type { TestApp } from '../../../test/app.ts';
import { tar } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { scannedApp } from '../../../test/scanned.ts';
import { ITEMS_VERSION } from './result-items.ts';
import { SBOM_NOT_EVALUATED } from './sbom-service.ts';

const fixture = (path: string) => readFileSync(new URL(`../../../../engine/fixtures/${path}`, import.meta.url));

const ARCHIVE = tar([
  { path: 'app/demo.apk', content: fixture('mobile/apk-basic/demo.apk') },
  { path: 'app/bin/tool', content: fixture('executables/elf-default/elf-default') },
  {
    path: 'app/etc/service.conf',
    content: 'contact = ops@binlens-demo.org\nexample_key = AKIAIOSFODNN7EXAMPLE\nmirror = https://updates.binlens-demo.org/feed\npassword = "Harbour-Lantern-7731"\n',
  },
]);

interface Page<T> {
  count: number;
  results: T[];
  links: { next: string | null; previous: string | null };
}
interface Leak { id: number; kind: string; value: string; decoy: boolean; path: string[] }

describe.each(DATABASES)('executables, infoleaks and mobile apps on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let scanId: number;
  let groupId: number;
  let expected: ReturnType<typeof toNativeJson>;
  let identification: Identification;

  beforeAll(async () => {
    // The file scanned once by the real engine, in-process; the app's (fake) engine answers
    // that Identification, and the API must answer exactly the native JSON's sections.
    ({ t, alice, scanId, groupId, identification } = await scannedApp(kind, 'release.tar', ARCHIVE, 'Apps'));
    expected = toNativeJson(identification, toScanResult(identification));
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, headers: object = alice.headers) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { ...headers } });
    return { status: response.statusCode, body: response.json<T>() };
  };

  it('lists every executable with its hardening attributes', async () => {
    const { status, body } = await get<Page<{ path: string[]; format: string; attributes: Record<string, unknown> }>>(`/rest/scans/${scanId}/executable-attributes/`);
    expect(status).toBe(200);
    expect(body.results).toEqual(expected.executables);
    const tool = body.results.find((e) => e.path.join('/') === 'release.tar/app/bin/tool' || e.path.at(-1) === 'app/bin/tool');
    expect([tool?.format, tool?.attributes.nx, tool?.attributes.pie, tool?.attributes.relro]).toEqual(['elf', true, true, 'partial']);
    const paged = await get<Page<unknown>>(`/rest/scans/${scanId}/executable-attributes/?limit=1&offset=1`);
    expect([paged.body.count, paged.body.results, paged.body.links.previous]).toEqual([
      expected.executables.length, expected.executables.slice(1, 2), `/rest/scans/${scanId}/executable-attributes/?limit=1&offset=0`,
    ]);
  });

  it('filters executables by format, by one missing mitigation named whole, and by text, keeping the filters in its links', async () => {
    type Exe = (typeof expected.executables)[number];
    const list = async (query: string) => (await get<Page<Exe>>(`/rest/scans/${scanId}/executable-attributes/?${query}`)).body;
    const where = (keep: (exe: Exe) => boolean) => expected.executables.filter(keep);
    expect(where((exe) => exe.missing.includes('partial-relro')).length).toBeGreaterThan(0);
    expect((await list('format=elf')).results).toEqual(where((exe) => exe.format === 'elf'));
    expect((await list('format=pe')).results).toEqual(where((exe) => exe.format === 'pe'));
    expect((await list('missing=partial-relro')).results).toEqual(where((exe) => exe.missing.includes('partial-relro')));
    expect((await list('missing=no-relro')).results).toEqual(where((exe) => exe.missing.includes('no-relro')));
    expect((await list('missing=relro')).count).toBe(0);
    expect((await list('search=BIN/TOOL')).results.map((exe) => exe.path.at(-1))).toEqual(['app/bin/tool']);
    const first = await list('format=elf&missing=partial-relro&limit=1');
    expect([first.count, first.links.next]).toEqual([
      where((exe) => exe.format === 'elf' && exe.missing.includes('partial-relro')).length,
      first.count > 1 ? `/rest/scans/${scanId}/executable-attributes/?format=elf&missing=partial-relro&limit=1&offset=1` : null,
    ]);
    const bad = await get<Record<string, string[]>>(`/rest/scans/${scanId}/executable-attributes/?format=coff&missing=NO%20PIE`);
    expect([bad.status, Object.keys(bad.body).sort()]).toEqual([400, ['format', 'missing']]);
  });

  it('splits the items of a scan an older version stored again on its first read, then filters them', async () => {
    await t.database.db.execute(`update scan_items set kind = null, search = null, kind_idx = null, kind_shown_idx = null where scan_id = ${scanId} and section = 'executable'`);
    await t.database.db.execute(`update scans set items_version = 1 where id = ${scanId}`);
    const { body } = await get<Page<{ format: string }>>(`/rest/scans/${scanId}/executable-attributes/?format=elf`);
    expect(body.results).toEqual(expected.executables.filter((exe) => exe.format === 'elf'));
    const [row] = ((await t.database.db.execute(`select items_version from scans where id = ${scanId}`)) as unknown as { rows: { items_version: number }[] }).rows;
    expect(row?.items_version).toBe(ITEMS_VERSION);
    expect((await get<Page<unknown>>(`/rest/scans/${scanId}/infoleak/?include_decoys=true`)).body.count).toBe(expected.infoleaks.length);
  });

  it('answers the SBOM the engine writes for the scan, as a download named after it, saying why vulnerabilities are missing', async () => {
    const download = async (format: string) => t.app.inject({ method: 'GET', url: `/rest/scans/${scanId}/sbom/?format=${format}`, headers: alice.headers });
    // What the engine's writer gives for the scan, with the serial number or namespace and the time the server wrote.
    const write = async (name: string, uuid: string, now: string) => (await findSbomWriter(name))?.write(identification, { notEvaluated: SBOM_NOT_EVALUATED, uuid, now: new Date(now) }) ?? '';
    const cdx = await download('cyclonedx-json');
    expect([cdx.statusCode, cdx.headers['content-type'], cdx.headers['content-disposition']]).toEqual([
      200, 'application/vnd.cyclonedx+json; version="1.6"; charset=utf-8', `attachment; filename="release.tar.cdx.json"; filename*=UTF-8''release.tar.cdx.json`,
    ]);
    const { serialNumber, metadata: { timestamp, ...metadata }, ...rest } = cdx.json<{ serialNumber: string; metadata: { timestamp: string } }>();
    const written = JSON.parse(await write('cyclonedx', serialNumber.replace('urn:uuid:', ''), timestamp));
    expect({ serialNumber, metadata: { timestamp, ...metadata }, ...rest }).toEqual(written);
    expect(written.metadata.properties).toEqual([{ name: 'binlens:vulnerabilities', value: SBOM_NOT_EVALUATED }]);

    const spdx = await download('spdx-json');
    const document = spdx.json<{ documentNamespace: string; creationInfo: { created: string } }>();
    expect([spdx.statusCode, spdx.headers['content-type'], spdx.headers['content-disposition']?.toString().includes('filename="release.tar.spdx.json"')]).toEqual([200, 'application/spdx+json; charset=utf-8', true]);
    const uuid = /[0-9a-f-]{36}$/.exec(document.documentNamespace)?.[0] ?? '';
    expect(document).toEqual(JSON.parse(await write('spdx', uuid, document.creationInfo.created)));

    const xml = await download('cyclonedx-xml');
    expect([xml.statusCode, xml.headers['content-type'], xml.headers['content-disposition']]).toEqual([
      // The XML declaration names its encoding (UTF-8), so the type carries no charset.
      200, 'application/vnd.cyclonedx+xml; version=1.6', `attachment; filename="release.tar.cdx.xml"; filename*=UTF-8''release.tar.cdx.xml`,
    ]);
    const serial = /serialNumber="urn:uuid:([0-9a-f-]{36})"/.exec(xml.body)?.[1] ?? '';
    const xmlTime = /<timestamp>([^<]+)<\/timestamp>/.exec(xml.body)?.[1] ?? '';
    expect(xml.body).toBe(await write('cyclonedx-xml', serial, xmlTime));
    expect(xml.body).toContain(`<property name="binlens:vulnerabilities">${SBOM_NOT_EVALUATED}</property>`);

    const tagValue = await download('spdx-tag-value');
    expect([tagValue.statusCode, tagValue.headers['content-type'], tagValue.headers['content-disposition']?.toString().includes('filename="release.tar.spdx"')]).toEqual([
      200, 'text/spdx; charset=utf-8', true,
    ]);
    const namespace = /^DocumentNamespace: .*-([0-9a-f-]{36})$/m.exec(tagValue.body)?.[1] ?? '';
    const created = /^Created: (.+)$/m.exec(tagValue.body)?.[1] ?? '';
    expect(tagValue.body).toBe(await write('spdx-tag-value', namespace, created));
    expect(tagValue.body.split('\n')).toContain(`DocumentComment: binlens:vulnerabilities: ${SBOM_NOT_EVALUATED}`);

    const bad = await download('bdio');
    expect([bad.statusCode, Object.keys(bad.json())]).toEqual([400, ['format']]);
  });

  it('lists the mobile apps', async () => {
    const { body } = await get<Page<{ platform: string; id: string; version: string }>>(`/rest/scans/${scanId}/mobileapps/`);
    expect(body.results).toEqual(expected.mobile_apps);
    expect(body.results.map((a) => [a.platform, a.id, a.version])).toEqual([['android', 'org.binlens.demo', '1.4.2']]);
  });

  it('lists infoleaks without decoys unless asked, by kind, by search, and per kind by ids', async () => {
    // No triage holds for any: each comes with none (modules/infoleak-triages).
    const numbered = expected.infoleaks.map((leak, i) => ({ id: i + 1, ...leak, revealable: leak.masked !== null, triages: [] }));
    // The config file's password, e-mail and URL, and the APK's signing certificate.
    expect(numbered.map((l) => l.kind)).toEqual(['passwords', 'emails', 'urls', 'certificates']);
    const all = await get<Page<Leak>>(`/rest/scans/${scanId}/infoleak/?include_decoys=true`);
    expect(all.body.results).toEqual(numbered);
    // The scan ran with the decoy filter on: the documentation key was never reported.
    const shown = await get<Page<Leak>>(`/rest/scans/${scanId}/infoleak/`);
    expect(shown.body.results).toEqual(numbered);
    expect(numbered.some((l) => l.value.includes('AKIAIOSFODNN7EXAMPLE'))).toBe(false);

    const emails = await get<Page<Leak>>(`/rest/scans/${scanId}/infoleak/?kind=emails`);
    expect(emails.body.results.map((l) => [l.kind, l.value])).toEqual([['emails', 'ops@binlens-demo.org']]);
    const search = await get<Page<Leak>>(`/rest/scans/${scanId}/infoleak/?search=UPDATES.binlens`);
    const mentions = (l: (typeof numbered)[number]) => [l.value, l.context, l.path.join('/')].some((text) => text.toLowerCase().includes('updates.binlens'));
    expect(search.body.results).toEqual(numbered.filter(mentions));
    expect(search.body.results.map((l) => l.value)).toContain('https://updates.binlens-demo.org/feed');

    const email = emails.body.results[0];
    const byKind = await get<Page<Leak>>(`/rest/infoleak/emails/?scan=${scanId}&id__in=${email?.id},999&ordering=id`);
    expect(byKind.body.results).toEqual([email]);
    const wrongKind = await get<Page<Leak>>(`/rest/infoleak/cloud-provider-keys/?scan=${scanId}&id__in=${email?.id}`);
    expect(wrongKind.body.results).toEqual([]);
    const linked = await get<Page<Leak>>(`/rest/scans/${scanId}/infoleak/?include_decoys=true&id__in=${email?.id},999`);
    expect(linked.body.results).toEqual([email]);
    expect((await get(`/rest/scans/${scanId}/infoleak/?id__in=1,x`)).body).toEqual({ id__in: ['Give comma-separated ids.'] });
  });

  it('hands a member who may not change the group each secret masked, in its value and its context', async () => {
    const secret = expected.infoleaks.findIndex((leak) => leak.masked !== null);
    const leak = expected.infoleaks[secret];
    if (!leak?.masked) throw new Error('the fixture holds no secret');
    expect([leak.kind, leak.value]).toEqual(['passwords', 'Harbour-Lantern-7731']);
    const carol = await newSession(t.app, t.database);
    await t.app.inject({ method: 'POST', url: '/rest/group-memberships/', headers: alice.headers, payload: { group_id: groupId, user_id: carol.userId, role: 'GU' } });
    const asMember = await get<Page<Leak & { masked: string; context: string; revealable: boolean }>>(`/rest/scans/${scanId}/infoleak/?kind=passwords`, carol.headers);
    expect(asMember.body.results).toEqual([
      { id: secret + 1, ...leak, value: leak.masked, context: leak.context.replaceAll(leak.value, leak.masked), revealable: false, triages: [] },
    ]);
    expect(JSON.stringify(asMember.body)).not.toContain('Harbour-Lantern-7731');
    // Nor in the context of another finding of the same file (the mirror URL's line is next to it).
    const everything = await get<Page<Leak & { context: string }>>(`/rest/scans/${scanId}/infoleak/?include_decoys=true&limit=500`, carol.headers);
    expect(expected.infoleaks.some((l) => l.masked === null && l.context.includes('Harbour-Lantern-7731'))).toBe(true);
    expect(JSON.stringify(everything.body)).not.toContain('Harbour-Lantern-7731');
    const perKind = await get<Page<Leak>>(`/rest/infoleak/passwords/?scan=${scanId}&id__in=${secret + 1}`, carol.headers);
    expect(perKind.body.results.map((l) => l.value)).toEqual([leak.masked]);
    const asManager = await get<Page<Leak & { revealable: boolean }>>(`/rest/scans/${scanId}/infoleak/?kind=passwords`);
    expect(asManager.body.results.map((l) => [l.value, l.revealable])).toEqual([['Harbour-Lantern-7731', true]]);
  });

  it('answers 404 for an unknown kind or scan, 400 for bad ids, 401 without a session', async () => {
    expect((await get(`/rest/infoleak/secrets/?scan=${scanId}`)).status).toBe(404);
    expect((await get(`/rest/scans/999999/executable-attributes/`)).status).toBe(404);
    expect(await get(`/rest/infoleak/emails/?scan=${scanId}&id__in=1,x`)).toEqual({ status: 400, body: { id__in: ['Give comma-separated ids.'] } });
    expect((await get(`/rest/scans/${scanId}/mobileapps/`, {})).status).toBe(401);
  });

  it('lists every ready scan with the vulnerability counts its result page shows', async () => {
    const rows = await countsListedAndShown(t.app, t.database);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => [row.id, row.listed])).toEqual(rows.map((row) => [row.id, row.shown]));
  });
});
