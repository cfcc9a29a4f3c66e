// Browser journey of overrides, ignores and moves, on PGlite: a knowledge base made by the CLI
// from vulndb's OSV and KEV fixtures gives lodash 4.17.20 its CVE-2021-23337 (fixed in 4.17.21);
// the same application (lodash and minimist) is uploaded into two groups. From the analysis
// tab's component panel lodash's version is overridden globally (both scans' counts drop, the
// table shows the detected version struck through), its licence overridden and it is renamed;
// removing the version override asks first and warns of the recalculation, and restores the
// counts; an ignore leaves its vulnerability out; moving its file to minimist empties it (it
// disappears) and undoing the move brings it back. Screenshots at 1280 and 390 px under
// e2e/artifacts/overrides/.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tar } from '../packages/server/test/files.ts';
import { ApiSession } from './support/api-session.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { DESKTOP, makeBundle, shootBothWidths, waitForKnowledgeBase } from './support/knowledge-base.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

/** What the page's window offers that this package, type-checked without the DOM library, needs. */
interface BrowserWindow {
  getComputedStyle(node: unknown): { textDecorationLine: string };
}

type Counts = Record<'critical' | 'high' | 'medium' | 'low' | 'missing', number>;
const NONE: Counts = { critical: 0, high: 0, medium: 0, low: 0, missing: 0 };
const ONE_HIGH: Counts = { ...NONE, high: 1 };

