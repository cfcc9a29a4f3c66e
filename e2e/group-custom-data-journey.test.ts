// Browser journey: a group's custom data and its application template in Settings. Log in,
// create a group, add custom data (key upper-cased, value trimmed), change a value, try a
// taken key (the field error), remove an entry after 'Yes'; then fill the analysis custom
// data (the template new applications start with) and save it once. Screenshots at 1280 px
// and 390 px under e2e/artifacts/group-custom-data/; no page may violate the Content Security Policy.
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

it("edits a group's custom data and the custom data its new applications start with", async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'group-custom-data');
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (['POST', 'PATCH', 'DELETE'].includes(request.method()) && request.url().includes('/rest/groups/')) writes.push(request);
  });

  await logInAsAdmin(page, server);
  await page.goto(`${server.baseUrl}/all-groups`);
  await page.getByRole('link', { name: 'New group' }).click();
  await page.getByLabel('Name').fill('Routers');
  await page.getByRole('button', { name: 'Create group' }).click();
  await page.waitForURL(/\/groups\/\d+\/applications$/);
  const group = Number(/\/groups\/(\d+)\//.exec(new URL(page.url()).pathname)?.[1]);
  writes.length = 0;

  await page.goto(`${server.baseUrl}/groups/${group}/settings/group-custom-data`);
  await page.getByText('No custom data yet.').waitFor();
  await shot('custom-data-empty');
  const addForm = page.getByRole('form', { name: 'Add custom data' });
  for (const [key, value] of [[' product_line ', '  Home routers '], ['owner', 'Network team'], ['site', 'Oulu']]) {
    await addForm.getByRole('textbox', { name: 'Key' }).fill(key ?? '');
    await addForm.getByRole('textbox', { name: 'Value' }).fill(value ?? '');
    await addForm.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: `Edit ${(key ?? '').trim().toUpperCase()}` }).waitFor();
  }
  const table = page.getByRole('table', { name: 'Custom data' });
  expect(await table.locator('tbody tr td:first-child').allInnerTexts()).toEqual(['OWNER', 'PRODUCT_LINE', 'SITE']);

  await page.getByRole('button', { name: 'Edit OWNER' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit OWNER' });
  await dialog.getByRole('textbox', { name: 'Value' }).fill('Platform team');
  await shot('custom-data-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await table.getByText('Platform team').waitFor();

  await addForm.getByRole('textbox', { name: 'Key' }).fill('Owner');
  await addForm.getByRole('button', { name: 'Add' }).click();
  await page.getByText('This group already has custom data with this key.').waitFor();
  await shot('custom-data-taken-key');

  await page.getByRole('button', { name: 'Remove SITE' }).click();
  await page.getByRole('dialog', { name: 'Remove custom data' }).getByRole('button', { name: 'Yes' }).click();
  await page.getByRole('button', { name: 'Edit SITE' }).waitFor({ state: 'detached' });
  await shot('custom-data');

  await page.getByRole('tab', { name: 'Analysis custom data' }).click();
  await page.waitForURL(new RegExp(`/groups/${group}/settings/analysis-custom-data$`));
  await page.getByText('No entries: new applications start without custom data.').waitFor();
  const save = page.getByRole('button', { name: 'Save' });
  expect(await save.isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Add entry' }).click();
  await page.getByRole('textbox', { name: 'Key 1' }).fill('release');
  await page.getByRole('textbox', { name: 'Value 1' }).fill(' 2.1 ');
  await page.getByRole('button', { name: 'Add entry' }).click();
  await page.getByRole('textbox', { name: 'Key 2' }).fill('Customer');
  await page.getByRole('textbox', { name: 'Value 2' }).fill('ACME Networks');
  await shot('template-edit');
  await save.click();
  // The saved template comes back as stored: upper-cased, trimmed, ordered by key.
  await expect.poll(() => page.getByRole('textbox', { name: 'Key 1' }).inputValue()).toBe('CUSTOMER');
  expect(await save.isDisabled()).toBe(true);
  await shot('template-saved');

  expect(writes.map((request) => [request.method(), new URL(request.url()).pathname + new URL(request.url()).search, request.postDataJSON() as unknown])).toEqual([
    ['POST', `/rest/groups/${group}/custom_data/`, { key: 'PRODUCT_LINE', value: 'Home routers' }],
    ['POST', `/rest/groups/${group}/custom_data/`, { key: 'OWNER', value: 'Network team' }],
    ['POST', `/rest/groups/${group}/custom_data/`, { key: 'SITE', value: 'Oulu' }],
    ['PATCH', `/rest/groups/${group}/custom_data/`, { key: 'OWNER', value: 'Platform team' }],
    ['POST', `/rest/groups/${group}/custom_data/`, { key: 'OWNER', value: '' }],
    ['DELETE', `/rest/groups/${group}/custom_data/?key=SITE`, null],
    ['PATCH', `/rest/groups/${group}/`, { application_template: [{ key: 'CUSTOMER', value: 'ACME Networks' }, { key: 'RELEASE', value: '2.1' }] }],
  ]);

  // The narrow screen: each page loaded afresh at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/groups/${group}/settings/group-custom-data`);
  await table.getByText('Platform team').waitFor();
  await shot('custom-data-390');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(390);
  await page.goto(`${server.baseUrl}/groups/${group}/settings/analysis-custom-data`);
  await page.getByRole('textbox', { name: 'Key 2' }).waitFor();
  await shot('template-390');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(390);

  expect(cspViolations()).toEqual([]);
  await page.close();
});
