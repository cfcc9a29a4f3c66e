// Browser journey: a gateway's configuration tree (a contact address, an update mirror named in
// two files, an admin password) is uploaded; in its info-leak tab the administrator selects the
// address and the mirror and triages them at scope "Application name" as uninteresting matches.
// They leave the list at once, the API lists them as triaged, and a second upload of the same
// file name in another group is triaged as soon as it is ready. "Show triaged" lists them with
// their triage; removing the address's triage (confirmed with Yes) returns it to both scans'
// matched lists. Screenshots at 1280 and 390 px under e2e/artifacts/infoleak-triage/.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tar } from '../packages/server/test/files.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { readyScan } from './support/ready-scan.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const EMAIL = 'noc@binlens-demo.org';
const MIRROR = 'https://mirror.binlens-demo.org/gateway/feed';
const PASSWORD = 'Lantern-Harbour-4419';
const FILE_NAME = 'gateway-2.0.tar';

const TREE = tar([
  { path: 'etc/gateway.conf', content: ['# Binlens demo gateway', `contact = ${EMAIL}`, `update_url = ${MIRROR}`, `admin_password = "${PASSWORD}"`, ''].join('\n') },
  { path: 'etc/opkg/distfeeds.conf', content: [`src/gz gateway_core ${MIRROR}`, ''].join('\n') },
]);

interface Triage { id: number; kind: string; scope: string; rationale: string; application_name: string | null; description: string }
interface Leak { id: number; kind: string; value: string; triages: Triage[] }
interface Page { count: number; results: Leak[] }

/** Waits until the table holds `count` rows: a page's first load may take seconds on a busy machine. */
async function rowCount(rows: Locator, count: number): Promise<void> {
  await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(count);
}

