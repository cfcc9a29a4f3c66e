// Browser journey of VEX, on PGlite: a knowledge base made by the CLI from vulndb's OSV and KEV
// fixtures gives lodash 4.17.20 its CVE-2021-23337; an application holding it is uploaded and
// triaged three ways through the API (not affected for the application, a re-scoring for the
// group across a version range, a comment). The SBOM tab downloads the application's VEX; the
// VEX screen (from /triages) downloads it as OpenVEX; every triage is removed; the document is
// previewed (nothing made) and applied: the same triages again, the counts back. A supplier's
// document naming a component the application does not have is refused in the preview.
// Screenshots at 1280 and 390 px under e2e/artifacts/vex/.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiSession } from './support/api-session.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { DESKTOP, makeBundle, makeVulnerableInput, shootBothWidths, VULNERABLE_COMPONENT, waitForKnowledgeBase } from './support/knowledge-base.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

interface Counts {
  critical: number;
  high: number;
  medium: number;
  low: number;
  missing: number;
}
interface Triage {
  id: number;
  scan_id: number | null;
  vuln_id: string;
  component_name: string;
  component_version: string | null;
  version_range: string | null;
  rationale: string;
  scope: string;
  group_scope: number | null;
  result_scope: number | null;
  adjusted_severity: string | null;
  description: string;
}

