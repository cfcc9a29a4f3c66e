// Browser journey: a group's overrides of the company's settings. Log in, create a group,
// override the binaries' retention period (confirmed with 'Yes'), go back to the company's
// value, override one scan option and the SBOM format, and look at the group's licences.
// Screenshots at 1280 px and 390 px under e2e/artifacts/group-settings-overrides/; no page may
// violate the Content Security Policy.
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { logInAsAdmin } from './support/log-in.ts';
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

it("overrides the company's settings for one group and goes back to inheriting them", async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'group-settings-overrides');
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/settings/')) writes.push(request);
  });

  await logInAsAdmin(page, server);
  await page.goto(`${server.baseUrl}/all-groups`);
  await page.getByRole('link', { name: 'New group' }).click();
  await page.getByLabel('Name').fill('Cameras');
  await page.getByRole('button', { name: 'Create group' }).click();
  await page.waitForURL(/\/groups\/\d+\/applications$/);
  const group = Number(/\/groups\/(\d+)\//.exec(new URL(page.url()).pathname)?.[1]);

  await page.goto(`${server.baseUrl}/groups/${group}/settings/data-retention`);
  const binaries = page.getByRole('group', { name: 'Delete binaries after' });
  await binaries.getByText('Company default: Keep forever').waitFor();
  await shot('retention-inherited');
  await binaries.getByRole('checkbox', { name: 'Override for this group' }).check();
  await binaries.getByRole('textbox', { name: 'Delete binaries after' }).fill('30');
  await page.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog', { name: 'Shorten data retention?' });
  await confirm.waitFor();
  // The modal fades in: the picture waits until it is fully shown.
  await expect
    .poll(() => confirm.evaluate((dialog) => (dialog as unknown as { getAnimations(options: object): unknown[] }).getAnimations({ subtree: true }).length))
    .toBe(0);
  await shot('retention-confirm');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await page.getByText('The changes are stored.').waitFor();
  await shot('retention-overridden');
  await binaries.getByRole('checkbox', { name: 'Override for this group' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => writes.length).toBe(2);

  await page.getByRole('tab', { name: 'Scan', exact: true }).click();
  const historical = page.getByRole('group', { name: 'Historical vulnerabilities' });
  await historical.getByRole('checkbox', { name: 'Override for this group' }).check();
  await historical.getByRole('switch').check({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('The changes are stored.').waitFor();
  await shot('scan');

  await page.getByRole('tab', { name: 'BOM' }).click();
  const format = page.getByRole('group', { name: 'SBOM format' });
  await format.getByRole('checkbox', { name: 'Override for this group' }).check();
  await format.getByRole('combobox', { name: 'SBOM format' }).click();
  await page.getByRole('option', { name: 'SPDX' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('The changes are stored.').waitFor();
  await shot('bom');

  await page.getByRole('tab', { name: 'Licences' }).click();
  await page.getByText('No licences found yet.').waitFor();
  await page.getByText('This group has no ready applications yet.', { exact: false }).waitFor();
  await shot('licenses');

  expect(writes.map((request) => [new URL(request.url()).pathname, request.postDataJSON() as unknown])).toEqual([
    [`/rest/groups/${group}/settings/data-retention/`, { delete_binaries_after_days: 30 }],
    [`/rest/groups/${group}/settings/data-retention/`, { delete_binaries_after_days: null }],
    [`/rest/groups/${group}/settings/scan/`, { historical: true }],
    [`/rest/groups/${group}/settings/bom/`, { sbom_format: 'spdx' }],
  ]);

  // The narrow screen: each page loaded afresh at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const tab of ['scan', 'data-retention', 'bom']) {
    await page.goto(`${server.baseUrl}/groups/${group}/settings/${tab}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await shot(`${tab}-390`);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(390);
  }

  expect(cspViolations()).toEqual([]);
  await page.close();
});
