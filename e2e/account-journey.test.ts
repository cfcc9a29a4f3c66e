// Browser journey: the account area and a group's members and events. An administrator signs
// in through an address with checkLoginMessages and sees the login message, opens the account's
// groups tree and downloads its CSV report, adds a member to a group, makes them a manager and removes them after confirming
// 'Yes', reads those changes in the group's events and the account feed, adds and removes an
// API-key network and reads the licence usage of an uploaded package. A read-only user (RU, a
// member of one group) opening /account/... is sent to /403-forbidden. Screenshots at 1280 px
// and 390 px under e2e/artifacts/account/; no page may violate the Content Security Policy.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiSession } from './support/api-session.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter, settled } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const demoDeb = join(import.meta.dirname, 'fixtures/demo-deb/binlens-demo_1.4.2-1_amd64.deb');
const PASSWORD = 'a long enough password 42';

let server: RunningServer;
let browser: JourneyBrowser;
let groupId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
  const admin = new ApiSession(server.baseUrl);
  await admin.login(server.adminEmail, server.adminPassword);
  const devices = await admin.json<{ id: number }>('POST', '/rest/groups/', { name: 'Devices', description: 'Everything we ship' });
  groupId = (await admin.json<{ id: number }>('POST', '/rest/groups/', { name: 'Routers', description: 'Home routers', parent: devices.id })).id;
  await admin.json('POST', '/rest/groups/', { name: 'Cameras', parent: devices.id });
  await admin.json('POST', '/rest/groups/', { name: 'Mobile apps' });
  const scan = await admin.upload(groupId, demoDeb);
  expect((await admin.waitForScan(scan.id)).status).toBe('R');
  const reader = await admin.json<{ id: number }>('POST', '/rest/users/', { email: 'reader@example.com', password: PASSWORD });
  await admin.json('PATCH', `/rest/account-memberships/${reader.id}/`, { roles: ['RU'] });
  await admin.json('POST', '/rest/group-memberships/', { group_id: groupId, user_id: reader.id, role: 'GU' });
  await admin.json('POST', '/rest/users/', { email: 'dev@example.com', password: PASSWORD });
  await admin.json('POST', '/rest/messages/', { text: 'Maintenance on Sunday 02:00-04:00 UTC: scans wait until it ends.', level: 'warning' });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('goes through the account tabs and a group members and events tabs', async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'account');

  await page.goto(`${server.baseUrl}/?checkLoginMessages=true`);
  await logIn(page, server.adminEmail, server.adminPassword);
  const messages = page.getByRole('dialog', { name: 'Messages' });
  await messages.getByText('Maintenance on Sunday 02:00-04:00 UTC: scans wait until it ends.').waitFor();
  await settled(page);
  await shot('login-messages');
  await messages.getByRole('button', { name: 'OK' }).click();
  await messages.waitFor({ state: 'hidden' });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users and groups' }).click();
  await page.waitForURL(/\/account\/users$/);
  await page.getByRole('tab', { name: 'Groups' }).click();
  const tree = page.getByRole('table', { name: 'Group tree' });
  await tree.getByRole('link', { name: 'Routers' }).waitFor();
  expect(await tree.getByRole('link').allInnerTexts()).toEqual(['Devices', 'Cameras', 'Routers', 'Mobile apps']);
  await shot('groups-tree');
  await page.getByRole('textbox', { name: 'Search groups' }).fill('rout');
  await page.getByRole('textbox', { name: 'Search groups' }).press('Enter');
  await expect.poll(() => tree.getByRole('link').allInnerTexts()).toEqual(['Devices', 'Routers']);
  await shot('groups-tree-search');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('groups-report.csv');
  expect(await readFile(await download.path(), 'utf8')).toBe('path,name,scans,critical,high,medium,low,missing\r\nDevices / Routers,Routers,1,0,0,0,0,0\r\n');

  await tree.getByRole('link', { name: 'Routers' }).click();
  await page.getByRole('tab', { name: 'Members' }).click();
  await page.waitForURL(new RegExp(`/groups/${groupId}/members$`));
  const members = page.getByRole('table', { name: 'Members' });
  await members.getByText('reader@example.com').waitFor();
  await page.getByRole('combobox', { name: 'User' }).fill('dev@');
  await page.getByRole('option', { name: 'dev@example.com' }).click();
  await page.getByRole('button', { name: 'Add member' }).click();
  await members.getByText('dev@example.com').waitFor();
  await members.getByRole('combobox', { name: 'Role of dev@example.com' }).click();
  await page.getByRole('option', { name: 'Group manager' }).click();
  await expect.poll(() => members.getByRole('combobox', { name: 'Role of dev@example.com' }).inputValue()).toBe('Group manager');
  await shot('members');
  await members.getByRole('button', { name: 'Remove dev@example.com from the group' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove user from group' });
  await confirm.waitFor();
  await settled(page);
  await shot('remove-member-confirm');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await members.getByText('dev@example.com').waitFor({ state: 'hidden' });

  await page.getByRole('tab', { name: 'Events' }).click();
  await page.waitForURL(new RegExp(`/groups/${groupId}/events$`));
  const events = page.getByRole('table', { name: 'Group events' });
  await events.getByText('Group membership delete').waitFor();
  expect(await events.getByRole('row').nth(1).innerText()).toContain('Group membership delete');
  expect((await events.innerText()).match(/Group membership (create|update|delete)/g)).toEqual([
    'Group membership delete', 'Group membership update', 'Group membership create', 'Group membership create',
  ]);
  await shot('group-events');

  await page.goto(`${server.baseUrl}/account/feed`);
  const feed = page.getByRole('table', { name: 'Account feed' });
  await feed.getByText('Group membership delete').waitFor();
  await feed.getByText(`Group ${groupId}`).first().waitFor();
  await shot('account-feed');
  await page.getByRole('combobox', { name: 'Lowest level shown' }).click();
  await page.getByRole('option', { name: '4 and above' }).click();
  await page.waitForURL(/min_level=4/);
  await feed.getByText('Group membership delete').waitFor({ state: 'hidden' });

  await page.getByRole('tab', { name: 'API key networks' }).click();
  const networks = page.getByRole('table', { name: 'API key networks' });
  await networks.getByText('No networks: API keys are accepted from anywhere.').waitFor();
  await page.getByRole('textbox', { name: 'Network (CIDR)' }).fill('10.20.0.0/16');
  await page.getByRole('button', { name: 'Add network' }).click();
  await networks.getByText('10.20.0.0/16').waitFor();
  await shot('api-key-networks');
  await networks.getByRole('button', { name: 'Remove 10.20.0.0/16' }).click();
  const removeNetwork = page.getByRole('dialog', { name: 'Remove network' });
  await removeNetwork.getByRole('button', { name: 'Yes' }).click();
  await networks.getByText('No networks: API keys are accepted from anywhere.').waitFor();

  await page.getByRole('tab', { name: 'Licence usage' }).click();
  const licences = page.getByRole('table', { name: 'Licence usage' });
  await licences.getByRole('row').nth(1).waitFor();
  // The demo package's npm packages: left-pad (WTFPL) and @types/node (MIT).
  const rows = await licences.getByRole('row').evaluateAll((all) => all.slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
  expect(rows).toEqual([['MIT', '1', '1'], ['WTFPL', '1', '1']]);
  expect(await page.getByText('Over 1 ready application.').isVisible()).toBe(true);
  await shot('license-usage');

  // The narrow screen: each page loaded afresh at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, ready, name] of [
    ['/account/groups', () => tree.getByRole('link', { name: 'Routers' }).waitFor(), 'groups-tree-390'],
    [`/groups/${groupId}/members`, () => members.getByText('reader@example.com').waitFor(), 'members-390'],
    [`/groups/${groupId}/events`, () => events.getByText('Group membership delete').waitFor(), 'group-events-390'],
    ['/account/feed', () => feed.getByText('Group membership delete').waitFor(), 'account-feed-390'],
    ['/account/api-key-network-table', () => networks.waitFor(), 'api-key-networks-390'],
    ['/account/license-usage', () => licences.getByRole('row').nth(1).waitFor(), 'license-usage-390'],
  ] as const) {
    await page.goto(`${server.baseUrl}${path}`);
    await ready();
    await shot(name);
    expect(await page.evaluate('document.documentElement.scrollWidth'), path).toBe(390);
  }

  expect(cspViolations()).toEqual([]);
  await page.close();
});

it('sends a read-only user who opens the account area to the forbidden page', async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'account');
  await page.goto(`${server.baseUrl}/account/feed`);
  await logIn(page, 'reader@example.com', PASSWORD);
  await page.waitForURL(/\/403-forbidden$/);
  await page.getByRole('heading', { name: 'Forbidden' }).waitFor();
  await shot('read-only-forbidden');
  await page.goto(`${server.baseUrl}/account/groups`);
  await page.waitForURL(/\/403-forbidden$/);

  // Their own group's members are shown without actions.
  await page.goto(`${server.baseUrl}/groups/${groupId}/members`);
  await page.getByRole('table', { name: 'Members' }).getByText('reader@example.com').waitFor();
  expect(await page.getByRole('button', { name: 'Add member' }).count()).toBe(0);
  await shot('read-only-members');
  expect(cspViolations()).toEqual([]);
  await page.close();
});

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
