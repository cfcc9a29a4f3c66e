// Browser journey: the applications list found again exactly. Scans uploaded through the API;
// in the browser, a search by exact name (name:), by plain text (the equal name first), by
// SHA-256, and by custom data (meta:KEY=VALUE) after adding it on the scan's Custom data tab;
// sorting by a column and filtering by status, with q, ordering and status kept in the URL
// across a reload. Screenshots at 1280 px and 390 px under e2e/artifacts/applications-list/.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiSession } from './support/api-session.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

let server: RunningServer;
let browser: JourneyBrowser;
let files: string;

const CONTENT: Record<string, string> = {
  'router-fw.bin': 'router firmware 2.1\n',
  'router-fw.bin.old': 'router firmware 1.9\n',
  'camera.img': 'camera image 7\n',
  'doorbell.img': 'doorbell image 3\n',
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
  files = await mkdtemp(join(tmpdir(), 'binlens-list-journey-'));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (files) await rm(files, { recursive: true, force: true });
});

it('finds applications by exact name, hash and custom data, sorts and filters them, and keeps it all in the URL', async () => {
  const api = new ApiSession(server.baseUrl);
  await api.login(server.adminEmail, server.adminPassword);
  const group = await api.json<{ id: number }>('POST', '/rest/groups/', { name: 'Firmware' });
  const ids: Record<string, number> = {};
  for (const [name, content] of Object.entries(CONTENT)) {
    await writeFile(join(files, name), content);
    ids[name] = (await api.upload(group.id, join(files, name))).id;
  }
  for (const id of Object.values(ids)) await api.waitForScan(id);

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'applications-list');
  await logIn(page);
  const table = page.getByRole('table', { name: 'Applications' });
  const names = async () => table.locator('tbody tr a[href^="/product/"]').allInnerTexts();
  // The label names both the input and its option list: the input comes first.
  const statusFilter = () => page.getByRole('group', { name: 'Filters' }).getByLabel('Status', { exact: true }).first();
  const search = async (q: string) => {
    await page.getByLabel('Search applications').fill(q);
    await page.getByLabel('Search applications').press('Enter');
  };

  await page.goto(`${server.baseUrl}/applications`);
  await table.getByRole('link', { name: 'doorbell.img' }).waitFor();
  await page.getByRole('group', { name: 'Applications summary' }).getByText('4 applications').waitFor();
  expect(await names()).toEqual(['doorbell.img', 'camera.img', 'router-fw.bin.old', 'router-fw.bin']);
  await shot('all');

  await search('name:router-fw.bin');
  await expect.poll(names).toEqual(['router-fw.bin']);
  await page.getByRole('group', { name: 'Applications summary' }).getByText('1 application', { exact: true }).waitFor();
  await shot('exact-name');
  await search('router-fw.bin');
  await expect.poll(names).toEqual(['router-fw.bin', 'router-fw.bin.old']);

  const sha256 = createHash('sha256').update(CONTENT['camera.img'] ?? '').digest('hex');
  await search(sha256);
  await expect.poll(names).toEqual(['camera.img']);
  await shot('sha256');

  await table.getByRole('link', { name: 'camera.img' }).click();
  await page.getByRole('tab', { name: 'Custom data' }).click();
  await page.waitForURL(new RegExp(`/product/${ids['camera.img']}/custom-data$`));
  await page.getByText('No custom data yet.').waitFor();
  await page.getByLabel('Key').fill('release');
  await page.getByLabel('Value').fill('  2.1 ');
  await page.getByRole('button', { name: 'Add' }).click();
  const customData = page.getByRole('table', { name: 'Custom data' });
  await customData.getByText('RELEASE').waitFor();
  expect(await customData.locator('tbody tr').first().locator('td').allInnerTexts()).toEqual(['RELEASE', '2.1', 'Edit\n✕']);
  await shot('custom-data');

  await page.goto(`${server.baseUrl}/applications`);
  await search('meta:release=2.1');
  await expect.poll(names).toEqual(['camera.img']);
  await shot('meta-search');
  await search('meta:RELEASE=9');
  await page.getByText('No applications match the search.').waitFor();

  await search('');
  await expect.poll(names).toEqual(['doorbell.img', 'camera.img', 'router-fw.bin.old', 'router-fw.bin']);
  await table.getByRole('button', { name: /^Name/ }).click();
  await expect.poll(names).toEqual(['camera.img', 'doorbell.img', 'router-fw.bin', 'router-fw.bin.old']);
  expect(new URL(page.url()).searchParams.get('ordering')).toBe('name');
  await shot('sorted-by-name');

  await statusFilter().click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await page.getByText('No applications match the search.').waitFor();
  await statusFilter().click();
  await page.getByRole('option', { name: 'Ready' }).click();
  await expect.poll(names).toEqual(['camera.img', 'doorbell.img', 'router-fw.bin', 'router-fw.bin.old']);
  await search('img');
  await expect.poll(names).toEqual(['camera.img', 'doorbell.img']);
  const url = new URL(page.url());
  expect([url.pathname, url.searchParams.get('q'), url.searchParams.get('ordering'), url.searchParams.get('status')]).toEqual(['/applications', 'img', 'name', 'R']);
  await shot('filtered');

  await page.reload();
  await expect.poll(names).toEqual(['camera.img', 'doorbell.img']);
  expect(await page.getByLabel('Search applications').inputValue()).toBe('img');
  expect(await statusFilter().inputValue()).toBe('Ready');

  // The group's applications tab takes the same URL state.
  await page.goto(`${server.baseUrl}/groups/${group.id}/applications?q=router&ordering=-name`);
  await expect.poll(names).toEqual(['router-fw.bin.old', 'router-fw.bin']);
  await shot('group-tab');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/applications?ordering=name&status=R`);
  await expect.poll(names).toEqual(['camera.img', 'doorbell.img', 'router-fw.bin', 'router-fw.bin.old']);
  await shot('filtered-390');
  await page.goto(`${server.baseUrl}/product/${ids['camera.img']}/custom-data`);
  await customData.getByText('RELEASE').waitFor();
  await shot('custom-data-390');

  expect(cspViolations()).toEqual([]);
  await page.close();
});

async function logIn(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/applications`);
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email').fill(server.adminEmail);
  await page.getByLabel('Password').fill(server.adminPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Applications' }).waitFor();
}
