// Browser journey: nested groups in the web app. Log in, create a group with a subgroup two
// levels down, follow the breadcrumbs from the deepest one, list the top group's subgroups,
// rename a group in Settings → General (the PATCH carries only the name) and try a name its
// sibling already has (the field error). Screenshots at 1280 px and 390 px under
// e2e/artifacts/group-settings/; no page may violate the Content Security Policy.
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

let server: RunningServer;
let browser: JourneyBrowser;

beforeAll(async () => {
  // startServer keeps the server off the internet (no sync, feeds on an unused loopback port).
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('creates nested groups, follows breadcrumbs and subgroups, and renames a group in its settings', async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'group-settings');
  const patches: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') patches.push(request);
  });

  await logInAsAdmin(page, server);
  await page.goto(`${server.baseUrl}/all-groups`);
  await page.getByRole('link', { name: 'New group' }).click();
  const top = await createGroup(page, 'Product line', 'Everything we ship, by product family');
  await page.getByRole('tab', { name: 'Subgroups' }).click();
  await page.getByText('No subgroups yet.').waitFor();
  await shot('subgroups-empty');

  await page.getByRole('link', { name: 'New subgroup' }).click();
  const routers = await createGroup(page, 'Routers', 'Home and office routers');
  await page.getByRole('tab', { name: 'Subgroups' }).click();
  await page.getByRole('link', { name: 'New subgroup' }).click();
  await page.getByRole('heading', { name: 'New group in Routers' }).waitFor();
  const gateways = await createGroup(page, 'LTE gateways', '');

  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await crumbs.getByRole('link', { name: 'Routers' }).waitFor();
  expect(await crumbs.textContent()).toBe('Groups/Product line/Routers/LTE gateways');
  expect(await crumbs.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
    '/all-groups',
    `/groups/${top}`,
    `/groups/${routers}`,
  ]);
  await shot('deepest-breadcrumbs');

  await crumbs.getByRole('link', { name: 'Product line' }).click();
  await page.waitForURL(new RegExp(`/groups/${top}/applications$`));
  await page.getByRole('tab', { name: 'Subgroups' }).click();
  await page.getByRole('link', { name: 'New subgroup' }).click();
  await createGroup(page, 'Cameras', 'IP cameras and doorbells');
  await page.goto(`${server.baseUrl}/groups/${top}/subgroups`);
  const table = page.getByRole('table', { name: 'Groups' });
  await table.getByRole('link', { name: 'Routers' }).waitFor();
  expect(await table.getByRole('link').allInnerTexts()).toEqual(['Cameras', 'Routers']);
  await shot('top-subgroups');

  await table.getByRole('link', { name: 'Routers' }).click();
  // On Routers' own page first, drawn: the URL changes before the new group's page is, and under
  // load the top group's header and tabs are still shown (its Settings tab would be clicked).
  await page.waitForURL(new RegExp(`/groups/${routers}/applications$`));
  await page.getByRole('heading', { name: 'Routers', exact: true }).waitFor();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.waitForURL(new RegExp(`/groups/${routers}/settings/general$`));
  const save = page.getByRole('button', { name: 'Save' });
  const name = page.getByRole('textbox', { name: 'Name' });
  expect(await name.inputValue()).toBe('Routers');
  expect(await save.isDisabled()).toBe(true);
  await shot('settings-general');

  await name.fill('Home routers');
  await save.click();
  await page.getByText('Group saved').waitFor();
  expect(patches.map((request) => [request.url(), request.postDataJSON()])).toEqual([
    [`${server.baseUrl}/rest/groups/${routers}/`, { name: 'Home routers' }],
  ]);
  expect(await page.getByRole('heading', { name: 'Home routers' }).isVisible()).toBe(true);
  expect(await save.isDisabled()).toBe(true);
  await shot('renamed');

  await name.fill('Cameras');
  await save.click();
  await page.getByText('A group of this name already exists in this place.').waitFor();
  expect(patches.map((request) => request.postDataJSON())).toEqual([{ name: 'Home routers' }, { name: 'Cameras' }]);
  expect(await name.getAttribute('aria-invalid')).toBe('true');
  await shot('duplicate-name');

  // The narrow screen: each page loaded afresh at 390 px (a resized page would be caught mid-transition).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/groups/${gateways}/subgroups`);
  await crumbs.getByRole('link', { name: 'Home routers' }).waitFor();
  await page.getByText('No subgroups yet.').waitFor();
  await shot('deepest-breadcrumbs-390');
  await page.goto(`${server.baseUrl}/groups/${top}/subgroups`);
  await table.getByRole('link', { name: 'Home routers' }).waitFor();
  await shot('top-subgroups-390');
  await page.goto(`${server.baseUrl}/groups/${routers}/settings`);
  await page.waitForURL(new RegExp(`/groups/${routers}/settings/general$`));
  await name.fill('Cameras');
  await save.click();
  await page.getByText('A group of this name already exists in this place.').waitFor();
  await shot('duplicate-name-390');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(390);

  expect(patches.map((request) => request.postDataJSON())).toEqual([{ name: 'Home routers' }, { name: 'Cameras' }, { name: 'Cameras' }]);
  expect(cspViolations()).toEqual([]);
  await page.close();
});

/** Fills the create form the page shows and returns the new group's id from the URL it opens. */
async function createGroup(page: Page, name: string, description: string): Promise<number> {
  const before = page.url();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Create group' }).click();
  await page.waitForURL((url) => url.href !== before && /\/groups\/\d+\/applications$/.test(url.pathname));
  await page.getByRole('heading', { name }).waitFor();
  return Number(/\/groups\/(\d+)\//.exec(new URL(page.url()).pathname)?.[1]);
}
