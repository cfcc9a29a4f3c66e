// Browser journey: an archive holding the engine's damaged fixtures (a .deb cut short, a zip cut
// short, a tar whose members climb out with ../) is uploaded, and its errors, warnings and info
// tabs list exactly the problems of the native JSON of the same file, computed in-process,
// level by level. Screenshots at 1280 and 390 px under e2e/artifacts/problems/.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NativeJson } from '../packages/engine/src/index.ts';
import { tar } from '../packages/server/test/files.ts';
import { nativeJsonOf } from './support/native-json.ts';
import { readyScan } from './support/ready-scan.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const bad = (path: string) => readFileSync(new URL(`../packages/engine/fixtures/bad/${path}`, import.meta.url));

const DAMAGED = tar([
  { path: 'incoming/truncated_1.0.0-1_amd64.deb', content: bad('truncated-deb/truncated_1.0.0-1_amd64.deb') },
  { path: 'incoming/truncated.zip', content: bad('truncated-zip/truncated.zip') },
  { path: 'incoming/evil.tar', content: bad('tar-dotdot/evil.tar') },
]);
const FILE_NAME = 'supplier-drop.tar';
const TABS = [
  { level: 'error', tab: 'Errors', path: 'errors' },
  { level: 'warning', tab: 'Warnings', path: 'warnings' },
  { level: 'info', tab: 'Info', path: 'info' },
] as const;

let server: RunningServer;
let browser: JourneyBrowser;
let native: NativeJson;

beforeAll(async () => {
  native = await nativeJsonOf(FILE_NAME, DAMAGED);
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('lists each level of problems the native JSON holds, in its own tab', async () => {
  const { scanId } = await readyScan(server, 'Suppliers', FILE_NAME, DAMAGED);
  const count = (level: string) => native.problems.filter((problem) => problem.level === level).length;
  expect([count('error'), count('warning')].every((n) => n > 0)).toBe(true);

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'problems');
  await logInAsAdmin(page, server);
  await page.goto(`${server.baseUrl}/product/${scanId}/analysis`);
  for (const { level, tab, path } of TABS) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.waitForURL(new RegExp(`/${path}$`));
    const table = page.getByRole('table', { name: tab });
    await table.waitFor();
    const rows = table.locator('tbody tr');
    const expected = native.problems.filter((problem) => problem.level === level);
    if (expected.length === 0) {
      expect(await table.innerText()).toContain(`No ${tab.toLowerCase()} for this scan.`);
    } else {
      await expect.poll(() => rows.count()).toBe(expected.length);
      // Each problem's code and message, in the engine's order.
      const codes = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[2]?.textContent ?? ''));
      expect(codes).toEqual(expected.map((problem) => problem.code));
    }
    await shot(`${path}-1280`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/product/${scanId}/errors`);
  await page.getByRole('table', { name: 'Errors' }).locator('tbody tr').first().waitFor();
  // Location and message side by side, nothing to scroll sideways for.
  expect(await page.evaluate("[...document.querySelectorAll('main table')].every((table) => table.getBoundingClientRect().right <= window.innerWidth)")).toBe(true);
  await shot('errors-390');
  expect(cspViolations()).toEqual([]);
  await page.close();
});
