// Browser journey: a scan with 10,000 components (a tar of node_modules/<name>/package.json
// files built here), its components table scrolled to the end in steps while a
// PerformanceObserver counts long tasks. Screenshots at 1280 px and 390 px under
// e2e/artifacts/long-list/. Timing is printed, never asserted.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { tar } from '../packages/server/test/files.ts';

const COMPONENTS = 10_000;
const lastName = `pkg-${String(COMPONENTS).padStart(5, '0')}`;

// Runs before the app's scripts: every long task (> 50 ms) from then on is kept.
const LONG_TASK_OBSERVER = `
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });`;

let server: RunningServer;
let browser: JourneyBrowser;
let workDir: string;
let archive: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'binlens-long-list-'));
  archive = join(workDir, 'ten-thousand-packages.tar');
  const entries = Array.from({ length: COMPONENTS }, (_, index) => {
    const name = `pkg-${String(index + 1).padStart(5, '0')}`;
    return { path: `node_modules/${name}/package.json`, content: JSON.stringify({ name, version: `1.0.${index}` }) };
  });
  await writeFile(archive, tar(entries));
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

it('scrolls a 10,000-row components table to its last row', async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.addInitScript({ content: LONG_TASK_OBSERVER });
  const shot = screenshotter(page, 'long-list');

  await logIn(page);
  await page.goto(`${server.baseUrl}/all-groups`);
  await page.getByRole('link', { name: 'New group' }).click();
  await page.getByLabel('Name').fill('Ten thousand packages');
  await page.getByRole('button', { name: 'Create group' }).click();
  await page.waitForURL(/\/groups\/\d+\/applications$/);
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByLabel('Files', { exact: true }).setInputFiles(archive);
  // The upload page sends each file as it is chosen; the finished one links to its scan.
  await page.getByRole('link', { name: 'Open scan' }).click({ timeout: 120_000 });
  await page.waitForURL(/\/product\/\d+\/analysis$/);
  const analysisUrl = page.url();

  const table = page.getByRole('table', { name: 'Components' });
  await expect.poll(() => table.isVisible(), { timeout: 170_000, interval: 1000 }).toBe(true);
  expect(await table.getAttribute('aria-rowcount')).toBe(String(COMPONENTS + 1));
  await shot('desktop-top');

  // A fresh load of the page, so the long tasks counted are those of this list alone.
  await page.goto(analysisUrl);
  await table.waitFor();
  const before = await longTaskCount(page);
  await scrollToEnd(page);
  const tasks = await page.evaluate('window.__longTasks.slice(' + before + ')') as { duration: number }[];
  console.log(
    `long-list: ${tasks.length} long tasks while scrolling ${COMPONENTS} rows` +
      (tasks.length ? ` (longest ${Math.round(Math.max(...tasks.map((t) => t.duration)))} ms)` : ''),
  );
  // The name cell holds the name, and on a phone its version and type beneath it.
  await expect.poll(() => table.getByText(lastName, { exact: true }).isVisible()).toBe(true);
  await shot('desktop-end');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(analysisUrl);
  await table.waitFor();
  await shot('phone-top');
  await scrollToEnd(page);
  await expect.poll(() => table.getByText(lastName, { exact: true }).isVisible()).toBe(true);
  await shot('phone-end');

  expect(cspViolations()).toEqual([]);
  await page.close();
});

async function logIn(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Email').fill(server.adminEmail);
  await page.getByLabel('Password').fill(server.adminPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

function longTaskCount(page: Page): Promise<number> {
  return page.evaluate('window.__longTasks.length') as Promise<number>;
}

/** Scrolls the table's own scroll container down by most of a screen per animation frame until the end. */
async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(`(async () => {
    const scroller = document.querySelector('table[aria-label="Components"]').parentElement;
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
      scroller.scrollTop += scroller.clientHeight * 0.8;
      await frame();
    }
    await frame();
  })()`);
}
