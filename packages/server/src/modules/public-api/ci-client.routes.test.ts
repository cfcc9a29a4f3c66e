import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { importFeed } from '@binlens/vulndb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { type AnalysisResult, ApiError, CiClient } from '../../../test/ci-client.ts';
import { DATABASES } from '../../../test/databases.ts';
import { tar } from '../../../test/files.ts';
import { createUser, login } from '../../../test/login.ts';

// GHSA-35jh-r3h4-6jhm as the GitHub Advisory Database publishes it in OSV: lodash before
// 4.17.21, reported as its one CVE alias.
const GHSA_LODASH = fileURLToPath(new URL('../../../../vulndb/fixtures/feeds/osv-ghsa-35jh-r3h4-6jhm.json', import.meta.url));
const CVE = 'CVE-2021-23337';
const PACKAGE_JSON = Buffer.from(`${JSON.stringify({ name: 'lodash', version: '4.17.20', license: 'MIT', description: 'Lodash modular utilities.' }, null, 2)}\n`);
const PACKAGE_SHA1 = createHash('sha1').update(PACKAGE_JSON).digest('hex');
const IMAGE = tar([
  { path: 'app/node_modules/lodash/package.json', content: PACKAGE_JSON },
  { path: 'app/server.js', content: Buffer.from("require('lodash');\n") },
]);
/** Named as a pipeline names its uploads: component and resource, which the clients percent-encode in the path. */
const UPLOAD_NAME = 'acme.example/router:router-image_1.0.tar';
/** A path in the name never reaches the file system: its last segment names the file. */
const FILE_NAME = 'router:router-image_1.0.tar';
const IMAGE_SHA1 = createHash('sha1').update(IMAGE).digest('hex');
/** public-api.md §3.10. */
const CSV_COLUMNS = [
  'Component', 'Version', 'Latest version', 'CVE', 'Matching type', 'CVSS', 'CVSS3', 'CVSS vector (v2)', 'CVSS vector (v3)', 'Summary',
  'CVE publication date', 'Object compilation date', 'Object', 'Object full path', 'Object SHA1', 'Distribution package',
  'CVSS (Distribution)', 'CVSS3 (Distribution)', 'Triage vectors', 'Unresolving triage vectors', 'Note type', 'Note reason',
  'Vulnerability URL', 'Missing exploit mitigations', 'BDSA', 'Version override type',
];

const lodashOf = (result: AnalysisResult) => result.components.find((component) => component.lib === 'lodash');

/** Polls the result until `done` holds (an adjustment is applied by the next evaluation). */
async function until(client: CiClient, productId: number, done: (result: AnalysisResult) => boolean): Promise<AnalysisResult> {
  const deadline = Date.now() + 20_000;
  let result = await client.scanResult(productId);
  while (!done(result) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    result = await client.scanResult(productId);
  }
  return result;
}

