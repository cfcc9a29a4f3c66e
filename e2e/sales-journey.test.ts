// Browser journey: a gateway image (the engine's real fixture executables, the demo Debian
// package, npm packages in their real metadata format, lodash 4.17.20 among them) is scanned with
// a knowledge base made by the CLI from vulndb's OSV and KEV fixtures. /sales lists it among the
// ready scans; its sales view shows the file, its verdict and hashes, the summary and components
// the API counts, prints without the app's frame, and offers nothing to change and no way into
// the account's groups. It opens from the scan page's Actions menu too. Screenshots at 1280 and
// 390 px under e2e/artifacts/sales/.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tar } from '../packages/server/test/files.ts';
import { ApiSession } from './support/api-session.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { makeBundle, PHONE, shootBothWidths, waitForKnowledgeBase } from './support/knowledge-base.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { readyScan } from './support/ready-scan.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const executable = (name: string) => readFileSync(new URL(`../packages/engine/fixtures/executables/${name}/${name}`, import.meta.url));
const npmPackage = (name: string, version: string, license: string) => ({
  path: `usr/lib/node_modules/${name}/package.json`,
  content: JSON.stringify({ name, version, license }),
});

const FILE_NAME = 'acme-gateway-2.4.tar';
const GATEWAY = tar([
  { path: 'usr/bin/agent', content: executable('elf-default') },
  { path: 'usr/bin/legacy-cgi', content: executable('elf-nopie') },
  { path: 'opt/packages/binlens-demo_1.4.2-1_amd64.deb', content: readFileSync(new URL('./fixtures/demo-deb/binlens-demo_1.4.2-1_amd64.deb', import.meta.url)) },
  npmPackage('lodash', '4.17.20', 'MIT'),
  npmPackage('left-pad', '1.3.0', 'WTFPL'),
]);

interface SalesScan {
  id: number;
  name: string;
  size: number;
  sha1: string;
  sha256: string;
  verdict: string | null;
}
interface Summary {
  components: number;
  vulnerabilities: Record<'critical' | 'high' | 'medium' | 'low' | 'missing', number>;
}

let server: RunningServer;
let browser: JourneyBrowser;
let bundle: string;

