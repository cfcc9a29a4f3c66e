// Browser journey: account settings. An administrator opens Account settings from the
// navigation, changes the SBOM format (BOM), a matching option (Scan), the results retention
// (Data retention, after confirming with Yes) and makes MPL-2.0 permissive (Licences); every
// PATCH carries only the changed field. Screenshots at 1280 px and 390 px under
// e2e/artifacts/account-settings/; no page may violate the Content Security Policy.
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

it('changes settings on several tabs, each PATCH carrying only the changed field', async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'account-settings');
  const changes: Request[] = [];
  page.on('request', (request) => {
    if (['PATCH', 'POST'].includes(request.method()) && request.url().includes('/rest/settings/')) changes.push(request);
  });

  await logInAsAdmin(page, server);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account settings' }).click();
  await page.waitForURL(/\/account-settings\/bom$/);
  const save = page.getByRole('button', { name: 'Save' });
  await page.getByRole('heading', { name: 'Software bill of materials' }).waitFor();
  expect(await save.isDisabled()).toBe(true);
  await shot('bom');

  await page.getByRole('combobox', { name: 'Default SBOM format' }).click();
  await page.getByRole('option', { name: 'SPDX' }).click();
  await save.click();
  await page.getByText('Settings saved').waitFor();
  expect(await save.isDisabled()).toBe(true);

  await page.getByRole('tab', { name: 'Scan' }).click();
  const matching = page.getByRole('region', { name: 'Vulnerability matching' });
  await matching.getByRole('switch', { name: 'Historical vulnerabilities' }).click();
  await matching.getByRole('button', { name: 'Save' }).click();
  await matching.getByText('Settings saved').waitFor();
  await page.evaluate('window.scrollTo(0, 0)');
  await shot('scan');

  await page.getByRole('tab', { name: 'Data retention' }).click();
  await page.getByRole('textbox', { name: 'Delete results after' }).fill('365');
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change data retention?' });
  await dialog.waitFor();
  // The modal fades in: shoot it once it is fully shown.
  await expect.poll(() => page.evaluate(`[...document.querySelectorAll('.mantine-Modal-content')].some((node) => getComputedStyle(node).opacity === '1')`)).toBe(true);
  await shot('retention-confirm');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await page.getByText('Settings saved').waitFor();
  await shot('retention');

  await page.getByRole('tab', { name: 'Licences' }).click();
  await page.getByText('No overrides: every licence has its built-in class.').waitFor();
  await page.getByRole('textbox', { name: 'Licence' }).fill('MPL-2.0');
  await page.getByRole('combobox', { name: 'Policy' }).click();
  await page.getByRole('option', { name: 'PE · Permissive' }).click();
  await page.getByRole('button', { name: 'Add override' }).click();
  await page.getByRole('table', { name: 'Licence overrides' }).getByText('MPL-2.0').waitFor();
  await shot('licenses');

  expect(changes.map((request) => [request.method(), new URL(request.url()).pathname, request.postDataJSON()])).toEqual([
    ['PATCH', '/rest/settings/company/bom/', { sbom_format: 'spdx' }],
    ['PATCH', '/rest/settings/company/scan/', { historical: true }],
    ['PATCH', '/rest/settings/company/data-retention/', { delete_results_after_days: 365 }],
    ['POST', '/rest/settings/company/licenses/', { license_name: 'MPL-2.0', policy: 'PE' }],
  ]);

  // The narrow screen: each page loaded afresh at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [tab, heading] of [
    ['bom', 'Software bill of materials'],
    ['scan', 'Uploads'],
    ['data-retention', 'Data retention'],
    ['group', 'Group membership'],
    ['authentication', 'Sessions and passwords'],
    ['licenses', 'Licence policy'],
  ] as const) {
    await page.goto(`${server.baseUrl}/account-settings/${tab}`);
    await page.getByRole('heading', { name: heading }).waitFor();
    await shot(`${tab}-390`);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(390);
  }
  expect(cspViolations()).toEqual([]);
  await page.close();
});
