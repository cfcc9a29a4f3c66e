// Browser journey: scan control. The demo .deb is uploaded and scanned by the real engine;
// on its page the Actions menu renames it (the PATCH carries only the name), rescans it,
// removes its file after 'Yes' (a rescan is then refused, the results stay) and removes the
// analysis; in the group's list two selected applications are removed at once after 'Yes';
// an application still busy is aborted from its page and fails "Aborted by <admin>"; a comment
// is added. A 150 MB scan is aborted while the real engine runs it, and its scan log says the
// engine was stopped. Every scan waits BINLENS_TEST_SCAN_DELAY_MS before its engine starts, so
// each state (busy, then ready) is seen.
// Screenshots at 1280 and 390 px under e2e/artifacts/scan-control/.
import { join } from 'node:path';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiSession } from './support/api-session.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter, settled } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const demoDeb = join(import.meta.dirname, 'fixtures/demo-deb/binlens-demo_1.4.2-1_amd64.deb');
const SCAN_DELAY_MS = 3000;

let server: RunningServer;
let browser: JourneyBrowser;
let api: ApiSession;
let scratch: string;
let groupId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { BINLENS_TEST_SCAN_DELAY_MS: String(SCAN_DELAY_MS) } }), journeyBrowser()]);
  api = new ApiSession(server.baseUrl);
  await api.login(server.adminEmail, server.adminPassword);
  groupId = (await api.json<{ id: number }>('POST', '/rest/groups/', { name: 'Lab firmware' })).id;
  scratch = await mkdtemp(join(tmpdir(), 'binlens-control-'));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** A small file of its own (the engine finds nothing in it: verdict N/A). */
async function textFile(name: string): Promise<string> {
  const path = join(scratch, name);
  await writeFile(path, `notes for ${name}\n`);
  return path;
}

