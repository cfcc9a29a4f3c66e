import type { Component } from '@binlens/engine/model';
import { importFeed } from '@binlens/vulndb';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

// Three GitHub advisories as the GitHub Advisory Database publishes them in OSV (trimmed): two
// of lodash before 4.17.21, one of minimist before 1.2.6, each reported as its CVE alias.
const ADVISORIES = [
  {
    schema_version: '1.3.0', id: 'GHSA-35jh-r3h4-6jhm', modified: '2022-02-08T21:35:09Z', published: '2021-05-06T16:05:51Z', aliases: ['CVE-2021-23337'],
    summary: 'Command Injection in lodash', severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H' }],
    affected: [{ package: { ecosystem: 'npm', name: 'lodash' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '4.17.21' }] }] }],
  },
  {
    schema_version: '1.3.0', id: 'GHSA-29mw-wpgm-hmr9', modified: '2022-08-05T21:52:18Z', published: '2022-01-06T20:30:46Z', aliases: ['CVE-2020-28500'],
    summary: 'Regular Expression Denial of Service (ReDoS) in lodash', severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L' }],
    affected: [{ package: { ecosystem: 'npm', name: 'lodash' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '4.0.0' }, { fixed: '4.17.21' }] }] }],
  },
  {
    schema_version: '1.3.0', id: 'GHSA-xvch-5gv4-984h', modified: '2022-10-12T20:40:28Z', published: '2022-03-18T00:01:09Z', aliases: ['CVE-2021-44906'],
    summary: 'Prototype Pollution in minimist', severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
    affected: [{ package: { ecosystem: 'npm', name: 'minimist' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '1.0.0' }, { fixed: '1.2.6' }] }] }],
  },
];
const BUSY = ['B', 'S', 'P', 'D'];
const VECTOR = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/MAV:L';

interface Triage {
  id: number;
  scan_id: number | null;
  component_name: string;
  mapped_component_id: string | null;
  component_version: string | null;
  version_range: string | null;
  vuln_id: string;
  description: string;
  rationale: string;
  scope: string;
  triaged_obj: string | null;
  group_scope: number | null;
  result_scope: number | null;
  application_name: string | null;
  adjusted_severity: string | null;
  environmental_vector: string | null;
  adjusted_score: number | null;
}
interface ImportResult {
  dialect: string;
  dry_run: boolean;
  create: { statement: number; triage: number | null; vuln_id: string; component_name: string; scope: string }[];
  unchanged: { statement: number; triage: number | null; vuln_id: string }[];
  unknown: { statement: number; vuln_id: string; product: string; reason: string }[];
}

/** What a triage decides, whoever made it when: the fields the round trip keeps. */
const significant = (t: Triage) => [
  t.vuln_id, t.component_name, t.component_version, t.version_range, t.rationale, t.description, t.scope, t.group_scope, t.result_scope,
  t.application_name, t.triaged_obj, t.adjusted_severity, t.environmental_vector, t.adjusted_score, t.scan_id, t.mapped_component_id,
].map((v) => (v === null ? '' : String(v))).join('|');

