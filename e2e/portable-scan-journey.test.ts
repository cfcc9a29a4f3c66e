// Browser journey: a ready scan's portable scan file (.bdba) downloads from the Actions menu,
// is uploaded through another group's upload page (which says such a file is imported) and
// becomes a ready scan of the same product, its lists answering what the original's do,
// without the engine. Screenshots at 1280 and 390 px under e2e/artifacts/portable-scan/.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tar } from '../packages/server/test/files.ts';
import { readyScan } from './support/ready-scan.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const fixture = (path: string) => readFileSync(new URL(`../packages/engine/fixtures/${path}`, import.meta.url));

const FIRMWARE = tar([
  { path: 'app/demo.apk', content: fixture('mobile/apk-basic/demo.apk') },
  { path: 'usr/bin/agent', content: fixture('executables/elf-default/elf-default') },
  { path: 'etc/agent.conf', content: 'contact = ops@binlens-demo.org\npassword = "Harbour-Lantern-7731"\n' },
]);

interface Scan { id: number; name: string; sha1: string; status: string; error: string | null }

let server: RunningServer;
let browser: JourneyBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits for the layout's transitions to end. Text: no DOM types here. */
const settled = (page: Page) => page.evaluate('Promise.all(document.getAnimations().map((animation) => animation.finished))');

it('exports a scan as a .bdba file and imports it into another group as the same scan', async () => {
  const { api, scanId } = await readyScan(server, 'Gateways', 'gateway-fw-2.1.tar', FIRMWARE);
  const original = await api.json<Scan>('GET', `/rest/scans/${scanId}/`);
  const imports = await api.json<{ id: number }>('POST', '/rest/groups/', { name: 'Imported scans' });

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'portable-scan');
  await logInAsAdmin(page, server);
  await page.goto(`${server.baseUrl}/product/${scanId}/analysis`);
  await page.getByRole('button', { name: 'Actions' }).click();
  const item = page.getByRole('menuitem', { name: 'Portable scan file (.bdba)' });
  await item.waitFor();
  await shot('actions-menu-1280');
  const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
  expect(download.suggestedFilename()).toBe('gateway-fw-2.1.tar.bdba');
  const file = await download.path();

  await page.goto(`${server.baseUrl}/groups/${imports.id}/upload`);
  await page.getByText('A portable scan file (.bdba, from a scan\'s Actions menu) is imported as the scan it holds, not scanned again.').waitFor();
  await shot('upload-page-1280');
  await page.getByLabel('Files', { exact: true }).setInputFiles({ name: 'gateway-fw-2.1.tar.bdba', mimeType: 'application/gzip', buffer: readFileSync(file) });
  const row = page.getByRole('group', { name: 'gateway-fw-2.1.tar.bdba' });
  await row.getByRole('link', { name: 'Open scan' }).waitFor({ timeout: 60_000 });
  const listed = await api.json<{ results: Scan[] }>('GET', `/rest/scans/?group=${imports.id}`);
  expect(listed.results.length).toBe(1);
  const importedId = listed.results[0]?.id ?? 0;
  const imported = await api.waitForScan(importedId);
  expect([imported.status, imported.error]).toEqual(['R', null]);
  const scan = await api.json<Scan>('GET', `/rest/scans/${importedId}/`);
  // The imported scan stands for the product, not for the .bdba file.
  expect([scan.name, scan.sha1]).toEqual([original.name, original.sha1]);
  for (const list of ['result/', 'executable-attributes/', 'infoleak/', 'mobileapps/', 'rss-findings/']) {
    expect([list, await api.json('GET', `/rest/scans/${importedId}/${list}`)]).toEqual([list, await api.json('GET', `/rest/scans/${scanId}/${list}`)]);
  }
  const log = await api.json<{ lines: { message: string }[] }>('GET', `/rest/scans/${importedId}/scan-log`);
  expect(log.lines.some((line) => line.message.startsWith('Imported from a portable scan file exported at '))).toBe(true);

  await row.getByRole('link', { name: 'Open scan' }).click();
  await page.waitForURL(new RegExp(`/product/${importedId}/analysis$`));
  await page.getByRole('heading', { name: 'gateway-fw-2.1.tar' }).first().waitFor();
  await page.getByText('No components were found.').waitFor();
  // The scan log says where the scan came from.
  await page.getByRole('button', { name: 'Scan log' }).click();
  await page.getByText(/Imported from a portable scan file exported at /).waitFor();
  await settled(page);
  await shot('imported-scan-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Portable scan file (.bdba)' }).waitFor();
  await shot('actions-menu-390');
  await page.keyboard.press('Escape');
  await page.goto(`${server.baseUrl}/groups/${imports.id}/upload`);
  await page.getByLabel('Files', { exact: true }).waitFor({ state: 'attached' });
  await settled(page);
  await shot('upload-page-390');
  expect(cspViolations()).toEqual([]);
  await page.close();
});