async function logIn(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Email').fill(server.adminEmail);
  await page.getByLabel('Password').fill(server.adminPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

const statusBadge = (page: Page, text: string) => page.getByRole('group', { name: 'Scan summary' }).getByText(text, { exact: true });

it('renames, rescans, removes the file (rescan refused) and removes an analysis; removes two selected; aborts a busy scan', async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'scan-control');
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (['PATCH', 'POST', 'DELETE'].includes(request.method()) && request.url().includes('/rest/scans/')) sent.push(request);
  });
  await logIn(page);

  const deb = await api.upload(groupId, demoDeb);
  expect((await api.waitForScan(deb.id)).status).toBe('R');
  await page.goto(`${server.baseUrl}/product/${deb.id}/analysis`);
  await statusBadge(page, 'Ready').waitFor();
  // The journey's server has no vulnerability data: zero findings are no pass.
  await page.getByRole('group', { name: 'Scan summary' }).getByLabel('Verdict Verify').waitFor();

  // Rename: only the name is sent.
  await page.getByRole('button', { name: 'Actions' }).click();
  await settled(page);
  await shot('actions-menu');
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('demo-package.deb');
  await settled(page);
  await shot('rename');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('heading', { name: 'demo-package.deb' }).waitFor();

  // Rescan: busy, then ready again.
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Rescan' }).click();
  await expect.poll(async () => (await api.json<{ status: string }>('GET', `/rest/scans/${deb.id}/`)).status, { timeout: 30_000 }).not.toBe('R');
  expect((await api.waitForScan(deb.id)).status).toBe('R');
  await statusBadge(page, 'Ready').waitFor({ timeout: 30_000 });

  // Remove the file after 'Yes': the results stay, a rescan is refused.
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Remove file' }).click();
  await settled(page);
  await shot('remove-file-confirm');
  await page.getByRole('dialog', { name: 'Remove file' }).getByRole('button', { name: 'Yes' }).click();
  await page.getByText('File removed').waitFor();
  await page.getByRole('row').filter({ hasText: 'left-pad' }).first().waitFor();
  await page.getByRole('button', { name: 'Actions' }).click();
  expect(await page.getByRole('menuitem', { name: 'Rescan' }).isDisabled()).toBe(true);
  await page.keyboard.press('Escape');
  const refused = await api.request('POST', `/rest/scans/${deb.id}/rescan/`);
  expect([refused.status, await refused.json()]).toEqual([409, { detail: "The scan's file was removed, so it cannot be scanned again: upload the file again." }]);
  await settled(page);
  await shot('file-removed');

  // A comment on the scan.
  await page.getByRole('tab', { name: 'Comments' }).click();
  await page.getByLabel('Add a comment').fill('Vendor confirmed the left-pad fix ships in 1.4.3.');
  await page.getByRole('button', { name: 'Comment' }).click();
  await page.getByText('Vendor confirmed the left-pad fix ships in 1.4.3.').waitFor();
  await settled(page);
  await shot('comments');

  // Remove the analysis after 'Yes': back on the group, the scan gone.
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Remove analysis' }).click();
  await page.getByRole('dialog', { name: 'Remove analysis' }).getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL(new RegExp(`/groups/${groupId}/applications`));
  expect((await api.request('GET', `/rest/scans/${deb.id}/`)).status).toBe(404);

  // Two selected applications removed at once.
  const first = await api.upload(groupId, await textFile('notes-a.txt'));
  const second = await api.upload(groupId, await textFile('notes-b.txt'));
  const kept = await api.upload(groupId, await textFile('notes-c.txt'));
  for (const scan of [first, second, kept]) expect((await api.waitForScan(scan.id)).status).toBe('R');
  await page.goto(`${server.baseUrl}/groups/${groupId}/applications`);
  const table = page.getByRole('table', { name: 'Applications' });
  await table.getByRole('link', { name: 'notes-c.txt' }).waitFor();
  await page.getByRole('checkbox', { name: 'Select notes-a.txt' }).check();
  await page.getByRole('checkbox', { name: 'Select notes-b.txt' }).check();
  await settled(page);
  await shot('list-selected');
  await page.getByRole('button', { name: 'Bulk actions' }).click();
  await settled(page);
  await shot('bulk-menu');
  await page.getByRole('menuitem', { name: 'Remove', exact: true }).click();
  await settled(page);
  await shot('bulk-remove-confirm');
  await page.getByRole('dialog', { name: 'Remove selected applications' }).getByRole('button', { name: 'Yes' }).click();
  await page.getByLabel('Bulk action result').getByText('2 removed.').waitFor();
  await expect.poll(() => table.getByRole('link', { name: /^notes-/ }).allInnerTexts()).toEqual(['notes-c.txt']);
  await settled(page);
  await shot('bulk-removed');

  // The remaining one says N/A with its reason.
  await table.getByRole('link', { name: 'notes-c.txt' }).click();
  await page.getByRole('group', { name: 'Scan summary' }).getByLabel('Verdict N/A').waitFor();
  await settled(page);
  await shot('verdict-na');

  // A long scan is aborted from its page while the real engine runs: 150 MB of random bytes
  // keep it busy for seconds once it has started (its progress names a scanner process).
  const bigFile = join(scratch, 'large-image.bin');
  await writeFile(bigFile, randomBytes(150 * 1024 * 1024));
  const slow = await api.upload(groupId, bigFile);
  await rm(bigFile);
  await page.goto(`${server.baseUrl}/product/${slow.id}/comments`);
  await expect
    .poll(async () => (await api.json<{ progress: { stage: string } | null }>('GET', `/rest/scans/${slow.id}/`)).progress?.stage ?? null, { timeout: 60_000, interval: 100 })
    .not.toBeNull();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Abort' }).click();
  await page.getByRole('dialog', { name: 'Abort analysis' }).getByRole('button', { name: 'Yes' }).click();
  await statusBadge(page, 'Failed').waitFor();
  await page.getByText(`Aborted by ${server.adminEmail}`).waitFor();
  expect(await api.json<{ status: string; error: string }>('GET', `/rest/scans/${slow.id}/`)).toMatchObject({ status: 'F', error: `Aborted by ${server.adminEmail}` });
  // The job saw the abort and stopped the engine's thread.
  await expect
    .poll(async () => (await api.json<{ lines: { message: string }[] }>('GET', `/rest/scans/${slow.id}/scan-log`)).lines.map((line) => line.message).some((message) => message.startsWith('Aborted: the engine on worker')), { timeout: 30_000 })
    .toBe(true);
  await settled(page);
  await shot('aborted');

  expect(sent.map((request) => [request.method(), new URL(request.url()).pathname, request.postDataJSON() as unknown])).toEqual([
    ['PATCH', `/rest/scans/${deb.id}/`, { name: 'demo-package.deb' }],
    ['POST', `/rest/scans/${deb.id}/rescan/`, null],
    ['DELETE', `/rest/scans/${deb.id}/binary/`, null],
    ['DELETE', `/rest/scans/${deb.id}/`, null],
    ['POST', '/rest/scans/delete/', { id__in: [first.id, second.id] }],
    ['POST', `/rest/scans/${slow.id}/abort/`, null],
  ]);
  expect(cspViolations()).toEqual([]);
  await page.close();
});

it('fits the scan page, its menu and the selected list on a phone', async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 390, height: 844 } });
  const shot = screenshotter(page, 'scan-control-390');
  await logIn(page);
  const scan = await api.upload(groupId, await textFile('phone-notes.txt'));
  await api.waitForScan(scan.id);
  await page.goto(`${server.baseUrl}/product/${scan.id}/comments`);
  await page.getByRole('group', { name: 'Scan summary' }).getByLabel('Verdict N/A').waitFor();
  await page.getByRole('button', { name: 'Actions' }).click();
  await settled(page);
  await shot('actions-menu');
  await page.keyboard.press('Escape');
  await page.goto(`${server.baseUrl}/groups/${groupId}/applications`);
  await page.getByRole('checkbox', { name: 'Select phone-notes.txt' }).check();
  await settled(page);
  await shot('list-selected');
  await page.getByRole('button', { name: 'Bulk actions' }).click();
  await settled(page);
  await shot('bulk-menu');
  expect(cspViolations()).toEqual([]);
  await page.close();
});