// A pipeline as the CI clients of public-api.md run it: make a key, find the group, look for an
// earlier upload by metadata, upload with headers, wait, read, triage, override a version, take
// the reports and SBOMs, rename, rescan and delete: every answer parsed by the clients' models.
describe.each(DATABASES)('a CI client of the public API on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  let basic: CiClient;
  let client: CiClient;
  let groupId: number;
  let email: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true });
    await importFeed(t.database.db, { path: GHSA_LODASH });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const user = await createUser(t.database, { roles: ['AU'] });
    email = user.email;
    basic = new CiClient(baseUrl, { email: user.email, password: user.password });
    client = new CiClient(baseUrl, { bearer: await basic.createKey(3600) });
    const session = await login(t.app, user.email, user.password);
    groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: session.headers, payload: { name: 'Pipelines' } })).json<{ id: number }>().id;
  }, 60_000);
  afterAll(() => t.close());

  it('uploads with metadata, waits, reads the result by id and by SHA-1, and finds the upload by its metadata', async () => {
    expect((await client.groups()).map((group) => [group.id, group.name])).toContainEqual([groupId, 'Pipelines']);
    const metadata = { COMPONENT_NAME: 'acme/router', IMAGE_REFERENCE_NAME: 'router', RESOURCE_VERSION: '1.0' };
    expect(await client.listApps(groupId, metadata)).toEqual([]);

    const uploaded = await client.upload(UPLOAD_NAME, groupId, IMAGE, { metadata, headers: { Version: '1.0' } });
    expect([uploaded.filename, uploaded.report_url.startsWith(baseUrl), uploaded.report_url.endsWith(`/product/${uploaded.product_id}`)]).toEqual([FILE_NAME, true, true]);

    const result = await client.waitForScanResult(uploaded.product_id);
    expect([result.product_id, result.group_id, result.status, result.sha1sum, result.fail_reason]).toEqual([uploaded.product_id, groupId, 'R', IMAGE_SHA1, null]);
    expect(result.custom_data).toMatchObject(metadata);
    expect([result.summary.verdict.short, result.summary.vuln_count]).toEqual(['Vulns', { exact: 1, historical: 0 }]);
    const lodash = lodashOf(result);
    expect([lodash?.version, lodash?.licenses?.licenses.map((licence) => licence.name)]).toEqual(['4.17.20', ['MIT']]);
    expect(lodash?.extended_objects.map((object) => [object.name, object.sha1, object.fullpath, object.extended_fullpath.map((part) => part.path)])).toEqual([
      ['package.json', PACKAGE_SHA1, [FILE_NAME, 'app/node_modules/lodash/package.json'], [FILE_NAME, 'app/node_modules/lodash/package.json']],
    ]);
    expect(lodash?.vulns?.map((vuln) => [vuln.vuln.cve, vuln.exact, vuln.triage])).toEqual([[CVE, true, []]]);
    expect(lodash?.vuln_count).toEqual({ total: 1, exact: 1, historical: 0 });

    // Jenkins polls by the file's SHA-1.
    expect((await client.scanResult(IMAGE_SHA1)).product_id).toBe(uploaded.product_id);
    // Older clients sign in with HTTP Basic and read the same result.
    expect(await basic.scanResult(uploaded.product_id)).toEqual(result);

    const found = await client.listApps(groupId, metadata);
    expect(found.map((product) => [product.product_id, product.name])).toEqual([[uploaded.product_id, FILE_NAME]]);
    expect(await client.listApps(groupId, { ...metadata, RESOURCE_VERSION: '1' })).toEqual([]);
  });

  it('triages at result scope, reads the triage back, and sees it on the vulnerability', async () => {
    const [product] = await client.listApps(groupId, { COMPONENT_NAME: 'acme/router' });
    if (!product) throw new Error('no product');
    await client.addTriageRaw({
      component: 'lodash', version: '4.17.20', vulns: [CVE], scope: 'R', reason: 'OT',
      description: 'Rescored: template() is never given user input.', product_id: product.product_id,
    });
    const triages = await client.getTriages({ component: 'lodash', version: '4.17.20', vuln_id: CVE, scope: 'R', description: 'Rescored: template() is never given user input.' });
    expect(triages.map((triage) => [triage.vuln_id, triage.component, triage.version, triage.scope, triage.reason, triage.description, triage.user.email])).toEqual([
      [CVE, 'lodash', '4.17.20', 'R', 'OT', 'Rescored: template() is never given user input.', email],
    ]);
    const result = await until(client, product.product_id, (r) => (lodashOf(r)?.vulns?.[0]?.triage.length ?? 0) > 0);
    expect(lodashOf(result)?.vulns?.map((vuln) => [vuln.vuln.cve, vuln.triage.map((triage) => [triage.id, triage.reason, triage.scope])])).toEqual([
      [CVE, [[triages[0]?.id, 'OT', 'R']]],
    ]);
  });

  it('takes the PDF, the CSV of vulnerabilities and the SBOMs', async () => {
    const [product] = await client.listApps(groupId, { COMPONENT_NAME: 'acme/router' });
    if (!product) throw new Error('no product');
    expect((await client.pdfReport(product.product_id, 3)).subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await client.csvVulns(product.product_id);
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    // The §3.10 columns, in the order of the commercial product's own export (DefectDojo reads them by name).
    expect(header?.split(',').sort()).toEqual([...CSV_COLUMNS].sort());
    expect(rows.map((row) => row.split(',').slice(0, 4))).toEqual([['lodash', '4.17.20', '4.17.21', CVE]]);

    const cyclonedx = await client.exportSbom(product.product_id, 'cyclonedx');
    expect([cyclonedx.bomFormat, cyclonedx.specVersion]).toEqual(['CycloneDX', '1.6']);
    const spdx = await client.exportSbom(product.product_id, 'spdx');
    expect(spdx.spdxVersion).toBe('SPDX-2.3');
    const bdio = await client.exportSbom(product.product_id, 'bdio');
    expect([typeof bdio['@id'], typeof bdio.name, typeof bdio.publisher, typeof bdio.publisherVersion, Array.isArray(bdio['@graph'])]).toEqual(['string', 'string', 'string', 'string', true]);
  });

  it('overrides the version of the matched file, renames, keeps metadata, rescans and deletes', async () => {
    const [product] = await client.listApps(groupId, { COMPONENT_NAME: 'acme/router' });
    if (!product) throw new Error('no product');
    const id = product.product_id;
    await client.setComponentVersion('lodash', '4.17.21', [PACKAGE_SHA1], 1, id);
    const overridden = await until(client, id, (r) => lodashOf(r)?.version === '4.17.21');
    expect([lodashOf(overridden)?.version, lodashOf(overridden)?.vulns?.filter((vuln) => vuln.exact).length ?? 0, overridden.summary.verdict.short]).toEqual(['4.17.21', 0, 'Pass']);

    await client.setProductName(id, 'acme/router 1.0');
    await client.setMetadata(id, { RESOURCE_VERSION: '1.0.1', IMAGE_REFERENCE_NAME: null });
    // The Version header of the upload is kept as VERSION.
    expect(await client.metadata(id)).toEqual({ COMPONENT_NAME: 'acme/router', RESOURCE_VERSION: '1.0.1', VERSION: '1.0' });

    await client.rescan(id);
    const rescanned = await client.waitForScanResult(id);
    expect([rescanned.name, rescanned.stale, rescanned.rescan_possible, lodashOf(rescanned)?.version]).toEqual(['acme/router 1.0', false, true, '4.17.21']);

    await client.deleteProduct(id);
    await expect(client.scanResult(id)).rejects.toMatchObject({ status: 404 });
    // Deleting again is no error to the client.
    await client.deleteProduct(id);
    await expect(client.scanResult(id)).rejects.toBeInstanceOf(ApiError);
  });
});
