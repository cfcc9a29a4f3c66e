import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Component, FileEntry, InfoleakFinding } from '@binlens/engine/model';
import { importFeed } from '@binlens/vulndb';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileOf, uploadReady } from '../../../test/adjusted-scans.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { component, fakeEngine } from '../../../test/fake-engine.ts';
import { epssFeed, kevFeed } from '../../../test/feed-entries.ts';
import { multipart } from '../../../test/files.ts';
import { createUser, login, newSession, type TestSession } from '../../../test/login.ts';
import type { Engine } from '../../engine/engine.ts';
import { VULNERABILITY_COLUMNS } from './vulnerabilities-csv.ts';

const FEEDS = fileURLToPath(new URL('../../../../vulndb/fixtures/feeds/', import.meta.url));
const ZLIB_CVE = 'CVE-2023-45853';
const LODASH_CVE = 'CVE-2021-23337';

/** A firmware image: zlib in a shared library and a program built without PIE, lodash in its web UI, a leaked URL. */
function firmware(): { components: Component[]; files: FileEntry[]; infoleaks: InfoleakFinding[] } {
  const elf = (type: string, missing: string[]) => ({ format: 'elf' as const, machine: 'x86_64', bits: 64 as const, endianness: 'little' as const, type, missing });
  const libz = { ...fileOf('usr/lib/libz.so.1.2.13', 'libz 1.2.13'), path: ['rootfs.squashfs', 'usr/lib/libz.so.1.2.13'], executable: elf('shared-object', ['no-relro']) };
  const minizip = { ...fileOf('usr/bin/minizip', 'minizip'), path: ['rootfs.squashfs', 'usr/bin/minizip'], executable: elf('executable', ['no-pie', 'execstack']) };
  const lodash = { ...fileOf('www/node_modules/lodash/package.json', '{"name":"lodash"}'), path: ['rootfs.squashfs', 'www/node_modules/lodash/package.json'] };
  const signature = (file: FileEntry) => ({ method: 'signature' as const, foundBy: 'signatures/zlib', path: file.path });
  return {
    files: [libz, minizip, lodash],
    components: [
      component({
        name: 'zlib', version: '1.2.13', codetype: 'NA', purl: 'pkg:generic/zlib@1.2.13', licenses: ['Zlib'],
        cpes: ['cpe:2.3:a:zlib:zlib:1.2.13:*:*:*:*:*:*:*'], evidence: [signature(libz), signature(minizip)],
      }),
      component({ name: 'lodash', version: '4.17.20', licenses: ['MIT'], evidence: [{ method: 'package-metadata', foundBy: 'npm', path: lodash.path }] }),
      // A name outside Latin-1: the PDF's fonts lack its glyphs.
      component({ name: 'libcompress-压缩', version: '2.0', codetype: 'NA', purl: 'pkg:generic/libcompress@2.0', licenses: ['GPL-2.0-only'], evidence: [signature(libz)] }),
    ],
    infoleaks: [
      { kind: 'urls', detector: 'text/url', path: ['rootfs.squashfs', 'etc/config'], line: 3, value: 'http://10.0.0.1/admin', context: 'url=http://10.0.0.1/admin' },
      { kind: 'urls', detector: 'text/url', path: ['rootfs.squashfs', 'etc/config'], line: 4, value: 'http://10.0.0.2/', context: 'url=http://10.0.0.2/' },
      { kind: 'emails', detector: 'text/email', path: ['rootfs.squashfs', 'etc/config'], line: 5, value: 'ops@example.org', context: 'ops@example.org' },
    ],
  };
}

/** The fake engine, except that a file named broken.bin fails to scan. */
function failingWhenAsked(): Engine {
  const engine = fakeEngine();
  return {
    ...engine,
    scan: async (file, options, onProgress) => {
      if (options.name === 'broken.bin') throw new Error('The file could not be read.');
      return engine.scan(file, options, onProgress);
    },
  };
}

