// Browser journey of triage, on PGlite: a knowledge base made by the CLI from vulndb's OSV and KEV
// fixtures gives lodash 4.17.20 its CVE-2021-23337; an application holding it is uploaded. From
// the analysis tab's component panel the vulnerability is selected and triaged for the group and
// a version range; the counts drop (the summary, the components table, and the stored counts
// the lists show); /triages lists it; its page changes it to a re-scoring (only the changed
// fields are sent) and the analysis tab shows "high → low"; removing it (an unresolving triage
// now, with its own confirmation) restores the counts. Screenshots at 1280 and 390 px under
// e2e/artifacts/triage/.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
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
  vuln_id: string;
  component_name: string;
  component_version: string | null;
  version_range: string | null;
  rationale: string;
  scope: string;
  group_scope: number | null;
  adjusted_severity: string | null;
  description: string;
}

/** The page answers slowly on a busy machine. */
const WAIT = { timeout: 30_000 };

let server: RunningServer;
let browser: JourneyBrowser;
let workDir: string;
let bundle: string;
let input: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'binlens-triage-journey-'));
  // The server first: it starts within its 90 s on a busy machine only when the CLI is not importing beside it.
  server = await startServer();
  [browser, bundle, input] = await Promise.all([journeyBrowser(), makeBundle(), makeVulnerableInput(workDir)]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Polls the scan until its stored counts (what lists show and sort by) are `expected`. */
async function storedCounts(api: ApiSession, scanId: number, expected: Counts): Promise<void> {
  await expect.poll(async () => (await api.json<{ vulnerability_counts: Counts | null }>('GET', `/rest/scans/${scanId}/`)).vulnerability_counts, { timeout: 30_000, interval: 250 }).toEqual(expected);
}

/** The large number of a summary card. */
async function headline(page: Page, card: string): Promise<string> {
  return page.getByRole('region', { name: 'Findings summary' }).getByRole('group', { name: card }).locator('p').nth(1).innerText();
}

/** The lodash row's Vulnerabilities cell in the components table. */
async function lodashVulnerabilities(page: Page): Promise<string> {
  const row = page.getByRole('table', { name: 'Components' }).getByRole('row').filter({ hasText: VULNERABLE_COMPONENT.name });
  return row.getByRole('cell').nth(4).innerText();
}

it('triages a vulnerability from the analysis tab, finds it in /triages, re-scores it there and removes it', async () => {
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
  await storedCounts(api, scan.id, { critical: 0, high: 1, medium: 0, low: 0, missing: 0 });

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: DESKTOP });
  const shot = screenshotter(page, 'triage');
  await logInAsAdmin(page, server);
  const patches: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/rest/triages/')) patches.push(request.postDataJSON());
  });

  // The analysis tab: one high vulnerability.
  await page.goto(`${server.baseUrl}/product/${scan.id}/analysis`);
  await expect.poll(() => headline(page, 'Vulnerabilities'), WAIT).toBe('1');
  await expect.poll(() => lodashVulnerabilities(page), WAIT).toMatch(/^high\s*1/);

  // The component's panel: select its vulnerability and triage it for the group and a range.
  await page.getByRole('button', { name: `Details of ${name}` }).click();
  const panel = page.getByRole('dialog', { name: `${name} ${version}` });
  const vulns = panel.getByRole('table', { name: 'Vulnerabilities of the component' });
  await vulns.getByRole('checkbox', { name: `Select ${cve}` }).check();
  await panel.getByRole('button', { name: 'Triage selected (1)' }).click();
  const dialog = page.getByRole('dialog', { name: `Triage 1 vulnerability of ${name} ${version}` });
  await dialog.getByLabel(/^Rationale/).click();
  await page.getByRole('option', { name: 'Not affected' }).click();
  await dialog.getByLabel(/^Scope/).click();
  await page.getByRole('option', { name: 'Group: Storefront' }).click();
  await dialog.getByRole('radio', { name: 'A version range' }).check();
  await dialog.getByRole('textbox', { name: 'Version range' }).fill('>=4.17.0 <4.17.21');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('The storefront never passes user input to _.template.');
  await shootBothWidths(page, shot, 'triage-dialog');
  await dialog.getByRole('button', { name: 'Triage', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Resolved: struck through with its rationale; the counts drop everywhere.
  await panel.getByRole('link', { name: 'Triage: Not affected' }).waitFor();
  expect(await vulns.getByRole('link', { name: cve }).getAttribute('style')).toContain('text-decoration: line-through');
  await shootBothWidths(page, shot, 'panel-triaged');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => headline(page, 'Vulnerabilities'), WAIT).toBe('0');
  await expect.poll(() => lodashVulnerabilities(page), WAIT).toMatch(/^None open\s*1 triaged$/);
  await storedCounts(api, scan.id, { critical: 0, high: 0, medium: 0, low: 0, missing: 0 });
  await shootBothWidths(page, shot, 'analysis-triaged');

  const [made] = (await api.json<{ results: Triage[] }>('GET', '/rest/triages/')).results;
  expect(made).toMatchObject({
    vuln_id: cve, component_name: name, component_version: null, version_range: '>=4.17.0 <4.17.21', rationale: 'NA', scope: 'G', group_scope: group.id,
    adjusted_severity: null, description: 'The storefront never passes user input to _.template.',
  });

  // /triages, from the menu.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Triages' }).click();
  const list = page.getByRole('table', { name: 'Triages' });
  const row = list.getByRole('row').filter({ hasText: cve });
  await expect.poll(() => row.getByRole('cell').allTextContents(), WAIT).toEqual([
    '', cve, `${name}>=4.17.0 <4.17.21`, 'Not affected', 'GroupStorefront', '–', 'The storefront never passes user input to _.template.', expect.stringMatching(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/),
  ]);
  await shootBothWidths(page, shot, 'triages-list');

  // Its page: a re-scoring to low instead, for the reason "mitigated"; only those fields are sent.
  await list.getByRole('link', { name: cve }).click();
  await page.getByRole('heading', { name: `Triage of ${cve}` }).waitFor();
  const edit = page.getByRole('form', { name: 'Edit triage' });
  expect(await edit.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  await edit.getByLabel(/^Rationale/).click();
  await page.getByRole('option', { name: 'Mitigated' }).click();
  await edit.getByRole('radio', { name: 'Adjusted severity' }).check();
  await edit.getByLabel('Severity it counts with').click();
  await page.getByRole('option', { name: 'Low' }).click();
  await shootBothWidths(page, shot, 'edit-triage');
  await edit.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Triage saved' }).waitFor();
  expect(patches).toEqual([{ rationale: 'MI', adjusted_severity: 'low' }]);
  expect(await edit.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  await storedCounts(api, scan.id, { critical: 0, high: 0, medium: 0, low: 1, missing: 0 });

  // The analysis tab: open again, counted low, shown beside its own severity.
  await page.goto(`${server.baseUrl}/product/${scan.id}/analysis?component=${encodeURIComponent((await componentUid(api, scan.id)) ?? '')}`);
  const rescored = page.getByRole('dialog', { name: `${name} ${version}` }).getByRole('group', { name: 'Re-scored' });
  await expect.poll(() => rescored.innerText(), WAIT).toMatch(/^high 7\.2\s*→\s*low$/);
  await shootBothWidths(page, shot, 'panel-rescored');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => headline(page, 'Vulnerabilities'), WAIT).toBe('1');
  await expect.poll(() => lodashVulnerabilities(page), WAIT).toMatch(/^low\s*1/);

  // Removed from its page: a re-scoring does not resolve, so it asks its own question.
  await page.goto(`${server.baseUrl}/triages/${made?.id ?? 0}`);
  await page.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove unresolving triage' });
  expect(await confirm.innerText()).toContain(`Remove this re-scoring of ${cve} of ${name}?`);
  await shootBothWidths(page, shot, 'remove-confirmation');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL(`${server.baseUrl}/triages`);
  await page.getByText('No triages yet.').waitFor();
  await shootBothWidths(page, shot, 'triages-empty');
  await storedCounts(api, scan.id, { critical: 0, high: 1, medium: 0, low: 0, missing: 0 });

  await page.goto(`${server.baseUrl}/product/${scan.id}/analysis`);
  await expect.poll(() => headline(page, 'Vulnerabilities'), WAIT).toBe('1');
  await expect.poll(() => lodashVulnerabilities(page), WAIT).toMatch(/^high\s*1/);
  expect(cspViolations()).toEqual([]);
});

async function componentUid(api: ApiSession, scanId: number): Promise<string | undefined> {
  const result = await api.json<{ components: { uid: string; lib: string }[] }>('GET', `/rest/scans/${scanId}/result/`);
  return result.components.find((c) => c.lib === VULNERABLE_COMPONENT.name)?.uid;
}
