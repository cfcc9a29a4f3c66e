// The public /api/ product calls as CI clients make them (public-api.md §2.2), on a real firmware
// fixture scanned by the real engine: the result in the §3 shape with a key and with HTTP Basic,
// by SHA1, its SBOM exports checked against their schemas, and every change.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { importFeed } from '@binlens/vulndb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { multipart, tar } from '../../../test/files.ts';
import { createUser, login, type TestSession } from '../../../test/login.ts';
import { type Engine, realEngine } from '../../engine/engine.ts';
import { BDIO_CONTEXT } from './bdio.ts';

// Two ELF libraries in a zstd-compressed tar: zlib 1.2.13 and expat 2.5.0 (engine/fixtures/identify/soname-libs/make.sh).
const FIXTURE = readFileSync(new URL('../../../../engine/fixtures/identify/soname-libs/libs.tar.zst', import.meta.url));
const FIXTURE_SHA1 = createHash('sha1').update(FIXTURE).digest('hex');
const NVD_ZLIB = new URL('../../../../vulndb/fixtures/feeds/nvd-cve-2023-45853.json', import.meta.url);
// The SBOM validators the engine's writer tests use, from the engine's dependencies.
const engineRequire = createRequire(new URL('../../../../engine/package.json', import.meta.url));

/** The real engine, except that a file named slow-* runs until its scan is aborted. */
function slowWhenAsked(): Engine {
  return {
    ...realEngine,
    async scan(file, options, onProgress) {
      if (!options.name?.startsWith('slow-')) return realEngine.scan(file, options, onProgress);
      onProgress?.({ stage: 'file extractors', done: 0, total: 1 });
      return new Promise((_resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(options.signal?.reason), { once: true });
      });
    },
  };
}

const RESULT_KEYS = [
  'binary_bytes', 'components', 'created', 'custom_data', 'details', 'fail-reason', 'filename', 'group_id', 'id', 'last_updated', 'name', 'product_id',
  'report_url', 'rescan-possible', 'scanned_bytes', 'sha1sum', 'stale', 'status', 'summary',
];
const COMPONENT_KEYS = [
  'codetype', 'cpe', 'custom_version', 'distro', 'distro_version', 'extended-objects', 'homepage', 'latest-version', 'latest_version', 'lib', 'license', 'licenses',
  'objects', 'tags', 'vendor', 'version', 'vuln-count', 'vulns',
];
const OBJECT_KEYS = ['binary-type', 'confidence', 'exe-flags', 'extended-fullpath', 'fullpath', 'matching-method', 'name', 'sha1', 'source-match', 'timestamp', 'type'];
const VULN_RECORD_KEYS = ['cve', 'cvss', 'cvss2_vector', 'cvss3_score', 'cvss3_vector', 'cwe', 'modified', 'modified-epoch', 'published', 'published-epoch', 'summary'];

type Json = Record<string, unknown>;
interface Result extends Json {
  status: string;
  components: (Json & { lib: string; 'extended-objects': Json[]; vulns: (Json & { vuln: Json; triage: Json[] })[] })[];
}

