// Browser journey of a report made in the background: the PDF of a router's root file system
// is asked for from the scan page's Actions menu, followed on /report/{id} until it is ready,
// listed on /reports, and downloaded from both pages and through /download/{id}. Screenshots at
// 1280 and 390 px under e2e/artifacts/reports/.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { routerRootFs } from './support/pdf-report-fixture.ts';
import { readyScan } from './support/ready-scan.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const FILE = 'router-rootfs-4.1.tar';

let server: RunningServer;
let browser: JourneyBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The PDF a download of the page holds, checked to be one of the scan. */
async function downloadedPdf(page: Page, start: () => Promise<unknown>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  expect(download.suggestedFilename()).toBe(`${FILE}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  expect(text).toContain(FILE);
  return pdf;
}

it('makes a PDF report in the background from the Actions menu, follows it until ready, lists and downloads it', async () => {
  const { scanId } = await readyScan(server, 'Routers', FILE, routerRootFs());

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'reports');
  await logInAsAdmin(page, server);
  await page.goto(`${server.baseUrl}/reports`);
  await page.getByText('No reports yet.').waitFor();
  await shot('empty-1280');

  await page.goto(`${server.baseUrl}/product/${scanId}`);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Make PDF report in the background' }).waitFor();
  await shot('actions-menu-1280');
  await page.getByRole('menuitem', { name: 'Make PDF report in the background' }).click();
  await page.waitForURL(/\/report\/\d+$/);
  const reportId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('heading', { name: `${FILE}.pdf` }).waitFor();
  // The page asks every 2 s until the job has made it.
  await page.getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
  await shot('report-ready-1280');
  await downloadedPdf(page, () => page.getByRole('link', { name: 'Download', exact: true }).click());

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await page.waitForURL(/\/reports$/);
  const row = page.getByRole('row').filter({ hasText: `${FILE}.pdf` });
  await expect.poll(() => row.count()).toBe(1);
  expect((await row.getByRole('cell').allTextContents()).slice(1, 3)).toEqual(['PDF report', 'Ready']);
  await shot('reports-1280');
  await downloadedPdf(page, () => row.getByRole('link', { name: `Download ${FILE}.pdf` }).click());

  // /download/{id} sends the browser to the file of a ready report.
  await downloadedPdf(page, () => page.goto(`${server.baseUrl}/download/${reportId}`).catch(() => undefined));
  // The narrow screen: each page loaded afresh at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/reports`);
  await page.getByRole('link', { name: `${FILE}.pdf`, exact: true }).waitFor();
  await shot('reports-390');
  await page.getByRole('link', { name: `${FILE}.pdf`, exact: true }).click();
  await page.getByText('Ready', { exact: true }).waitFor();
  await shot('report-ready-390');
  expect(cspViolations()).toEqual([]);
  await page.close();
});
