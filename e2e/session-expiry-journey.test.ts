// Browser journey: a session that ends on the server while the user works. The user works in
// one browser window; from a second browser (the same session cookie) they log out, which
// deletes the session on the server. The first window's next request answers 401: the
// "Session expired" dialog (spec §8) and its "Go to login" button lead to /login.
// The group the user was creating when it happened is not made. At 1280 px
// and at 390 px; screenshots under e2e/artifacts/session-expiry/; no CSP violation.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiSession } from './support/api-session.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

let server: RunningServer;
let browser: JourneyBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it.each([
  { width: 1280, height: 800, suffix: '' },
  { width: 390, height: 844, suffix: '-390' },
])('shows "Session expired" when the session ends elsewhere, and goes to login ($width px)', async ({ width, height, suffix }) => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width, height } });
  const shot = screenshotter(page, 'session-expiry');

  await page.goto(`${server.baseUrl}/all-groups`);
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email').fill(server.adminEmail);
  await page.getByLabel('Password').fill(server.adminPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'All groups' }).waitFor();
  await shot(`working${suffix}`);

  // The second browser holds the same session and logs out: the server deletes it.
  const elsewhere = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await elsewhere.addCookies(await page.context().cookies());
  const other = await elsewhere.newPage();
  await other.goto(`${server.baseUrl}/all-groups`);
  await other.getByRole('button', { name: `User menu for ${server.adminEmail}` }).click();
  await other.getByRole('menuitem', { name: 'Log out' }).click();
  await other.waitForURL(/\/login/);
  await elsewhere.close();

  // The first window does not know yet; its next request (creating a group) is refused.
  await page.getByRole('link', { name: 'New group' }).click();
  await page.getByLabel('Name').fill('Firmware images');
  await page.getByRole('button', { name: 'Create group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Session expired' });
  await dialog.waitFor();
  expect(await dialog.getByText('You need to log in in order to continue').isVisible()).toBe(true);
  await settled(page);
  await shot(`session-expired${suffix}`);

  await dialog.getByRole('button', { name: 'Go to login' }).click();
  await page.waitForURL(/\/login/);
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await shot(`login${suffix}`);
  expect(await groupNames()).not.toContain('Firmware images');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(width);

  expect(cspViolations()).toEqual([]);
  await page.close();
});

/** The names of the groups, as the administrator reads them in a new session. */
async function groupNames(): Promise<string[]> {
  const admin = new ApiSession(server.baseUrl);
  await admin.login(server.adminEmail, server.adminPassword);
  return (await admin.json<{ results: { name: string }[] }>('GET', '/rest/groups/')).results.map((group) => group.name);
}

/**
 * Waits until the open dialog and its overlay have finished fading in. Polled with evaluate:
 * waitForFunction compiles its text with eval, which the page's CSP refuses.
 */
async function settled(page: Page): Promise<void> {
  const faded = "[...document.querySelectorAll('.mantine-Modal-content, .mantine-Modal-overlay')].every((e) => getComputedStyle(e).opacity === '1')";
  await expect.poll(() => page.evaluate(faded)).toBe(true);
}
