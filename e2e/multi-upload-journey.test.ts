// Browser journey: several files dropped at once onto a group's upload page, each with its own
// progress bar (uploads throttled so the bars are seen mid-way), each ending as a scan; then a
// large upload cut off by a server crash mid-way, resumed once the server is back on the same
// port and data directory, and scanned to the end. Screenshots at 1280 and 390 px under
// e2e/artifacts/multi-upload/.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiSession } from './support/api-session.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter, settled } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

let dataDir: string;
let server: RunningServer;
let browser: JourneyBrowser;
let api: ApiSession;
let groupId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'binlens-multi-upload-'));
  [server, browser] = await Promise.all([startServer({ dataDir }), journeyBrowser()]);
  api = new ApiSession(server.baseUrl);
  expect((await api.login(server.adminEmail, server.adminPassword)).status).toBe(200);
  groupId = (await api.json<{ id: number }>('POST', '/rest/groups/', { name: 'Lab firmware' })).id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const signIn = async (page: Page) => {
  await page.goto(`${server.baseUrl}/groups/${groupId}/upload`);
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email').fill(server.adminEmail);
  await page.getByLabel('Password').fill(server.adminPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/groups\/\d+\/upload$/);
  await page.getByRole('tab', { name: 'Upload files' }).waitFor();
};

/** Drops files made in the page (name and size in bytes; a repeating byte pattern) onto the drop zone. */
const dropFiles = async (page: Page, files: [string, number][]) => {
  const dataTransfer = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    for (const [name, size] of ${JSON.stringify(files)}) {
      const bytes = new Uint8Array(size);
      for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + name.length) % 251;
      transfer.items.add(new File([bytes], name, { type: 'application/octet-stream' }));
    }
    return transfer;
  })()`);
  await page.getByTestId('upload-drop-zone').dispatchEvent('drop', { dataTransfer });
};

/** Upload bandwidth of the page, in bytes per second; -1 lifts the limit. */
const throttle = (cdp: CDPSession, bytesPerSecond: number) =>
  cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });

/** The step at 1280 px, then at 390 px, back at 1280. */
const bothWidths = async (page: Page, shot: (step: string) => Promise<void>, step: string) => {
  await shot(`${step}-wide`);
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await shot(`${step}-narrow`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await settled(page);
};
/** Waits for the layout's transitions (the navigation folding away) to end. Text: no DOM types here. */
const row = (page: Page, name: string) => page.getByRole('group', { name });
const rowText = (page: Page, name: string) => row(page, name).innerText();
const percent = async (page: Page, name: string) => Number(/\((\d+)%\)/.exec(await rowText(page, name))?.[1] ?? '0');

it('drops several files at once and shows a progress bar per file until each is a scan', async () => {
  for (const [width, height, suffix] of [
    [1280, 800, 'wide'],
    [390, 844, 'narrow'],
  ] as const) {
    const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width, height } });
    const shot = screenshotter(page, 'multi-upload');
    await signIn(page);
    await expect.poll(() => page.getByText(/up to [\d.]+ GB each/).isVisible()).toBe(true);
    await shot(`empty-${suffix}`);

    const cdp = await page.context().newCDPSession(page);
    await throttle(cdp, 1_500_000);
    const names = [`router-${suffix}.bin`, `camera-${suffix}.img`, `gateway-${suffix}.tar`];
    await dropFiles(page, [
      [names[0] ?? '', 3_000_000],
      [names[1] ?? '', 2_000_000],
      [names[2] ?? '', 1_200_000],
    ]);
    await expect.poll(() => page.getByTestId('upload-row').count()).toBe(3);
    await expect.poll(() => percent(page, names[0] ?? ''), { timeout: 30_000 }).toBeGreaterThan(10);
    expect(await rowText(page, names[0] ?? '')).toMatch(/Uploading/);
    await shot(`mid-way-${suffix}`);

    await throttle(cdp, -1);
    for (const name of names) {
      await expect.poll(() => rowText(page, name), { timeout: 60_000 }).toMatch(/Uploaded/);
    }
    expect(await rowText(page, names[0] ?? '')).toContain('3.00 MB of 3.00 MB (100%)');
    await shot(`done-${suffix}`);
    expect(cspViolations()).toEqual([]);
    await page.close();
  }
  const scans = await api.json<{ results: { name: string }[] }>('GET', `/rest/scans/?group=${groupId}&limit=50`);
  expect(scans.results.map((scan) => scan.name).sort()).toEqual(
    ['camera-narrow.img', 'camera-wide.img', 'gateway-narrow.tar', 'gateway-wide.tar', 'router-narrow.bin', 'router-wide.bin'],
  );
});

it('resumes an upload cut off by a server crash once the server is back, and scans it to the end', async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'multi-upload-resume');
  await signIn(page);
  const cdp = await page.context().newCDPSession(page);
  await throttle(cdp, 3_000_000);
  const name = 'big-firmware.img';
  await dropFiles(page, [[name, 40_000_000]]);
  await expect.poll(() => percent(page, name), { timeout: 60_000 }).toBeGreaterThan(25);

  const port = Number(new URL(server.baseUrl).port);
  await server.kill();
  await expect.poll(() => rowText(page, name), { timeout: 30_000 }).toMatch(/Connection lost, resuming/);
  const cutAt = await percent(page, name);
  expect(cutAt).toBeLessThan(100);
  await bothWidths(page, shot, 'interrupted');
  const before = await api.request('GET', '/rest/users/me/').catch(() => null);
  expect(before).toBeNull();

  server = await startServer({ dataDir, port });
  await throttle(cdp, -1);
  await expect.poll(() => rowText(page, name), { timeout: 90_000 }).toMatch(/Uploaded/);
  await bothWidths(page, shot, 'resumed');

  const link = row(page, name).getByRole('link', { name: 'Open scan' });
  const scanId = Number(/\/product\/(\d+)\//.exec((await link.getAttribute('href')) ?? '')?.[1]);
  expect(scanId).toBeGreaterThan(0);
  api = new ApiSession(server.baseUrl);
  expect((await api.login(server.adminEmail, server.adminPassword)).status).toBe(200);
  const scan = await api.waitForScan(scanId);
  expect(scan.status).toBe('R');
  const detail = await api.json<{ name: string; size: number }>('GET', `/rest/scans/${scanId}/`);
  expect(detail).toMatchObject({ name, size: 40_000_000 });
  const same = await api.json<{ results: { name: string }[] }>('GET', `/rest/scans/?group=${groupId}&limit=50`);
  expect(same.results.filter((s) => s.name === name).length).toBe(1);

  await link.click();
  await page.waitForURL(/\/product\/\d+\/analysis$/);
  await page.getByRole('heading', { name }).waitFor();
  await expect.poll(() => page.locator('.mantine-Loader-root').count(), { timeout: 30_000 }).toBe(0);
  await shot('resumed-scan-wide');
  expect(cspViolations()).toEqual([]);
  await page.close();
});