describe.each(DATABASES)('scan reports on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let aliceLogin: { email: string; password: string };
  let groupId: number;
  let scanId: number;

  const get = (url: string, headers: Record<string, string> = alice.headers) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: failingWhenAsked() });
    for (const file of ['nvd-cve-2023-45853.json', 'osv-ghsa-35jh-r3h4-6jhm.json']) {
      expect(await importFeed(t.database.db, { path: path.join(FEEDS, file) })).toMatchObject({ status: 'complete' });
    }
    expect(await importFeed(t.database.db, epssFeed(ZLIB_CVE, 0.01234, 0.77))).toMatchObject({ status: 'complete' });
    expect(await importFeed(t.database.db, kevFeed({
      cve: ZLIB_CVE, vendor: 'zlib', product: 'zlib', name: 'zlib MiniZip Integer Overflow', dateAdded: '2025-01-02', dueDate: '2025-01-23', ransomware: 'Unknown',
    }))).toMatchObject({ status: 'complete' });
    aliceLogin = await createUser(t.database, { roles: ['AU'] });
    alice = await login(t.app, aliceLogin.email, aliceLogin.password);
    groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Routers' } })).json<{ id: number }>().id;
    scanId = await uploadReady(t, alice.headers, groupId, 'router-fw.bin', firmware());
    const triage = await t.app.inject({
      method: 'POST', url: '/rest/triages/', headers: alice.headers,
      payload: [{ component_name: 'lodash', component_version: '4.17.20', vuln_id: LODASH_CVE, rationale: 'NA', scope: 'R', result_scope: scanId, description: 'The web UI never calls template().' }],
    });
    expect(triage.statusCode, triage.body).toBe(201);
    // zlib's version as its vendor's notes have it: still affected, and the reports say whose version it is.
    const override = await t.app.inject({
      method: 'POST', url: '/rest/version-override/', headers: alice.headers,
      payload: { scan: scanId, component_name: 'zlib', hashes: [firmware().files[0]?.sha1], version: '1.2.12', scope: 1, result_scope: scanId },
    });
    expect(override.statusCode, override.body).toBe(201);
  });
  afterAll(() => t.close());

  it('writes the vulnerabilities CSV with the product columns, one row per vulnerability and object, the triaged one marked', async () => {
    const response = await get(`/rest/scans/${scanId}/report/?format=csv-vulnerabilities`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="router-fw.bin-vulnerabilities.csv"; filename*=UTF-8''router-fw.bin-vulnerabilities.csv`);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...VULNERABILITY_COLUMNS]);
    const zlibSummary = 'MiniZip in zlib through 1.3 has an integer overflow and resultant heap-based buffer overflow in zipOpenNewFileInZip4_64 via a long filename, comment, or extra field. NOTE: MiniZip is not a supported part of the zlib product.';
    const zlibRow = (object: string, fullPath: string, sha1: string, missing: string) => [
      'zlib', '1.2.12', '1.3', ZLIB_CVE, 'Exact match', '', '2023-10-14T02:15:09Z', '', object, fullPath, sha1, '9.8', '',
      'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', zlibSummary, '', '', '', '', '', '', '', `https://nvd.nist.gov/vuln/detail/${ZLIB_CVE}`, missing, '', 'result',
    ];
    const files = firmware().files;
    expect(rows).toEqual([
      [
        'lodash', '4.17.20', '4.17.21', LODASH_CVE, 'Exact match', '', '2021-05-06T16:05:51Z', '', 'package.json',
        'router-fw.bin:rootfs.squashfs:www/node_modules/lodash/package.json', files[2]?.sha1, '7.2', '', 'AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H',
        'Command Injection in lodash', '', '', '', 'R/NA', '', '', '', `https://nvd.nist.gov/vuln/detail/${LODASH_CVE}`, '', '', '',
      ],
      zlibRow('minizip', 'router-fw.bin:rootfs.squashfs:usr/bin/minizip', files[1]?.sha1 ?? '', 'no-pie, execstack'),
      zlibRow('libz.so.1.2.13', 'router-fw.bin:rootfs.squashfs:usr/lib/libz.so.1.2.13', files[0]?.sha1 ?? '', 'no-relro'),
    ]);
    // cvss_version changes no column of a CSV.
    expect((await get(`/rest/scans/${scanId}/report/?format=csv-vulnerabilities&cvss_version=2`)).body).toBe(response.body);
  });

  it('writes the components CSV, one row per component', async () => {
    const response = await get(`/rest/scans/${scanId}/report/?format=csv-components`);
    expect(response.statusCode, response.body).toBe(200);
    const files = firmware().files;
    expect(parseCsv(response.body)).toEqual([
      ['Component', 'Version', 'Detected version', 'Version override type', 'Latest version', 'Type', 'Vendor', 'Licenses', 'License policy class',
        'Vulnerabilities', 'Triaged', 'Highest severity', 'Object count', 'Objects', 'Object SHA1s', 'Distribution', 'Package URL'],
      ['libcompress-压缩', '2.0', '', '', '', 'Native', '', 'GPL-2.0-only', 'Restrictive', '0', '0', '', '1',
        'router-fw.bin:rootfs.squashfs:usr/lib/libz.so.1.2.13', files[0]?.sha1, '', 'pkg:generic/libcompress@2.0'],
      ['lodash', '4.17.20', '', '', '4.17.21', 'JavaScript', '', 'MIT', 'Permissive', '0', '1', '', '1',
        'router-fw.bin:rootfs.squashfs:www/node_modules/lodash/package.json', files[2]?.sha1, '', 'pkg:npm/lodash@4.17.20'],
      ['zlib', '1.2.12', '1.2.13', 'result', '1.3', 'Native', '', 'Zlib', 'Permissive', '1', '0', 'critical', '2',
        'router-fw.bin:rootfs.squashfs:usr/bin/minizip;router-fw.bin:rootfs.squashfs:usr/lib/libz.so.1.2.13', `${files[1]?.sha1};${files[0]?.sha1}`, '', 'pkg:generic/zlib@1.2.12'],
    ]);
  });

  it('makes a PDF that a reader opens, holding the verdict, components, vulnerabilities, hardening and leaks', async () => {
    const response = await get(`/rest/scans/${scanId}/report/?format=pdf&cvss_version=3`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="router-fw.bin.pdf"; filename*=UTF-8''router-fw.bin.pdf`);
    const { text, totalPages } = await pdfText(response.rawPayload);
    expect(totalPages).toBe(2);
    for (const expected of [
      'router-fw.bin', 'VULNS', 'Routers', 'Vulnerabilities by severity', 'Critical', 'Triaged',
      'zlib', 'lodash', 'libcompress-??', ZLIB_CVE, LODASH_CVE, 'Critical', '9.8', '1.23%', 'yes', 'Triaged (R/NA)', 'Open',
      'Hardening', 'router-fw.bin:rootfs.squashfs:usr/bin/minizip', 'no-pie, execstack', 'no-relro',
      'Information leaks', 'URLs', 'E-mail addresses', 'Page 1 of 2', 'Page 2 of 2',
    ]) expect(text, expected).toContain(expected);
    // The overridden version, with the one the engine found (wrapped in its column).
    expect(text).toMatch(/1\.2\.12 \(found\s+1\.2\.13\)/);
    // CVSS v2 asked for: the zlib CVE has no v2 score, lodash's neither.
    const v2 = await pdfText((await get(`/rest/scans/${scanId}/report/?format=pdf&cvss_version=2`)).rawPayload);
    expect(v2.text).toContain('CVSS v2');
    expect(v2.text).not.toContain('9.8');
  });

  it('answers 409 for a failed scan and 404 for a scan of another user, 400 for an unknown format', async () => {
    const body = multipart('file', 'broken.bin', Buffer.from('not a firmware'));
    const created = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    const failedId = created.json<{ id: number }>().id;
    const deadline = Date.now() + 30_000;
    while ((await get(`/rest/scans/${failedId}/`)).json<{ status: string }>().status !== 'F' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const failed = await get(`/rest/scans/${failedId}/report/?format=pdf`);
    expect([failed.statusCode, failed.json()]).toEqual([409, { detail: 'The scan failed, so there is nothing to report: rescan the file or upload it again.' }]);
    const apiFailed = await get(`/api/product/${failedId}/csv-vulns`);
    expect([apiFailed.statusCode, apiFailed.json()]).toEqual([409, { meta: { code: 409 }, detail: 'The scan failed, so there is nothing to report: rescan the file or upload it again.' }]);

    const bob = await newSession(t.app, t.database);
    const hidden = await get(`/rest/scans/${scanId}/report/?format=csv-components`, bob.headers);
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { detail: 'Not found.' }]);
    const hiddenApi = await get(`/api/product/${scanId}/pdf-report`, bob.headers);
    expect([hiddenApi.statusCode, hiddenApi.json()]).toEqual([404, { meta: { code: 404 }, detail: 'Not found.' }]);
    expect((await get(`/rest/scans/${scanId}/report/?format=docx`)).statusCode).toBe(400);
    expect((await get(`/rest/scans/${scanId}/report/?format=pdf&cvss_version=4`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/product/${scanId}/csv-libs` })).statusCode).toBe(401);
  });

  it('answers the public API with an API key and with HTTP Basic, in raw bytes', async () => {
    const key = (await t.app.inject({ method: 'POST', url: '/api/key/', headers: alice.headers, payload: { validity: 3600 } })).json<{ results: { key: string } }>().results.key;
    const bearer = { authorization: `Bearer ${key}` };
    const basic = { authorization: `Basic ${Buffer.from(`${aliceLogin.email}:${aliceLogin.password}`).toString('base64')}` };

    const csvVulns = await get(`/api/product/${scanId}/csv-vulns?cvss_version=3`, bearer);
    expect(csvVulns.statusCode, csvVulns.body).toBe(200);
    expect(csvVulns.headers['cache-control']).toBe('no-store');
    expect(csvVulns.body).toBe((await get(`/rest/scans/${scanId}/report/?format=csv-vulnerabilities`)).body);

    const csvLibs = await get(`/api/product/${scanId}/csv-libs`, basic);
    expect(csvLibs.statusCode, csvLibs.body).toBe(200);
    expect(csvLibs.body).toBe((await get(`/rest/scans/${scanId}/report/?format=csv-components`)).body);

    const pdf = await get(`/api/product/${scanId}/pdf-report?cvss_version=2`, bearer);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((await pdfText(pdf.rawPayload)).text).toContain('CVSS v2');
    expect((await get(`/api/product/${scanId}/pdf-report`, basic)).statusCode).toBe(200);
  });

  it('reports the selected scans the caller sees as CSV, with the counts the scan list shows', async () => {
    const edgeGroup = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Edge', parent: groupId } })).json<{ id: number }>().id;
    const edgeFindings = { components: [component({ name: 'lodash', version: '4.17.20' })], files: [] };
    const edgeId = await uploadReady(t, alice.headers, edgeGroup, 'edge-fw.bin', edgeFindings);
    const report = (query: string, headers: Record<string, string> = alice.headers) => t.app.inject({ method: 'POST', url: `/rest/scans/report/${query}`, headers });
    const scanOf = async (id: number) => (await get(`/rest/scans/${id}/`)).json<{ sha1: string; finished: string }>();
    const [router, edge] = [await scanOf(scanId), await scanOf(edgeId)];
    const header = ['id', 'name', 'group', 'sha1', 'status', 'verdict', 'critical', 'high', 'medium', 'low', 'unscored', 'triaged', 'components', 'last_updated'];
    const routerRow = [String(scanId), 'router-fw.bin', 'Routers', router.sha1, 'ready', 'VULNS', '1', '0', '0', '0', '0', '1', '3', router.finished];
    const edgeRow = [String(edgeId), 'edge-fw.bin', 'Routers / Edge', edge.sha1, 'ready', 'VULNS', '0', '1', '0', '0', '0', '0', '1', edge.finished];

    // The triage made before is counted once the re-evaluation job has caught up with it.
    const deadline = Date.now() + 15_000;
    let both = parseCsv((await report(`?id__in=${edgeId},${scanId}`)).body);
    while (JSON.stringify(both) !== JSON.stringify([header, routerRow, edgeRow]) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      both = parseCsv((await report(`?id__in=${edgeId},${scanId}`)).body);
    }
    expect(both).toEqual([header, routerRow, edgeRow]);
    const response = await report(`?group=${edgeGroup}`);
    expect([response.statusCode, response.headers['content-type'], response.headers['content-disposition']])
      .toEqual([200, 'text/csv; charset=utf-8', `attachment; filename="scans-report.csv"; filename*=UTF-8''scans-report.csv`]);
    expect(parseCsv(response.body)).toEqual([header, edgeRow]);
    expect(parseCsv((await report('?q=edge-fw&report=csv')).body)).toEqual([header, edgeRow]);
    expect(parseCsv((await report(`?user=${alice.userId}&id__in=${scanId}`)).body)).toEqual([header, routerRow]);

    const bob = await newSession(t.app, t.database);
    expect(parseCsv((await report(`?id__in=${scanId},${edgeId}`, bob.headers)).body)).toEqual([header]);
    expect(parseCsv((await report(`?user=${bob.userId}`)).body)).toEqual([header]);
    const bad = await report('?id__in=1,x');
    expect([bad.statusCode, bad.json()]).toEqual([400, { id__in: ['Give comma-separated ids.'] }]);
    expect((await report('?report=pdf')).statusCode).toBe(400);
  });
});

async function pdfText(bytes: Buffer): Promise<{ text: string; totalPages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text, totalPages };
}

/** RFC 4180: CRLF-separated records, quoted fields with "" for a quote; the document ends with CRLF. */
function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"' && field === '') {
      i += 1;
      for (;;) {
        const end = text.indexOf('"', i);
        if (end < 0) throw new Error('unterminated quoted field');
        field += text.slice(i, end);
        if (text[end + 1] === '"') {
          field += '"';
          i = end + 2;
        } else {
          i = end + 1;
          break;
        }
      }
    } else if (c === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else {
      if (c === '\n' || c === '\r' || c === '"') throw new Error(`bare ${JSON.stringify(c)} in an unquoted field at ${i}`);
      field += c;
      i += 1;
    }
  }
  return records;
}