beforeAll(async () => {
  [server, browser, bundle] = await Promise.all([startServer(), journeyBrowser(), makeBundle()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Both widths, and at 390 px every table's phone columns fit the screen: nothing to scroll sideways for. */
async function shootSettled(page: Page, shot: (step: string) => Promise<void>, step: string): Promise<void> {
  await shootBothWidths(page, async (name) => {
    if (name.endsWith('-390')) {
      expect(await page.evaluate("[...document.querySelectorAll('main table')].every((table) => table.getBoundingClientRect().right <= window.innerWidth)")).toBe(true);
    }
    await shot(name);
  }, step);
}

/** The large number of a summary card. */
async function headline(page: Page, card: string): Promise<number> {
  const text = await page.getByRole('region', { name: 'Findings summary' }).getByRole('group', { name: card }).locator('p').nth(1).innerText();
  return Number(text.replaceAll(' ', ''));
}

/** Every link of the page's main area, by where it goes. */
const mainLinks = (page: Page) => page.locator('main a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

it("shows a ready scan to someone outside the team: the API's counts, no actions or group links, printable", async () => {
  const admin = new ApiSession(server.baseUrl);
  expect((await admin.login(server.adminEmail, server.adminPassword)).status).toBe(200);
  const form = new FormData();
  form.append('file', new Blob([await readFile(bundle)]), 'knowledge-base.tar');
  expect((await admin.request('POST', '/rest/knowledge-base/bundles/', form)).status).toBe(202);
  await waitForKnowledgeBase(admin, (view) => view.state === 'ready');
  const { api, scanId } = await readyScan(server, 'Customer deliveries', FILE_NAME, GATEWAY);
  const scan = await api.json<SalesScan>('GET', `/rest/sales/scans/${scanId}/`);
  const summary = await api.json<Summary>('GET', `/rest/sales/scans/${scanId}/scan_summary/`);
  expect(summary).toEqual(await api.json<Summary>('GET', `/rest/scans/${scanId}/scan_summary/`));
  expect([scan.name, scan.verdict, summary.vulnerabilities.high]).toEqual([FILE_NAME, 'vulns', 1]);
  expect(Object.keys(scan)).not.toContain('group_name');

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'sales');
  await logInAsAdmin(page, server);

  // /sales: the ready scans, searched by name.
  await page.goto(`${server.baseUrl}/sales`);
  await page.getByRole('textbox', { name: /Search ready scans/ }).fill('acme-gateway');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/sales\?q=acme-gateway$/);
  const list = page.getByRole('table', { name: 'Ready scans' });
  await expect.poll(() => list.locator('tbody tr').count()).toBe(1);
  await shootSettled(page, shot, 'ready-scans');

  await list.getByRole('link', { name: FILE_NAME }).click();
  await page.waitForURL(new RegExp(`/sales/product/${scanId}/analysis$`));
  const header = page.getByRole('region', { name: 'Scanned file' });
  await header.getByRole('heading', { name: FILE_NAME }).waitFor();
  expect(await header.innerText()).toContain(scan.sha256);
  expect(await header.innerText()).toContain(scan.sha1);
  expect(await header.getByLabel('Verdict Vulnerable').textContent()).toBe('Vulnerable');
  expect(await header.innerText()).toMatch(/Prepared with Binlens on \d{4}-\d{2}-\d{2}/);

  // The counts are the API's.
  await page.getByRole('region', { name: 'Findings summary' }).getByRole('group', { name: 'Vulnerabilities' }).waitFor();
  const total = Object.values(summary.vulnerabilities).reduce((sum, n) => sum + n, 0);
  expect({ vulnerabilities: await headline(page, 'Vulnerabilities'), components: await headline(page, 'Components') }).toEqual({ vulnerabilities: total, components: summary.components });
  const legend = await page.getByRole('list', { name: 'Vulnerabilities by severity' }).innerText();
  expect(legend.replace(/\s+/g, ' ')).toBe(`Critical ${summary.vulnerabilities.critical} High ${summary.vulnerabilities.high} Medium ${summary.vulnerabilities.medium} Low ${summary.vulnerabilities.low} Unscored ${summary.vulnerabilities.missing}`);
  const components = page.getByRole('table', { name: 'Components' }).locator('tbody tr');
  await expect.poll(() => components.count()).toBe(summary.components);
  expect(await components.first().innerText()).toContain('CVE-2021-23337');

  // Nothing to change, no way into the account: no Actions menu, no comments or custom data, no group link.
  expect(await page.getByRole('button', { name: 'Actions' }).count()).toBe(0);
  expect(await page.getByRole('tab', { name: /Comments|Custom data/ }).count()).toBe(0);
  expect((await mainLinks(page)).filter((href) => href.startsWith('/groups/') || href.startsWith('/product/'))).toEqual([]);
  expect(await page.locator('main').innerText()).not.toContain('Customer deliveries');
  await shootSettled(page, shot, 'analysis');

  // Print: the button prints; on paper the navigation and header stay behind.
  await page.evaluate('window.__printed = 0; window.print = () => { window.__printed += 1; }');
  await header.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate('window.__printed')).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const shown = (selectors: string[]) => page.evaluate(`${JSON.stringify(selectors)}.map((selector) => document.querySelector(selector).checkVisibility())`);
  const frame = ['nav', 'header.mantine-AppShell-header', '[role=tablist]', '[data-sales-view] button', 'th svg'];
  expect(await shown(frame)).toEqual([false, false, false, false, false]);
  expect(await page.getByRole('button', { name: 'Columns' }).isVisible()).toBe(false);
  await shot('print-1280');
  await page.emulateMedia({ media: 'screen' });
  expect(await shown(frame)).toEqual([true, true, true, true, true]);

  await page.getByRole('tab', { name: 'Details' }).click();
  await page.waitForURL(/\/details$/);
  const details = page.getByRole('table', { name: 'Scan details' });
  await details.getByText('Vulnerability data').waitFor();
  expect(await details.innerText()).toContain(scan.sha256);
  await shootSettled(page, shot, 'details');

  await page.getByRole('tab', { name: 'Warnings' }).click();
  await page.waitForURL(/\/warnings$/);
  await page.getByRole('table', { name: 'Warnings' }).waitFor();
  await shot('warnings-1280');

  // From the scan page's Actions menu.
  await page.goto(`${server.baseUrl}/product/${scanId}/analysis`);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Open sales view' }).click();
  await page.waitForURL(new RegExp(`/sales/product/${scanId}/analysis$`));
  await header.waitFor();

  // A scan that does not exist is not found, in the frame.
  await page.setViewportSize(PHONE);
  await page.goto(`${server.baseUrl}/sales/product/2147483647`);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'attached' });
  await shot('not-found-390');
  expect(cspViolations()).toEqual([]);
  await page.close();
});