let server: RunningServer;
let browser: JourneyBrowser;
let workDir: string;
let bundle: string;
let input: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'binlens-vex-journey-'));
  // The server first, alone: on a busy machine its start competes with the CLI making the bundle.
  server = await startServer();
  [browser, bundle, input] = await Promise.all([journeyBrowser(), makeBundle(), makeVulnerableInput(workDir)]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** What a triage decides: the fields an export and import keep. */
const decision = (t: Triage) => JSON.stringify([
  t.scan_id, t.vuln_id, t.component_name, t.component_version, t.version_range, t.rationale, t.scope, t.group_scope, t.result_scope, t.adjusted_severity, t.description,
]);

it('exports an application\'s triages as VEX, imports them back after they were removed, and refuses a document naming what it does not have', async () => {
  const { name, version, cve } = VULNERABLE_COMPONENT;
  const api = new ApiSession(server.baseUrl);
  expect((await api.login(server.adminEmail, server.adminPassword)).status).toBe(200);
  const form = new FormData();
  form.append('file', new Blob([await readFile(bundle)]), 'knowledge-base.tar');
  expect((await api.request('POST', '/rest/knowledge-base/bundles/', form)).status).toBe(202);
  await waitForKnowledgeBase(api, (view) => view.state === 'ready');
  const group = await api.json<{ id: number }>('POST', '/rest/groups/', { name: 'Storefront' });
  const scan = await api.upload(group.id, input);
  expect((await api.waitForScan(scan.id)).status).toBe('R');
  await api.json('POST', '/rest/triages/', [
    { scan_id: scan.id, component_name: name, component_version: version, vuln_id: cve, rationale: 'NA', scope: 'R', result_scope: scan.id, description: 'The storefront never calls _.template.' },
    { scan_id: scan.id, component_name: name, version_range: '>=4.17.0 <4.17.21', vuln_id: cve, rationale: 'MI', scope: 'G', group_scope: group.id, adjusted_severity: 'low', description: 'Only reachable by staff.' },
    { scan_id: scan.id, component_name: name, component_version: version, vuln_id: cve, rationale: 'CO', scope: 'G', group_scope: group.id, description: 'Upgrade planned for the next release.' },
  ]);
  const made = (await api.json<{ results: Triage[] }>('GET', '/rest/triages/?ordering=id')).results;
  expect(made).toHaveLength(3);
  const countsOf = async () => (await api.json<{ vulnerability_counts: Counts | null }>('GET', `/rest/scans/${scan.id}/`)).vulnerability_counts;
  const triagedCounts = { critical: 0, high: 0, medium: 0, low: 0, missing: 0 };
  await expect.poll(countsOf, { timeout: 30_000, interval: 250 }).toMatchObject(triagedCounts);

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: DESKTOP });
  const shot = screenshotter(page, 'vex');
  await logInAsAdmin(page, server);

  // The SBOM tab: the application's VEX beside its SBOMs.
  await page.goto(`${server.baseUrl}/product/${scan.id}/details/sbom`);
  const vexCard = page.getByRole('region', { name: 'VEX' });
  await vexCard.waitFor();
  await shootBothWidths(page, shot, 'sbom-tab');
  const [cdxDownload] = await Promise.all([page.waitForEvent('download'), vexCard.getByRole('link', { name: 'Download VEX (CycloneDX)' }).click()]);
  expect(cdxDownload.suggestedFilename()).toBe('app-with-lodash.tar.vex.cdx.json');
  const bom = JSON.parse(await readFile(await cdxDownload.path(), 'utf8')) as { specVersion: string; vulnerabilities: { id: string; analysis: { state: string } }[] };
  expect([bom.specVersion, bom.vulnerabilities.map((v) => [v.id, v.analysis.state])]).toEqual(['1.6', [[cve, 'not_affected'], [cve, 'exploitable'], [cve, 'in_triage']]]);

  // /triages → the VEX screen: the application's triages as OpenVEX.
  await page.goto(`${server.baseUrl}/triages`);
  await page.getByRole('link', { name: 'Import / export VEX' }).click();
  await page.waitForURL(`${server.baseUrl}/triages/vex`);
  const exportCard = page.getByRole('region', { name: 'Export' });
  await exportCard.getByText('Application', { exact: true }).click();
  await exportCard.getByRole('combobox', { name: 'Application' }).click();
  await page.getByRole('option', { name: `app-with-lodash.tar (Storefront, #${scan.id})` }).click();
  await exportCard.getByRole('radio', { name: /^OpenVEX/ }).check();
  await shootBothWidths(page, shot, 'export');
  const [download] = await Promise.all([page.waitForEvent('download'), exportCard.getByRole('link', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('app-with-lodash.tar.openvex.json');
  const openvex = join(workDir, download.suggestedFilename());
  await download.saveAs(openvex);

  // Every triage removed: the vulnerability is open again.
  const removed = await api.request('DELETE', `/rest/triages/delete_list/?id__in=${made.map((t) => t.id).join(',')}`);
  expect(removed.status).toBe(204);
  await expect.poll(countsOf, { timeout: 30_000, interval: 250 }).toMatchObject({ high: 1 });

  // The document previewed: three triages to make, nothing made yet.
  await page.reload();
  const importCard = page.getByRole('region', { name: 'Import' });
  await importCard.getByLabel('VEX document').setInputFiles(openvex);
  await importCard.getByRole('button', { name: 'Preview' }).click();
  const toMake = page.getByRole('region', { name: 'Preview' }).getByRole('table', { name: 'To be made' });
  await toMake.waitFor();
  expect(await toMake.getByRole('row').count()).toBe(4);
  expect((await api.json<{ count: number }>('GET', '/rest/triages/')).count).toBe(0);
  await shootBothWidths(page, shot, 'import-preview');

  // Applied: the same triages again, and the counts with them.
  await importCard.getByRole('button', { name: 'Apply: make 3 triages' }).click();
  await importCard.getByRole('status').filter({ hasText: 'Made 3 triages.' }).waitFor();
  await shootBothWidths(page, shot, 'import-applied');
  const again = (await api.json<{ results: Triage[] }>('GET', '/rest/triages/?ordering=id')).results;
  expect(again.map(decision).sort()).toEqual(made.map(decision).sort());
  expect(again.map((t) => [t.rationale, t.scope, t.version_range ?? t.component_version, t.adjusted_severity])).toEqual([
    ['NA', 'R', version, null],
    ['MI', 'G', '>=4.17.0 <4.17.21', 'low'],
    ['CO', 'G', version, null],
  ]);
  await expect.poll(countsOf, { timeout: 30_000, interval: 250 }).toMatchObject(triagedCounts);

  // A supplier's document naming a package the application does not have: refused in the preview.
  const supplier = join(workDir, 'supplier.openvex.json');
  await writeFile(supplier, JSON.stringify({
    '@context': 'https://openvex.dev/ns/v0.2.0', '@id': 'https://example.com/vex/storefront-1', author: 'Example Supplier', timestamp: '2026-01-10T09:00:00Z', version: 1,
    statements: [
      { vulnerability: { name: cve }, products: [{ '@id': `pkg:npm/${name}@${version}` }], status: 'not_affected', justification: 'vulnerable_code_not_in_execute_path' },
      { vulnerability: { name: 'CVE-2021-3918' }, products: [{ '@id': 'pkg:npm/json-schema@0.2.3' }], status: 'fixed' },
    ],
  }));
  await importCard.getByLabel('VEX document').setInputFiles(supplier);
  await importCard.getByLabel('Scope of the triages', { exact: true }).click();
  await page.getByRole('option', { name: 'Application: this one only' }).click();
  await importCard.getByRole('combobox', { name: 'Application' }).click();
  await page.getByRole('option', { name: `app-with-lodash.tar (Storefront, #${scan.id})` }).click();
  await importCard.getByRole('button', { name: 'Preview' }).click();
  const refused = page.getByRole('region', { name: 'Preview' }).getByRole('table', { name: 'Refused' });
  await refused.waitFor();
  expect(await refused.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual(['2', 'CVE-2021-3918', 'pkg:npm/json-schema@0.2.3', 'No application of the scope has this component']);
  expect(await importCard.getByRole('button', { name: 'Apply: make 1 triage' }).isDisabled()).toBe(true);
  await shootBothWidths(page, shot, 'import-refused');
  expect((await api.json<{ count: number }>('GET', '/rest/triages/')).count).toBe(3);
  expect(cspViolations()).toEqual([]);
});