let server: RunningServer;
let browser: JourneyBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('triages findings from the info-leak tab, lists them under Show triaged and removes a triage', async () => {
  const { api, scanId } = await readyScan(server, 'Gateways', FILE_NAME, TREE);
  const listed = (id: number, query = '') => api.json<Page>('GET', `/rest/scans/${id}/infoleak/?limit=500${query}`);
  const before = await listed(scanId);
  const values = (page: Page) => page.results.map((leak) => leak.value).sort();
  expect(values(before)).toEqual(expect.arrayContaining([EMAIL, MIRROR, MIRROR, PASSWORD]));
  const admin = await api.json<{ username: string }>('GET', '/rest/users/me/');

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'infoleak-triage');
  await logInAsAdmin(page, server);
  await page.goto(`${server.baseUrl}/product/${scanId}/info-leak`);
  const table = page.getByRole('table', { name: 'Information leaks' });
  const rows = table.locator('tbody tr');
  await rowCount(rows, before.count);
  await table.getByRole('checkbox', { name: `Select Email address ${EMAIL}` }).click();
  // A row's checkbox names its kind and value, a long value cut short.
  await table.getByRole('checkbox', { name: /^Select URL https:\/\/mirror\.binlens-demo\.org\// }).first().click();
  await shot('selected-1280');

  await page.getByRole('button', { name: 'Triage', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Triage 2 findings' });
  await dialog.waitFor();
  await dialog.getByRole('combobox', { name: 'Scope' }).click();
  await page.getByRole('option', { name: 'Application name' }).click();
  await expect.poll(() => dialog.innerText()).toContain(`In every application named ${FILE_NAME}, in any group, uploads to come included.`);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Our own NOC address and package mirror.');
  await shot('triage-dialog-1280');
  await dialog.getByRole('button', { name: 'Triage', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  // The mirror is named in two files: one triage holds for both findings of its value.
  await rowCount(rows, before.count - 3);
  expect(await page.getByRole('status').innerText()).toBe('3 findings triaged: "Show triaged" lists them.');
  expect(await table.innerText()).not.toContain(EMAIL);
  await shot('after-triage-1280');

  const matched = await listed(scanId);
  const triaged = await listed(scanId, '&triaged=true');
  expect([matched.count, values(triaged)]).toEqual([before.count - 3, [MIRROR, MIRROR, EMAIL].sort()]);
  expect(triaged.results.map((leak) => leak.triages.map((t) => [t.kind, t.scope, t.rationale, t.application_name, t.description]))).toEqual(
    triaged.results.map((leak) => [[leak.kind, 'FN', 'U', FILE_NAME, 'Our own NOC address and package mirror.']]),
  );
  const summary = await api.json<{ infoleaks: { kind: string; count: number }[] }>('GET', `/rest/scans/${scanId}/scan_summary/`);
  expect(summary.infoleaks.map((row) => row.kind)).not.toContain('emails');

  // The same file name uploaded into another group: triaged as soon as it is ready.
  const { scanId: again } = await readyScan(server, 'Gateways (lab)', FILE_NAME, TREE);
  expect(values(await listed(again, '&triaged=true'))).toEqual([MIRROR, MIRROR, EMAIL].sort());
  await page.goto(`${server.baseUrl}/product/${again}/info-leak`);
  await rowCount(rows, before.count - 3);
  await page.getByRole('checkbox', { name: 'Show triaged' }).click();
  await page.waitForURL(/triaged=true/);
  const triagedTable = page.getByRole('table', { name: 'Triaged information leaks' });
  const triagedRows = triagedTable.locator('tbody tr');
  await rowCount(triagedRows, 3);
  const emailRow = triagedRows.filter({ hasText: EMAIL });
  const triageCell = (await emailRow.locator('td').nth(3).innerText()).replace(/\s+/g, ' ').trim();
  expect(triageCell.replace(/\d{4}-\d\d-\d\d \d\d:\d\d UTC$/, 'TIME')).toBe(`Uninteresting match Application name: ${FILE_NAME} ${admin.username} · TIME`);
  await shot('show-triaged-1280');

  await emailRow.click();
  const panel = page.getByRole('dialog', { name: 'Email address' });
  const card = panel.getByLabel(/^Triage \d+$/);
  await card.waitFor();
  expect(await card.innerText()).toContain('Our own NOC address and package mirror.');
  await shot('triage-panel-1280');
  await card.getByRole('button', { name: 'Remove triage' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove triage' });
  await confirm.waitFor();
  await shot('remove-confirm-1280');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await confirm.waitFor({ state: 'detached' });
  await rowCount(triagedRows, 2);
  await panel.getByText('Not triaged: the finding is in the matched list.').waitFor();
  await shot('removed-1280');
  await panel.getByRole('button', { name: 'Close' }).click();
  // The application-name triage is gone: the address is matched again in both scans.
  for (const id of [scanId, again]) expect((await listed(id)).results.map((leak) => leak.value)).toContain(EMAIL);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/product/${scanId}/info-leak`);
  await rowCount(rows, before.count - 2);
  await table.getByRole('checkbox', { name: `Select Email address ${EMAIL}` }).click();
  await page.getByRole('button', { name: 'Triage', exact: true }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Triage 1 finding' });
  await phoneDialog.waitFor();
  // A full-page capture keeps fixed layers to the first screen: with a screen as tall as the page, the dialog shows as the phone does.
  const pageHeight = Number(await page.evaluate('document.documentElement.scrollHeight'));
  await page.setViewportSize({ width: 390, height: pageHeight });
  await shot('triage-dialog-390');
  await page.setViewportSize({ width: 390, height: 844 });
  await phoneDialog.getByRole('button', { name: 'Cancel' }).click();
  await phoneDialog.waitFor({ state: 'detached' });
  await page.getByRole('checkbox', { name: 'Show triaged' }).click();
  await rowCount(triagedRows, 2);
  await shot('show-triaged-390');
  expect(cspViolations()).toEqual([]);
  await page.close();
});
