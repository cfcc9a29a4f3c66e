// Browser journey: fetch a file from a URL. An administrator allows 127.0.0.1/32 under Account
// → Outbound networks; a fetch from 127.0.0.2 (not allowed) is refused under the URL field
// with the reason; a fetch of the demo .deb from a download server on 127.0.0.1 (request header
// and custom data given in the form) becomes a ready scan; the group gets a webhook on
// 127.0.0.1 and shows its secret once. Screenshots at 1280 px and 390 px under
// e2e/artifacts/fetch/. Every server the journey talks to listens on loopback.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiSession } from './support/api-session.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const demoDeb = join(import.meta.dirname, 'fixtures/demo-deb/binlens-demo_1.4.2-1_amd64.deb');

let server: RunningServer;
let browser: JourneyBrowser;
let downloads: http.Server;
let port = 0;
const downloadHeaders: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  const deb = await readFile(demoDeb);
  // The download server answers on every loopback address; the guard decides which may be reached.
  downloads = http.createServer((request, response) => {
    downloadHeaders.push(request.headers);
    if (request.url === '/releases/binlens-demo_1.4.2-1_amd64.deb') return response.writeHead(200, { 'content-length': deb.length }).end(deb);
    return response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => downloads.listen(0, '0.0.0.0', resolve));
  port = (downloads.address() as AddressInfo).port;
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => downloads?.close(resolve));
});

it('fetches a file from an allowed server, refuses one that is not, and sets up a webhook', async () => {
  const api = new ApiSession(server.baseUrl);
  await api.login(server.adminEmail, server.adminPassword);
  const group = await api.json<{ id: number }>('POST', '/rest/groups/', { name: 'Firmware drops' });

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'fetch');
  await logInAsAdmin(page, server);

  await page.goto(`${server.baseUrl}/account/outbound-networks`);
  await page.getByText('No networks: fetches and webhooks reach public addresses only.').waitFor();
  await page.getByRole('textbox', { name: 'Network (CIDR)' }).fill('127.0.0.1/32');
  await page.getByRole('button', { name: 'Add network' }).click();
  const networks = page.getByRole('table', { name: 'Outbound networks' });
  await networks.getByText('127.0.0.1/32').waitFor();
  await shot('outbound-networks');

  await page.goto(`${server.baseUrl}/groups/${group.id}/upload`);
  await page.getByRole('tab', { name: 'Fetch from URL' }).click();
  await page.getByRole('textbox', { name: 'URL' }).fill(`http://127.0.0.2:${port}/releases/binlens-demo_1.4.2-1_amd64.deb`);
  await page.getByRole('button', { name: 'Fetch and scan' }).click();
  const refusal =
    'The address 127.0.0.2 is a loopback address; requests to it are refused unless an administrator allows its network (Account → Outbound networks).';
  await page.getByText(refusal).waitFor();
  expect(downloadHeaders).toEqual([]);
  await shot('refused');

  await page.getByRole('textbox', { name: 'URL' }).fill(`http://127.0.0.1:${port}/releases/binlens-demo_1.4.2-1_amd64.deb`);
  await page.getByRole('textbox', { name: /Request headers/ }).fill('Authorization: Bearer drop-token');
  await page.getByRole('textbox', { name: /Custom data/ }).fill('release=1.4.2');
  await page.getByRole('button', { name: 'Fetch and scan' }).click();
  const fetched = page.getByRole('alert').filter({ hasText: 'binlens-demo_1.4.2-1_amd64.deb' });
  await expect.poll(() => fetched.getByText('Ready', { exact: true }).isVisible(), { timeout: 90_000 }).toBe(true);
  expect(downloadHeaders.map((headers) => headers.authorization)).toEqual(['Bearer drop-token']);
  await shot('fetched');

  await fetched.getByRole('link', { name: 'Open scan' }).click();
  await page.waitForURL(/\/product\/\d+\/analysis$/);
  await expect.poll(() => page.getByRole('row').filter({ hasText: 'left-pad' }).count(), { timeout: 30_000 }).toBe(1);
  await shot('fetched-analysis');

  await page.goto(`${server.baseUrl}/groups/${group.id}/settings/webhook`);
  await page.getByRole('textbox', { name: 'Webhook URL' }).fill(`http://127.0.0.1:${port}/hooks/binlens`);
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await page.getByText('Copy the secret now: it is not shown again').waitFor();
  expect(await page.getByText(/^whsec_/).textContent()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  await shot('webhook-created');

  // The narrow screen: each page loaded afresh at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/account/outbound-networks`);
  await networks.getByText('127.0.0.1/32').waitFor();
  await shot('outbound-networks-390');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(390);
  await page.goto(`${server.baseUrl}/groups/${group.id}/upload`);
  await page.getByRole('tab', { name: 'Fetch from URL' }).click();
  await page.getByRole('textbox', { name: 'URL' }).fill(`http://127.0.0.2:${port}/releases/binlens-demo_1.4.2-1_amd64.deb`);
  await page.getByRole('button', { name: 'Fetch and scan' }).click();
  await page.getByText(refusal).waitFor();
  await shot('refused-390');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(390);
  await page.goto(`${server.baseUrl}/groups/${group.id}/settings/webhook`);
  await page.getByRole('button', { name: 'Remove webhook' }).waitFor();
  await shot('webhook-390');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(390);

  expect(cspViolations()).toEqual([]);
  await page.close();
});