describe.each(DATABASES)('public /api/ products on %s', (kind) => {
  let t: TestApp;
  let alice: { id: number; email: string; password: string };
  let aliceSession: TestSession;
  let member: TestSession;
  let outsider: TestSession;
  let groupId: number;
  let key: string;
  let productId: number;

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const basic = (email: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` });
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string> = bearer(key), payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const upload = async (name: string, bytes: Buffer, group = groupId): Promise<number> => {
    const body = multipart('file', name, bytes);
    const response = await t.app.inject({ method: 'POST', url: `/rest/groups/${group}/upload/`, headers: { ...aliceSession.headers, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const settled = async (id: number): Promise<Result> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const result = (await api('GET', `/api/product/${id}/`)).json<{ results: Result }>().results;
      if (result.status !== 'B' || Date.now() > deadline) return result;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: slowWhenAsked() });
    expect(await importFeed(t.database.db, { name: 'nvd-cve-2023-45853.json', bytes: readFileSync(NVD_ZLIB) })).toMatchObject({ status: 'complete' });
    // SM: the security manager's add_vulnerabilityinvalidation, to triage in /rest/.
    alice = await createUser(t.database, { password: 'alice-passw0rd', roles: ['SM'] });
    aliceSession = await login(t.app, alice.email, alice.password);
    const memberUser = await createUser(t.database);
    member = await login(t.app, memberUser.email, memberUser.password);
    const outsiderUser = await createUser(t.database);
    outsider = await login(t.app, outsiderUser.email, outsiderUser.password);
    groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: aliceSession.headers, payload: { name: 'Firmware' } })).json<{ id: number }>().id;
    const added = await t.app.inject({ method: 'POST', url: '/rest/group-memberships/', headers: aliceSession.headers, payload: { group_id: groupId, user_id: member.userId, role: 'GU' } });
    expect(added.statusCode).toBe(201);
    const made = await t.app.inject({ method: 'POST', url: '/api/key/', headers: aliceSession.headers, payload: { validity: 3600 } });
    key = made.json<{ results: { key: string } }>().results.key;
    productId = await upload('libs.tar.zst', FIXTURE);
    expect((await settled(productId)).status).toBe('R');
  }, 120_000);
  afterAll(() => t.close());

  it('answers the result in the §3 shape with an API key, and the same with HTTP Basic', async () => {
    const response = await api('GET', `/api/product/${productId}/`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ meta: Json; results: Result }>();
    expect(Object.keys(body).sort()).toEqual(['meta', 'results']);
    expect(body.meta).toEqual({ code: 200 });
    const result = body.results;
    expect(Object.keys(result).sort()).toEqual(RESULT_KEYS);
    expect(result).toMatchObject({
      id: productId, product_id: productId, group_id: groupId, name: 'libs.tar.zst', filename: 'libs.tar.zst', sha1sum: FIXTURE_SHA1, status: 'R', 'fail-reason': null,
      report_url: `http://localhost:80/product/${productId}`, stale: false, 'rescan-possible': true, binary_bytes: FIXTURE.length, scanned_bytes: FIXTURE.length, custom_data: {},
      summary: { 'vuln-count': { exact: 1, historical: 0 }, verdict: { short: 'Vulns', detailed: '1 known vulnerability not triaged in 2 components.' } },
    });
    expect(result.details).toEqual({
      metadata: {
        input: { name: 'libs.tar.zst', size: FIXTURE.length, sha1: FIXTURE_SHA1, sha256: createHash('sha256').update(FIXTURE).digest('hex'), format: 'compress/zstd' },
        started: expect.any(String), finished: expect.any(String), files: 4, executables: 2,
      },
      flagged: { 'libs.tar/opt/vendor/lib/libvendorxml.so': ['partial-relro', 'no-ibt', 'no-shstk'], 'libs.tar/usr/lib/libz.so.1.2.13': ['partial-relro', 'no-ibt', 'no-shstk'] },
      filetypes: { 'Zstandard compressed data': 1, 'tar archive': 1, 'ELF 64-bit LSB shared-object, x86-64': 2 },
      errors: [],
    });

    expect(result.components.map((c) => c.lib)).toEqual(['expat', 'zlib']);
    for (const c of result.components) expect(Object.keys(c).sort()).toEqual(COMPONENT_KEYS);
    const zlib = result.components[1];
    expect(zlib).toMatchObject({
      lib: 'zlib', version: '1.2.13', custom_version: null, vendor: 'zlib', codetype: 'Native', distro: null, distro_version: null, homepage: null,
      cpe: ['cpe:/a:zlib:zlib:1.2.13'], tags: ['compression'], objects: ['libz.so.1.2.13'], 'vuln-count': { total: 1, exact: 1, historical: 0 },
      license: { name: 'Zlib', type: 'permissive', url: 'https://spdx.org/licenses/Zlib.html' },
      licenses: { licenses: [{ name: 'Zlib', type: 'permissive', url: 'https://spdx.org/licenses/Zlib.html' }] },
    });
    const object = zlib?.['extended-objects'][0];
    expect(Object.keys(object ?? {}).sort()).toEqual(OBJECT_KEYS);
    expect(object).toEqual({
      name: 'libz.so.1.2.13', sha1: 'f36fb4ad7920a16f8f2af0bbd6cea7a33c57278c', confidence: 1, timestamp: null, 'binary-type': 'elf-shared-x86_64', type: 'native',
      'matching-method': 'signature', 'source-match': 'zlib', fullpath: ['libs.tar.zst', 'libs.tar', 'usr/lib/libz.so.1.2.13'],
      'extended-fullpath': [{ path: 'libs.tar.zst', type: 'compress/zstd' }, { path: 'libs.tar', type: 'archive/tar' }, { path: 'usr/lib/libz.so.1.2.13', type: 'executable/elf' }],
      'exe-flags': ['partial-relro', 'no-ibt', 'no-shstk'],
    });
    const vuln = zlib?.vulns[0];
    expect(Object.keys(vuln ?? {}).sort()).toEqual(['exact', 'triage', 'vuln']);
    expect(Object.keys(vuln?.vuln ?? {}).sort()).toEqual(VULN_RECORD_KEYS);
    expect(vuln).toEqual({
      vuln: {
        cve: 'CVE-2023-45853', summary: expect.stringMatching(/^MiniZip in zlib through 1\.3 has an integer overflow/), cwe: 'CWE-190',
        published: '2023-10-14T02:15:09.323', modified: '2024-08-01T13:44:58.990', 'published-epoch': 1697249709, 'modified-epoch': 1722519898,
        cvss: '0', cvss2_vector: '', cvss3_score: '9.8', cvss3_vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      },
      exact: true,
      triage: [],
    });
    expect(result.components[0]).toMatchObject({ lib: 'expat', version: '2.5.0', vendor: 'libexpat', cpe: ['cpe:/a:libexpat_project:libexpat:2.5.0'], vulns: [], 'vuln-count': { total: 0, exact: 0, historical: 0 } });
    expect(result.components[0]?.['extended-objects'].map((o) => [o.name, o['matching-method'], o['source-match']])).toEqual([['libvendorxml.so', 'signature', 'expat']]);

    const byBasic = await api('GET', `/api/product/${productId}/`, basic(alice.email, alice.password));
    expect([byBasic.statusCode, byBasic.json()]).toEqual([200, body]);
  });

  it('lists a triage made in /rest/ as a §3.8 record on the vulnerability', async () => {
    const made = await t.app.inject({
      method: 'POST', url: '/rest/triages/', headers: aliceSession.headers,
      payload: [{ scan_id: productId, component_name: 'zlib', component_version: '1.2.13', vuln_id: 'CVE-2023-45853', scope: 'R', result_scope: productId, rationale: 'NA', description: 'MiniZip is not built.' }],
    });
    expect(made.statusCode).toBe(201);
    const triage = made.json<{ id: number; modified: string }[]>()[0];
    const result = (await api('GET', `/api/product/${productId}/`)).json<{ results: Result }>().results;
    expect(result.components[1]?.vulns[0]?.triage).toEqual([{
      id: triage?.id, vuln_id: 'CVE-2023-45853', component: 'zlib', vendor: 'zlib', codetype: 'NA', version: '1.2.13', modified: triage?.modified, scope: 'R', reason: 'NA',
      description: 'MiniZip is not built.', user: { id: alice.id, email: alice.email, firstname: '', lastname: '', username: expect.any(String) },
    }]);
    expect(result.summary).toEqual({ 'vuln-count': { exact: 1, historical: 0 }, verdict: { short: 'Pass', detailed: 'No known vulnerabilities in 2 components.' } });
    const removed = await t.app.inject({ method: 'DELETE', url: `/rest/triages/${String(triage?.id)}/`, headers: aliceSession.headers });
    expect(removed.statusCode).toBe(204);
  });

  it('finds a product by the SHA1 of its file in any case, the newest one the caller sees', async () => {
    const byUpper = await api('GET', `/api/product/${FIXTURE_SHA1.toUpperCase()}/`);
    expect(byUpper.statusCode).toBe(200);
    expect(byUpper.json<{ results: Result }>().results.id).toBe(productId);
    // The same file in a group the member cannot see: the member still finds the older one.
    const otherGroup = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: aliceSession.headers, payload: { name: 'Private' } })).json<{ id: number }>().id;
    const newer = await upload('libs-again.tar.zst', FIXTURE, otherGroup);
    expect((await api('GET', `/api/product/${FIXTURE_SHA1}/`)).json<{ results: Result }>().results.id).toBe(newer);
    expect((await api('GET', `/api/product/${FIXTURE_SHA1}/`, member.headers)).json<{ results: Result }>().results.id).toBe(productId);
    await settled(newer);
  });

  it('answers 404 for an unknown id or SHA1 and for a product the caller cannot see, 401 without credentials', async () => {
    const notFound = { meta: { code: 404 }, detail: 'Not found.' };
    for (const url of [`/api/product/999999/`, `/api/product/${'a'.repeat(40)}/`, '/api/product/abc/']) {
      const response = await api('GET', url);
      expect([url, response.statusCode, response.json()]).toEqual([url, 404, notFound]);
    }
    const hidden = await api('GET', `/api/product/${productId}/`, outsider.headers);
    expect([hidden.statusCode, hidden.json()]).toEqual([404, notFound]);
    const bySha1 = await api('GET', `/api/product/${FIXTURE_SHA1}/`, outsider.headers);
    expect([bySha1.statusCode, bySha1.json()]).toEqual([404, notFound]);
    for (const url of [`/api/product/${productId}/`, `/api/product/${FIXTURE_SHA1}/`]) {
      const anonymous = await api('GET', url, {});
      expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { meta: { code: 401 }, detail: 'Authentication credentials were not provided.' }]);
    }
  });

  it('exports SPDX 2.3 and CycloneDX 1.6 that validate against their schemas, and BDIO JSON-LD', async () => {
    const spdx = await api('GET', `/api/product/${productId}/?format=spdx`);
    expect([spdx.statusCode, spdx.headers['content-type']]).toEqual([200, 'application/spdx+json; charset=utf-8']);
    const spdxSchema = JSON.parse(readFileSync(new URL('../../../../engine/src/sbom/schema/spdx-2.3.schema.json', import.meta.url), 'utf8')) as object;
    // Ajv's 2019 draft class, as the engine's writer tests load it.
    const Ajv2019 = (engineRequire('ajv/dist/2019.js') as { default: new (options: object) => { compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown } } }).default;
    const validateSpdx = new Ajv2019({ strict: false, allErrors: true }).compile(spdxSchema);
    const spdxDoc = spdx.json<{ packages: { name: string }[] }>();
    expect([validateSpdx(spdxDoc), validateSpdx.errors ?? null]).toEqual([true, null]);
    expect(spdxDoc.packages.map((p) => p.name)).toEqual(expect.arrayContaining(['zlib', 'expat']));

    const { Spec, Validation } = engineRequire('@cyclonedx/cyclonedx-library') as {
      Spec: { Version: { v1dot6: string } };
      Validation: { JsonStrictValidator: new (version: string) => { validate(json: string): Promise<unknown> } };
    };
    const validator = new Validation.JsonStrictValidator(Spec.Version.v1dot6);
    for (const format of ['cyclonedx', 'cyclonedx/json']) {
      const cdx = await api('GET', `/api/product/${productId}/?format=${format}`);
      expect([format, cdx.statusCode, cdx.headers['content-type']]).toEqual([format, 200, 'application/vnd.cyclonedx+json; version=1.6; charset=utf-8']);
      expect(await validator.validate(cdx.body)).toBeNull();
      const bom = cdx.json<{ specVersion: string; components: { name: string; version: string }[]; vulnerabilities: { id: string }[] }>();
      expect(bom.specVersion).toBe('1.6');
      expect(bom.components.filter((c) => c.name === 'zlib').map((c) => c.version)).toEqual(['1.2.13']);
      expect(bom.vulnerabilities.map((v) => v.id)).toEqual(['CVE-2023-45853']);
    }

    const bdio = await api('GET', `/api/product/${productId}/?format=bdio`);
    expect([bdio.statusCode, bdio.headers['content-type']]).toEqual([200, 'application/ld+json; charset=utf-8']);
    const graph = bdio.json<{ '@context': unknown; '@id': string; name: string; publisher: string; publisherVersion: string; creationDateTime: string; '@graph': Json[] }>();
    expect(Object.keys(graph).sort()).toEqual(['@context', '@graph', '@id', 'creationDateTime', 'name', 'publisher', 'publisherVersion']);
    expect(graph).toMatchObject({ '@context': BDIO_CONTEXT, '@id': `http://localhost:80/product/${productId}`, name: 'libs.tar.zst', publisher: `Binlens/${graph.publisherVersion}` });
    expect(graph.publisherVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(Number.isNaN(Date.parse(graph.creationDateTime))).toBe(false);
    // Every node is identified and typed, and every link names a node of the graph.
    const ids = new Set(graph['@graph'].map((node) => node['@id']));
    expect(graph['@graph'].every((node) => typeof node['@id'] === 'string' && typeof node['@type'] === 'string')).toBe(true);
    const links = graph['@graph'].flatMap((node) => ['dependency', 'dependsOn', 'evidence', 'license', 'affected'].flatMap((term) => [node[term] ?? []].flat()));
    expect(links.filter((link) => !ids.has(link as string))).toEqual([]);
    const byType = (type: string) => graph['@graph'].filter((node) => node['@type'] === type);
    expect(byType('Project').map((node) => node['@id'])).toEqual([graph['@id']]);
    expect(byType('Component').map((node) => [node.name, node.version, node.identifier])).toEqual([['expat', '2.5.0', 'pkg:generic/expat@2.5.0'], ['zlib', '1.2.13', 'pkg:generic/zlib@1.2.13']]);
    expect(byType('Vulnerability').map((node) => [node.name, node.creationDateTime])).toEqual([['CVE-2023-45853', '2023-10-14T02:15:09.323Z']]);
    expect(byType('File').find((node) => node.fingerprint === 'sha1:f36fb4ad7920a16f8f2af0bbd6cea7a33c57278c')?.path)
      // Each nesting level encodes the container's URI again: `/` is %2F in it, then %252F.
      .toBe('tar:zstd%3Afile%253A%252F%252F%252Flibs.tar.zst%23%2Flibs.tar#/usr/lib/libz.so.1.2.13');
  });

  it('renames a product with or without the trailing slash, refusing a name longer than 255 characters', async () => {
    const renamed = await api('PATCH', `/api/product/${productId}`, bearer(key), { name: 'firmware-1.0.tar.zst' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({
      meta: { code: 200 },
      results: {
        product_id: productId, id: productId, name: 'firmware-1.0.tar.zst', filename: 'firmware-1.0.tar.zst', sha1sum: FIXTURE_SHA1, status: 'R', custom_data: {}, group_id: groupId,
        last_updated: expect.any(String),
      },
    });
    expect((await api('GET', `/api/product/${productId}/`)).json<{ results: Result }>().results).toMatchObject({ name: 'firmware-1.0.tar.zst', filename: 'libs.tar.zst' });
    const tooLong = await api('PATCH', `/api/product/${productId}/`, bearer(key), { name: 'x'.repeat(256) });
    expect([tooLong.statusCode, tooLong.json()]).toEqual([400, { meta: { code: 400 }, name: ['Ensure this field has no more than 255 characters.'] }]);
    const back = await api('PATCH', `/api/product/${productId}/`, bearer(key), { name: 'libs.tar.zst' });
    expect(back.statusCode).toBe(200);
    const hidden = await api('PATCH', `/api/product/${productId}`, outsider.headers, { name: 'mine' });
    expect(hidden.statusCode).toBe(404);
  });

  it('sets and removes custom data from META- headers, dashes as underscores, and reads it without headers', async () => {
    const url = `/api/product/${productId}/custom-data`;
    const set = await api('POST', url, { ...bearer(key), 'meta-build-id': '1234', 'META-Release': ' 2.0 ' });
    expect([set.statusCode, set.json()]).toEqual([200, { meta: { code: 200 }, custom_data: { BUILD_ID: '1234', RELEASE: '2.0' }, results: { custom_data: { BUILD_ID: '1234', RELEASE: '2.0' } } }]);
    const changed = await api('POST', url, { ...member.headers, 'meta-release': '2.1', 'meta-build-id': '' });
    expect([changed.statusCode, changed.json()]).toEqual([200, { meta: { code: 200 }, custom_data: { RELEASE: '2.1' }, results: { custom_data: { RELEASE: '2.1' } } }]);
    const read = await api('POST', url);
    expect(read.json()).toEqual({ meta: { code: 200 }, custom_data: { RELEASE: '2.1' }, results: { custom_data: { RELEASE: '2.1' } } });
    expect((await api('GET', `/api/product/${productId}/`)).json<{ results: Result }>().results.custom_data).toEqual({ RELEASE: '2.1' });
    const audit = await t.app.inject({ method: 'GET', url: `/rest/custom-data/?product=${productId}`, headers: aliceSession.headers });
    expect(audit.json<{ results: { key: string; value: string }[] }>().results.map((e) => [e.key, e.value])).toEqual([['RELEASE', '2.1']]);
    const bad = await api('POST', url, { ...bearer(key), 'meta-bad.key': 'x' });
    expect(bad.statusCode).toBe(400);
    const hidden = await api('POST', url, { ...outsider.headers, 'meta-release': '3' });
    expect(hidden.statusCode).toBe(404);
  });

  it('lists infoleaks as /rest/ shows them to the caller: in full to a manager, masked to a member', async () => {
    const leaky = await upload('config.tar', tar([{ path: 'etc/app.conf', content: 'db_password = "Tr0ub4dor&3-horse"\nadmin = ops@acme-industrial.de\nurl = https://build.acme-industrial.de/ci\n' }]));
    expect((await settled(leaky)).status).toBe('R');
    for (const [who, headers] of [['alice', aliceSession.headers], ['member', member.headers]] as const) {
      const mine = await api('GET', `/api/product/${leaky}/infoleak`, headers);
      expect(mine.statusCode).toBe(200);
      const rest = (await t.app.inject({ method: 'GET', url: `/rest/scans/${leaky}/infoleak/?limit=500`, headers })).json<{ count: number; results: Json[] }>();
      const expected = rest.results.map((leak) => ({
        id: leak.id, kind: leak.kind, detector: leak.detector, file: (leak.path as string[]).join('/'), path: leak.path, line: leak.line, offset: leak.offset,
        value: leak.value, context: leak.context, revealable: leak.revealable,
      }));
      expect([who, mine.json()]).toEqual([who, { meta: { code: 200 }, results: { count: rest.count, next: null, infoleaks: expected } }]);
      expect(rest.count).toBeGreaterThan(0);
    }
  });

  it('aborts a running scan, whose result then fails with its reason and no components', async () => {
    const slow = await upload('slow-firmware.bin', Buffer.from('still scanning'));
    const aborted = await api('POST', `/api/product/${slow}/abort`);
    expect([aborted.statusCode, aborted.json()]).toEqual([200, { meta: { code: 200 } }]);
    const result = await settled(slow);
    expect(result).toMatchObject({
      status: 'F', 'fail-reason': `Aborted by ${alice.email}`, components: [], scanned_bytes: 0,
      summary: { 'vuln-count': { exact: 0, historical: 0 }, verdict: { short: 'N/A', detailed: 'The scan failed: nothing was analysed.' } },
      details: { metadata: { input: null, started: null, finished: null, files: 0, executables: 0 }, flagged: {}, filetypes: {}, errors: [] },
    });
    const again = await api('POST', `/api/product/${slow}/abort`);
    expect([again.statusCode, (again.json<{ meta: Json }>()).meta]).toEqual([409, { code: 409 }]);
    const sbom = await api('GET', `/api/product/${slow}/?format=cyclonedx`);
    expect([sbom.statusCode, sbom.json()]).toEqual([409, { meta: { code: 409 }, detail: 'The scan is not ready.' }]);
  });

  it('rescans, then removes the stored file (rescan-possible false, rescan refused) and deletes the product', async () => {
    const id = await upload('again.tar.zst', FIXTURE);
    await settled(id);
    const rescan = await api('POST', `/api/product/${id}/rescan`);
    expect([rescan.statusCode, rescan.json()]).toEqual([200, { meta: { code: 200 } }]);
    expect((await settled(id)).status).toBe('R');

    const removed = await api('DELETE', `/api/product/${id}/remove`);
    expect([removed.statusCode, removed.json()]).toEqual([200, { meta: { code: 200 } }]);
    expect((await api('GET', `/api/product/${id}/`)).json<{ results: Result }>().results).toMatchObject({ status: 'R', 'rescan-possible': false });
    const refused = await api('POST', `/api/product/${id}/rescan`);
    expect(refused.statusCode).toBe(409);
    const memberDelete = await api('DELETE', `/api/product/${id}`, member.headers);
    expect(memberDelete.statusCode).toBe(403);

    const deleted = await api('DELETE', `/api/product/${id}/`);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { meta: { code: 200 } }]);
    const gone = await api('GET', `/api/product/${id}/`);
    expect([gone.statusCode, gone.json()]).toEqual([404, { meta: { code: 404 }, detail: 'Not found.' }]);
    const twice = await api('DELETE', `/api/product/${id}`);
    expect(twice.statusCode).toBe(404);
  });
});