let server: RunningServer;
let browser: JourneyBrowser;
let workDir: string;
let bundle: string;
let input: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'binlens-overrides-journey-'));
  input = join(workDir, 'storefront.tar');
  await writeFile(input, tar([
    { path: 'node_modules/lodash/package.json', content: JSON.stringify({ name: 'lodash', version: '4.17.20', license: 'MIT' }) },
    { path: 'node_modules/minimist/package.json', content: JSON.stringify({ name: 'minimist', version: '1.2.8', license: 'MIT' }) },
  ]));
  // The server first: on a busy machine its start is the slowest step, and must end within its 90 s.
  server = await startServer();
  [browser, bundle] = await Promise.all([journeyBrowser(), makeBundle()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Waits for what the page shows: a page's first load on a busy machine takes seconds. */
function poll<T>(read: () => Promise<T>) {
  return expect.poll(read, { timeout: 30_000, interval: 250 });
}

/** Polls each scan until its stored counts (what lists show and sort by) are `expected`. */
async function storedCounts(api: ApiSession, scanIds: number[], expected: Counts[]): Promise<void> {
  await expect.poll(async () => Promise.all(scanIds.map(async (id) => (await api.json<{ vulnerability_counts: Counts | null }>('GET', `/rest/scans/${id}/`)).vulnerability_counts)), { timeout: 30_000, interval: 250 }).toEqual(expected);
}

/** The large number of a summary card. */
async function headline(page: Page, card: string): Promise<string> {
  return page.getByRole('region', { name: 'Findings summary' }).getByRole('group', { name: card }).locator('p').nth(1).innerText();
}

/** The cells of the components table's row of the component shown as `name`. */
function row(page: Page, name: string): Locator {
  return page.getByRole('table', { name: 'Components' }).getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
}

/** The open component panel and its adjustments. */
function adjustments(page: Page): Locator {
  return page.getByRole('dialog').filter({ has: page.getByRole('region', { name: 'Adjustments' }) }).getByRole('region', { name: 'Adjustments' });
}

async function currentAdjustments(page: Page): Promise<string[]> {
  return adjustments(page).getByRole('list', { name: 'Current adjustments' }).getByRole('listitem').allInnerTexts();
}

it('overrides a version globally, a licence and a name, ignores, moves files and undoes each from the component panel', async () => {
  const api = new ApiSession(server.baseUrl);
  expect((await api.login(server.adminEmail, server.adminPassword)).status).toBe(200);
  const form = new FormData();
  form.append('file', new Blob([await readFile(bundle)]), 'knowledge-base.tar');
  expect((await api.request('POST', '/rest/knowledge-base/bundles/', form)).status).toBe(202);
  await waitForKnowledgeBase(api, (view) => view.state === 'ready');
  const storefront = await api.json<{ id: number }>('POST', '/rest/groups/', { name: 'Storefront' });
  const backoffice = await api.json<{ id: number }>('POST', '/rest/groups/', { name: 'Backoffice' });
  const scan = await api.upload(storefront.id, input);
  const other = await api.upload(backoffice.id, input);
  expect((await api.waitForScan(scan.id)).status).toBe('R');
  expect((await api.waitForScan(other.id)).status).toBe('R');
  await storedCounts(api, [scan.id, other.id], [ONE_HIGH, ONE_HIGH]);

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: DESKTOP });
  const shot = screenshotter(page, 'overrides');
  await logInAsAdmin(page, server);
  await page.goto(`${server.baseUrl}/product/${scan.id}/analysis`);
  await poll(() => headline(page, 'Vulnerabilities')).toBe('1');

  // The panel: nothing adjusted yet, every action offered to an administrator.
  await page.getByRole('button', { name: 'Details of lodash' }).click();
  await poll(() => adjustments(page).getByRole('button').allInnerTexts()).toEqual(['Override version', 'Override licence', 'Rename', 'Ignore component', 'Move files']);
  await adjustments(page).getByText('No version, licence or name overrides, ignores or moved files.').waitFor();
  await shootBothWidths(page, shot, 'panel');

  // A global version override, keyed on lodash's package.json.
  await adjustments(page).getByRole('button', { name: 'Override version' }).click();
  const versionDialog = page.getByRole('dialog', { name: 'Override the version of lodash' });
  await versionDialog.getByLabel('Version').fill('4.17.21');
  await versionDialog.getByRole('combobox', { name: 'Holds for' }).click();
  expect(await page.getByRole('option').allInnerTexts()).toEqual(['This application only', 'Every application in group Storefront', 'Every application (global)']);
  await page.getByRole('option', { name: 'Every application (global)' }).click();
  expect(await versionDialog.getByRole('checkbox').count()).toBe(1);
  expect(await versionDialog.getByRole('checkbox').isChecked()).toBe(true);
  await shootBothWidths(page, shot, 'version-dialog');
  await versionDialog.getByRole('button', { name: 'Override version' }).click();
  await versionDialog.waitFor({ state: 'hidden' });
  await poll(() => currentAdjustments(page)).toEqual([expect.stringMatching(/^Version\s*4\.17\.21 \(shown\)\s*Global\s*Remove$/)]);
  await page.getByRole('dialog', { name: 'lodash 4.17.21' }).getByRole('button', { name: 'Close' }).click();
  await poll(() => headline(page, 'Vulnerabilities')).toBe('0');
  expect(await row(page, 'lodash').getByRole('cell').nth(1).innerText()).toMatch(/^4\.17\.21\s+4\.17\.20 overridden$/);
  expect(await row(page, 'lodash').getByRole('cell').nth(1).getByText('4.17.20').evaluate((node) => (globalThis as unknown as BrowserWindow).getComputedStyle(node).textDecorationLine)).toBe('line-through');
  expect(await row(page, 'lodash').getByRole('cell').nth(4).innerText()).toBe('None');
  // Global: the other group's scan follows too.
  await storedCounts(api, [scan.id, other.id], [NONE, NONE]);
  // The header's verdict is the stored one: it follows once the job has re-evaluated the scan.
  await poll(() => page.getByLabel('Verdict Vulnerable', { exact: true }).count()).toBe(0);
  await shootBothWidths(page, shot, 'version-overridden');

  // A licence for this application, and a display name for every application.
  await page.getByRole('button', { name: 'Details of lodash' }).click();
  await adjustments(page).getByRole('button', { name: 'Override licence' }).click();
  const licenceDialog = page.getByRole('dialog', { name: 'Override the licence of lodash' });
  await licenceDialog.getByLabel('Licence').fill('MIT OR Apache-2.0');
  await shootBothWidths(page, shot, 'licence-dialog');
  await licenceDialog.getByRole('button', { name: 'Override licence' }).click();
  await licenceDialog.waitFor({ state: 'hidden' });
  await adjustments(page).getByRole('button', { name: 'Rename' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename lodash' });
  await renameDialog.getByLabel('Display name').fill('Lo-Dash');
  await renameDialog.getByRole('button', { name: 'Rename' }).click();
  await renameDialog.waitFor({ state: 'hidden' });
  await poll(() => currentAdjustments(page)).toEqual([
    expect.stringMatching(/^Version\s*4\.17\.21 \(shown\)\s*Global\s*Remove$/),
    expect.stringMatching(/^Licence\s*MIT OR Apache-2\.0 \(shown\)\s*This application\s*Remove$/),
    expect.stringMatching(/^Name\s*Lo-Dash \(detected as lodash\)\s*Global\s*Remove$/),
  ]);
  await shootBothWidths(page, shot, 'panel-adjusted');
  await page.getByRole('dialog', { name: 'Lo-Dash 4.17.21' }).getByRole('button', { name: 'Close' }).click();
  await poll(() => row(page, 'Lo-Dash').getByRole('cell').nth(0).innerText()).toMatch(/^Lo-Dash\s+detected as lodash$/);
  expect(await row(page, 'Lo-Dash').getByRole('cell').nth(3).innerText()).toMatch(/MIT OR Apache-2\.0\s*overridden$/);

  // Removing the version override asks first and says what follows.
  await page.getByRole('button', { name: 'Details of Lo-Dash' }).click();
  await adjustments(page).getByRole('button', { name: /^Remove version/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove version override' });
  expect(await confirm.innerText()).toContain('Remove the version override 4.17.21 of Lo-Dash? The results of every application it reaches are recalculated');
  await shootBothWidths(page, shot, 'remove-version-confirmation');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await confirm.waitFor({ state: 'hidden' });
  await storedCounts(api, [scan.id, other.id], [ONE_HIGH, ONE_HIGH]);
  await poll(() => headline(page, 'Vulnerabilities')).toBe('1');

  // Ignored in this application: its vulnerability leaves the counts; removed again.
  await adjustments(page).getByRole('button', { name: 'Ignore component' }).click();
  const ignoreDialog = page.getByRole('dialog', { name: 'Ignore Lo-Dash' });
  await ignoreDialog.getByLabel('Why').fill('Only the build tools use it.');
  await shootBothWidths(page, shot, 'ignore-dialog');
  await ignoreDialog.getByRole('button', { name: 'Ignore component' }).click();
  await ignoreDialog.waitFor({ state: 'hidden' });
  await poll(() => currentAdjustments(page)).toContainEqual(expect.stringMatching(/^Ignored\s*version 4\.17\.20 · Only the build tools use it\.\s*This application\s*Remove$/));
  await page.getByRole('dialog', { name: 'Lo-Dash 4.17.20' }).getByRole('button', { name: 'Close' }).click();
  await poll(() => row(page, 'Lo-Dash').getByRole('cell').nth(4).innerText()).toBe('Ignored');
  await poll(() => headline(page, 'Vulnerabilities')).toBe('0');
  await storedCounts(api, [scan.id, other.id], [NONE, ONE_HIGH]);
  await shootBothWidths(page, shot, 'ignored');
  await page.getByRole('button', { name: 'Details of Lo-Dash' }).click();
  await adjustments(page).getByRole('button', { name: /^Remove ignored/ }).click();
  await page.getByRole('dialog', { name: 'Remove component ignore' }).getByRole('button', { name: 'Yes' }).click();
  await storedCounts(api, [scan.id], [ONE_HIGH]);

  // Moving its one file to minimist empties it: it disappears, minimist shows the move; undone.
  await adjustments(page).getByRole('button', { name: 'Move files' }).click();
  const moveDialog = page.getByRole('dialog', { name: 'Move files of Lo-Dash 4.17.20' });
  await moveDialog.getByRole('combobox', { name: 'Move to' }).click();
  await page.getByRole('option', { name: 'minimist 1.2.8' }).click();
  await moveDialog.getByRole('button', { name: 'All' }).click();
  await moveDialog.getByRole('status').filter({ hasText: 'Lo-Dash 4.17.20 keeps no file and disappears from the result.' }).waitFor();
  await shootBothWidths(page, shot, 'move-dialog');
  await moveDialog.getByRole('button', { name: 'Move files' }).click();
  await moveDialog.waitFor({ state: 'hidden' });
  await page.getByRole('dialog', { name: 'minimist 1.2.8' }).waitFor();
  await poll(() => currentAdjustments(page)).toEqual([expect.stringMatching(/^Moved\s*1 file from a component the move emptied\s*Undo$/)]);
  // The moved file's evidence went with it.
  await poll(() => page.getByRole('dialog', { name: 'minimist 1.2.8' }).getByRole('region', { name: 'Evidence' }).innerText()).toContain('node_modules/lodash/package.json');
  await poll(() => page.getByRole('table', { name: 'Components' }).getByRole('row').count()).toBe(2);
  await storedCounts(api, [scan.id], [NONE]);
  await shootBothWidths(page, shot, 'moved');
  await adjustments(page).getByRole('button', { name: /^Undo moved/ }).click();
  const undo = page.getByRole('dialog', { name: 'Undo move' });
  await undo.getByRole('button', { name: 'Yes' }).click();
  await poll(() => page.getByRole('table', { name: 'Components' }).getByRole('row').count()).toBe(3);
  await storedCounts(api, [scan.id], [ONE_HIGH]);

  const events = await api.json<{ results: { action: string }[] }>('GET', '/rest/audit-events/?limit=50');
  const actions = events.results.map((event) => event.action).filter((action) => /override|ignore|move/.test(action)).reverse();
  expect(actions).toEqual([
    'version_override.create', 'license_override.create', 'component_name_override.create', 'version_override.delete',
    'component_ignore.create', 'component_ignore.delete', 'component_move.create', 'component_move.delete',
  ]);
  expect(cspViolations()).toEqual([]);
});