/** A multipart body with form fields and the document as `file`. */
function form(fields: Record<string, string>, file: { name: string; content: string | Buffer } | null) {
  const boundary = `----binlensvex${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/json\r\n\r\n`));
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DATABASES)('VEX export and import on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let apps: number;
  let other: number;
  let router: number;
  let switcher: number;
  let hidden: number;

  const as = (session: TestSession) => (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => as(alice)(method, url, payload);
  const upload = async (groupId: number, fileName: string, components: Component[]) => {
    const body = multipart('file', fileName, findingsFile({ components }));
    const id = (await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload })).json<{ id: number }>().id;
    const deadline = Date.now() + 30_000;
    while (BUSY.includes((await api('GET', `/rest/scans/${id}/`)).json<{ status: string }>().status) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return id;
  };
  const triages = async () => (await api('GET', '/rest/triages/?limit=500&ordering=id')).json<{ results: Triage[] }>().results;
  const removeAll = async () => {
    const ids = (await triages()).map((r) => r.id);
    if (ids.length > 0) expect((await api('DELETE', `/rest/triages/delete_list/?id__in=${ids.join(',')}`)).statusCode).toBe(204);
    expect(await triages()).toEqual([]);
  };
  const importVex = async (content: string | Buffer, fields: Record<string, string>, session = alice) => {
    const body = form(fields, { name: 'vex.json', content });
    return t.app.inject({ method: 'POST', url: '/rest/vex/', headers: { ...session.headers, ...body.headers }, payload: body.payload });
  };
  const counts = async (scanId: number) => {
    const { critical, high, medium, low } = (await api('GET', `/rest/scans/${scanId}/`)).json<{ vulnerability_counts: Record<string, number> }>().vulnerability_counts;
    return { critical, high, medium, low };
  };
  /** The stored counts by severity once the re-evaluation job has caught up (10 s at most). */
  const countsBecome = async (scanId: number, expected: Awaited<ReturnType<typeof counts>>) => {
    const deadline = Date.now() + 10_000;
    while (JSON.stringify(await counts(scanId)) !== JSON.stringify(expected) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    return counts(scanId);
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    alice = await newSession(t.app, t.database, ['AU']);
    for (const advisory of ADVISORIES) await importFeed(t.database.db, { name: `${advisory.id}.json`, bytes: Buffer.from(JSON.stringify(advisory)) });
    const newGroup = async (name: string) => (await api('POST', '/rest/groups/', { name })).json<{ id: number }>().id;
    apps = await newGroup('Apps');
    other = await newGroup('Other');
    router = await upload(apps, 'router.bin', [component({ name: 'lodash', version: '4.17.20' }), component({ name: 'minimist', version: '1.2.5' })]);
    switcher = await upload(apps, 'switch.bin', [component({ name: 'lodash', version: '4.17.19' })]);
    hidden = await upload(other, 'hidden.bin', [component({ name: 'lodash', version: '4.17.20' })]);
  });
  afterAll(() => t.close());

  /** Several rationales, scopes R, G, CA and FN, a range, a re-scoring by vector and one by severity: made through /rest/triages/. */
  const makeTriages = async (): Promise<Triage[]> => {
    const response = await api('POST', '/rest/triages/', [
      { scan_id: router, component_name: 'lodash', component_version: '4.17.20', vuln_id: 'CVE-2021-23337', rationale: 'NA', scope: 'R', result_scope: router, description: 'template() is never called.' },
      { scan_id: router, component_name: 'lodash', version_range: '>=4.17.0 <4.18.0', vuln_id: 'CVE-2020-28500', rationale: 'VP', scope: 'G', group_scope: apps, description: 'Backported by the vendor.' },
      { scan_id: router, component_name: 'minimist', component_version: '1.2.5', vuln_id: 'CVE-2021-44906', rationale: 'MI', scope: 'R', result_scope: router, environmental_vector: VECTOR, description: 'Only local input.' },
      { scan_id: switcher, component_name: 'lodash', component_version: '4.17.19', vuln_id: 'GHSA-35jh-r3h4-6jhm', rationale: 'WF', scope: 'G', group_scope: apps, adjusted_severity: 'low' },
      { scan_id: router, component_name: 'minimist', component_version: '1.2.5', vuln_id: 'CVE-2021-44906', rationale: 'CO', scope: 'R', result_scope: router, description: 'Asked upstream.\n\nNo answer yet.' },
      { scan_id: router, component_name: 'lodash', component_version: '4.17.20', vuln_id: 'CVE-2020-28500', rationale: 'FP', scope: 'CA' },
      { component_name: 'lodash', component_version: '4.17.20', vuln_id: 'CVE-2021-23337', rationale: 'IG', scope: 'FN', result_scope: router, description: 'Lab build.' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    return triages();
  };

  it('round trip: export, delete every triage, import: the same triage set again (account, both dialects)', async () => {
    const made = (await makeTriages()).map(significant).sort();
    expect(made).toHaveLength(7);
    // Resolved but for minimist's prototype pollution, re-scored from critical to high (adjacent network only).
    const before = { critical: 0, high: 1, medium: 0, low: 0 };
    expect(await countsBecome(router, before)).toEqual(before);
    for (const format of ['cyclonedx', 'openvex'] as const) {
      const exported = await api('GET', `/rest/vex/?format=${format}`);
      expect(exported.statusCode).toBe(200);
      await removeAll();
      expect(await countsBecome(router, { critical: 1, high: 1, medium: 1, low: 0 })).toEqual({ critical: 1, high: 1, medium: 1, low: 0 });

      const since = new Date();
      const imported = await importVex(exported.body, { scope: 'document' });
      expect(imported.statusCode, imported.body).toBe(201);
      const result = imported.json<ImportResult>();
      expect([result.dialect, result.dry_run, result.create.length, result.unchanged, result.unknown]).toEqual([format, false, 7, [], []]);
      const again = await triages();
      expect(again.map(significant).sort()).toEqual(made);
      expect(result.create.map((c) => c.triage).sort()).toEqual(again.map((r) => r.id).sort());
      // Made by the triage create path: audited, and the counts follow.
      const events = await t.database.db.select({ action: auditEvents.action }).from(auditEvents).where(and(eq(auditEvents.action, 'triage.create'), gt(auditEvents.at, since)));
      expect(events).toEqual([{ action: 'triage.create' }]);
      expect(await countsBecome(router, before)).toEqual(before);
    }
    await removeAll();
  });

  it('round trip of an application\'s export: the triages that hold there, on its components as evaluated', async () => {
    for (const format of ['cyclonedx', 'openvex'] as const) {
      // The won't-fix of lodash 4.17.19 holds in switch.bin only.
      const reaching = (await makeTriages()).filter((r) => r.component_version !== '4.17.19').map(significant).sort();
      expect(reaching).toHaveLength(6);
      const exported = await api('GET', `/rest/scans/${router}/vex/?format=${format}`);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toBe(format === 'cyclonedx'
        ? 'attachment; filename="router.bin.vex.cdx.json"; filename*=UTF-8\'\'router.bin.vex.cdx.json'
        : 'attachment; filename="router.bin.openvex.json"; filename*=UTF-8\'\'router.bin.openvex.json');
      expect(exported.headers['content-type']).toBe(format === 'cyclonedx' ? 'application/vnd.cyclonedx+json; version="1.6"; charset=utf-8' : 'application/json; charset=utf-8');
      await removeAll();
      const imported = await importVex(exported.body, { scope: 'document' });
      expect(imported.statusCode, imported.body).toBe(201);
      expect((await triages()).map(significant).sort()).toEqual(reaching);
      await removeAll();
    }
  });

  it('exports an application\'s triages on its components, as CycloneDX naming each by purl', async () => {
    await makeTriages();
    const bom = (await api('GET', `/rest/scans/${router}/vex/?format=cyclonedx`)).json<{
      metadata: { component: { name: string } };
      components: { 'bom-ref': string; name: string; version: string }[];
      vulnerabilities: { id: string; analysis: { state: string }; affects: { ref: string }[] }[];
    }>();
    expect(bom.metadata.component.name).toBe('router.bin');
    expect(bom.components.map((c) => [c['bom-ref'], c.name, c.version])).toEqual([['pkg:npm/lodash@4.17.20', 'lodash', '4.17.20'], ['pkg:npm/minimist@1.2.5', 'minimist', '1.2.5']]);
    expect(bom.vulnerabilities.map((v) => [v.id, v.analysis.state, v.affects.map((a) => a.ref)])).toEqual([
      ['CVE-2021-23337', 'not_affected', ['pkg:npm/lodash@4.17.20']],
      ['CVE-2020-28500', 'resolved', ['pkg:npm/lodash@4.17.20']],
      ['CVE-2021-44906', 'exploitable', ['pkg:npm/minimist@1.2.5']],
      ['CVE-2021-44906', 'in_triage', ['pkg:npm/minimist@1.2.5']],
      ['CVE-2020-28500', 'false_positive', ['pkg:npm/lodash@4.17.20']],
      ['CVE-2021-23337', 'exploitable', ['pkg:npm/lodash@4.17.20']],
    ]);
    await removeAll();
  });

  it('answers the same VEX as the scan\'s SBOM download in the cyclonedx-vex format', async () => {
    await makeTriages();
    const fromSbom = await api('GET', `/rest/scans/${router}/sbom/?format=cyclonedx-vex`);
    expect([fromSbom.statusCode, fromSbom.headers['content-disposition']]).toEqual([200, 'attachment; filename="router.bin.vex.cdx.json"; filename*=UTF-8\'\'router.bin.vex.cdx.json']);
    // Two exports differ only in their serial number and time.
    const comparable = (body: string) => ({ ...JSON.parse(body), serialNumber: null, metadata: { ...JSON.parse(body).metadata, timestamp: null } });
    const fromVex = await api('GET', `/rest/scans/${router}/vex/?format=cyclonedx`);
    expect(comparable(fromSbom.body)).toEqual(comparable(fromVex.body));
    expect(JSON.parse(fromSbom.body).vulnerabilities).toHaveLength(6);
    await removeAll();
  });

  it('exports a group\'s triages: those whose scope reaches its applications, not another group\'s', async () => {
    const all = await makeTriages();
    const elsewhere = await api('POST', '/rest/triages/', [{ scan_id: hidden, component_name: 'lodash', component_version: '4.17.20', vuln_id: 'CVE-2021-23337', rationale: 'PA', scope: 'R', result_scope: hidden }]);
    expect(elsewhere.statusCode).toBe(201);
    const vex = (await api('GET', `/rest/groups/${apps}/vex/?format=openvex`)).json<{ statements: { status_notes: string }[] }>();
    const ids = vex.statements.map((s) => Number(/"triage":(\d+)/.exec(s.status_notes)?.[1]));
    expect(ids).toEqual(all.map((r) => r.id));
    const response = await api('GET', `/rest/groups/${apps}/vex/?format=cyclonedx`);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Apps.vex.cdx.json"; filename*=UTF-8\'\'Apps.vex.cdx.json');
    const account = (await api('GET', '/rest/vex/?format=openvex')).json<{ statements: unknown[] }>();
    expect(account.statements).toHaveLength(8);
    await removeAll();
  });

  it('dry run: answers what would be made, unchanged and unknown, and writes nothing', async () => {
    await makeTriages();
    const exported = (await api('GET', '/rest/vex/?format=cyclonedx')).body;
    await removeAll();
    const preview = await importVex(exported, { scope: 'document', dry_run: 'true' });
    expect(preview.statusCode).toBe(200);
    const result = preview.json<ImportResult>();
    expect([result.dry_run, result.create.length, result.unchanged.length, result.unknown]).toEqual([true, 7, 0, []]);
    expect(result.create.every((c) => c.triage === null)).toBe(true);
    expect(await triages()).toEqual([]);
    // Applied, then again: every triage is already there.
    expect((await importVex(exported, { scope: 'document' })).statusCode).toBe(201);
    const ids = (await triages()).map((r) => r.id);
    const twice = await importVex(exported, { scope: 'document' });
    expect(twice.statusCode).toBe(200);
    expect([twice.json<ImportResult>().create, twice.json<ImportResult>().unchanged.map((u) => u.triage).sort()]).toEqual([[], [...ids].sort()]);
    expect((await triages()).map((r) => r.id)).toEqual(ids);
    await removeAll();
  });

  it('imports another tool\'s statements in the scope chosen: an application, a group, the account', async () => {
    const openvex = JSON.stringify({
      '@context': 'https://openvex.dev/ns/v0.2.0', '@id': 'https://example.com/vex/1', author: 'Vendor', timestamp: '2026-01-10T09:00:00Z', version: 1,
      statements: [
        { vulnerability: { name: 'CVE-2021-23337' }, products: [{ '@id': 'pkg:npm/lodash@4.17.20' }], status: 'not_affected', justification: 'vulnerable_code_not_in_execute_path' },
        { vulnerability: { name: 'CVE-2021-44906' }, products: [{ '@id': 'pkg:npm/minimist' }], status: 'fixed' },
      ],
    });
    const asR = await importVex(openvex, { scope: 'R', result_scope: String(router) });
    expect(asR.statusCode, asR.body).toBe(201);
    expect((await triages()).map((r) => [r.vuln_id, r.component_name, r.component_version, r.rationale, r.scope, r.result_scope, r.scan_id])).toEqual([
      ['CVE-2021-23337', 'lodash', '4.17.20', 'FD', 'R', router, router],
      ['CVE-2021-44906', 'minimist', '1.2.5', 'PA', 'R', router, router],
    ]);
    await removeAll();
    const asG = await importVex(openvex, { scope: 'G', group_scope: String(apps) });
    expect(asG.statusCode, asG.body).toBe(201);
    expect((await triages()).map((r) => [r.vuln_id, r.component_version, r.scope, r.group_scope, r.scan_id])).toEqual([
      ['CVE-2021-23337', '4.17.20', 'G', apps, router],
      ['CVE-2021-44906', '1.2.5', 'G', apps, router],
    ]);
    await removeAll();
    const asCA = await importVex(openvex, { scope: 'CA' });
    expect(asCA.statusCode, asCA.body).toBe(201);
    expect((await triages()).map((r) => [r.vuln_id, r.scope, r.group_scope, r.result_scope])).toEqual([['CVE-2021-23337', 'CA', null, null], ['CVE-2021-44906', 'CA', null, null]]);
    await removeAll();
  });

  it('refuses a document naming components or vulnerabilities the scope does not have, listing them, and stores nothing', async () => {
    const cdx = JSON.stringify({
      bomFormat: 'CycloneDX', specVersion: '1.6', version: 1,
      components: [{ type: 'library', 'bom-ref': 'left-pad', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' }],
      vulnerabilities: [
        { id: 'CVE-2021-23337', analysis: { state: 'not_affected' }, affects: [{ ref: 'pkg:npm/lodash@4.17.20' }] },
        { id: 'CVE-2024-0001', analysis: { state: 'false_positive' }, affects: [{ ref: 'left-pad' }] },
        { id: 'CVE-2024-0002', analysis: { state: 'false_positive' }, affects: [{ ref: 'pkg:npm/lodash@4.17.20' }] },
        { id: 'CVE-2024-0003', analysis: { state: 'false_positive' }, affects: [{ ref: 'https://example.com/product' }] },
      ],
    });
    const refused = await importVex(cdx, { scope: 'R', result_scope: String(router) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: 'Nothing was imported: statement 2: pkg:npm/left-pad@1.3.0 is in no application of the scope (CVE-2024-0001); '
        + 'statement 3: pkg:npm/lodash@4.17.20 does not have this vulnerability in the scope (CVE-2024-0002); '
        + 'statement 4: https://example.com/product names no package this server reads (CVE-2024-0003).',
    });
    expect(await triages()).toEqual([]);
    const preview = (await importVex(cdx, { scope: 'R', result_scope: String(router), dry_run: 'true' })).json<ImportResult>();
    expect([preview.create.map((c) => [c.statement, c.vuln_id, c.component_name]), preview.unknown]).toEqual([
      [[1, 'CVE-2021-23337', 'lodash']],
      [
        { statement: 2, vuln_id: 'CVE-2024-0001', product: 'pkg:npm/left-pad@1.3.0', reason: 'component' },
        { statement: 3, vuln_id: 'CVE-2024-0002', product: 'pkg:npm/lodash@4.17.20', reason: 'vulnerability' },
        { statement: 4, vuln_id: 'CVE-2024-0003', product: 'https://example.com/product', reason: 'product' },
      ],
    ]);
    // The account's scope: lodash is in applications the user sees; left-pad in none.
    const account = (await importVex(cdx, { scope: 'CA', dry_run: 'true' })).json<ImportResult>();
    expect(account.unknown.map((u) => u.reason)).toEqual(['component', 'vulnerability', 'product']);
    // Each statement's own scope, which another tool's document does not record: refused as such.
    expect((await importVex(cdx, { scope: 'document', dry_run: 'true' })).json<ImportResult>().unknown.map((u) => u.reason)).toEqual(['scope', 'scope', 'scope', 'product']);
    expect(await triages()).toEqual([]);
  });

  it('refuses an unknown dialect, a damaged document, missing fields and scopes the user cannot see', async () => {
    const vex = JSON.stringify({ '@context': 'https://openvex.dev/ns/v0.2.0', statements: [{ vulnerability: { name: 'CVE-2021-23337' }, products: [{ '@id': 'pkg:npm/lodash@4.17.20' }], status: 'fixed' }] });
    const spdx = await importVex(JSON.stringify({ spdxVersion: 'SPDX-2.3', SPDXID: 'SPDXRef-DOCUMENT' }), { scope: 'CA' });
    expect([spdx.statusCode, spdx.json()]).toEqual([400, {
      file: ['This is not a VEX document this server reads. Send CycloneDX JSON with vulnerabilities (1.4 to 1.6), OpenVEX JSON (0.2.0) or CSAF 2.0 JSON.'],
    }]);
    const damaged = await importVex(JSON.stringify({ '@context': 'https://openvex.dev/ns/v0.2.0', statements: [{ status: 'fixed' }] }), { scope: 'CA' });
    expect([damaged.statusCode, damaged.json()]).toEqual([400, { file: ['OpenVEX: Statement 1: its vulnerability name is missing.'] }]);
    expect((await importVex(vex, {})).json()).toEqual({ scope: ['Choose a scope: CA, G, R, FN, or document (each statement keeps the scope a Binlens export recorded).'] });
    expect((await importVex(vex, { scope: 'G' })).json()).toEqual({ group_scope: ['Scope G needs the group (group_scope).'] });
    expect((await importVex(vex, { scope: 'G', group_scope: 'x' })).json()).toEqual({ group_scope: ['A valid integer is required.'] });
    expect((await importVex(vex, { scope: 'R' })).json()).toEqual({ result_scope: ['Scopes R and FN need the application (result_scope).'] });
    expect((await importVex(vex, { scope: 'CA', dry_run: 'perhaps' })).json()).toEqual({ dry_run: ['Must be a valid boolean.'] });
    const body = form({ scope: 'CA' }, null);
    const noFile = await t.app.inject({ method: 'POST', url: '/rest/vex/', headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    expect([noFile.statusCode, noFile.json()]).toEqual([400, { file: ['No file was submitted.'] }]);

    // A user with the permission who does not see the group or the application: refused as if they did not exist.
    const bob = await newSession(t.app, t.database, ['SR']);
    expect((await importVex(vex, { scope: 'R', result_scope: String(hidden) }, bob)).json()).toEqual({ result_scope: ['Invalid pk - object does not exist.'] });
    expect((await importVex(vex, { scope: 'G', group_scope: String(other) }, bob)).json()).toEqual({ group_scope: ['Invalid pk - object does not exist.'] });
    // ... and whose account scope holds no lodash at all.
    expect((await importVex(vex, { scope: 'CA', dry_run: 'true' }, bob)).json<ImportResult>().unknown).toEqual([
      { statement: 1, vuln_id: 'CVE-2021-23337', product: 'pkg:npm/lodash@4.17.20', reason: 'component' },
    ]);
    expect((await as(bob)('GET', `/rest/scans/${hidden}/vex/?format=openvex`)).statusCode).toBe(404);
    expect((await as(bob)('GET', `/rest/groups/${other}/vex/?format=openvex`)).statusCode).toBe(404);
    expect((await as(bob)('GET', '/rest/vex/?format=openvex')).json<{ statements: unknown[] }>().statements).toEqual([]);
    // Without the permission: 403; without a session: 401.
    const carol = await newSession(t.app, t.database, ['U']);
    expect((await importVex(vex, { scope: 'CA' }, carol)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/rest/vex/?format=openvex' })).statusCode).toBe(401);
    expect((await api('GET', '/rest/vex/?format=spdx')).json()).toEqual({ format: ['Select a valid choice.'] });
    expect(await triages()).toEqual([]);
  });
});
