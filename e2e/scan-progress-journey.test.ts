// Browser journey: a 360 MB firmware-like image (built by bench/server/firmware-image.ts) is
// uploaded and its scan page watched while it runs: the status code's meaning, each spec §9
// scanner process with files and bytes done, the time left, the scan log; then READY.
// Screenshots at 1280 and 390 px under e2e/artifacts/scan-progress/.
// A long file of the image sends no progress for a while: the time left is estimated meanwhile.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeFirmwareImage } from '../bench/server/firmware-image.ts';
import { ApiSession } from './support/api-session.ts';
import { artifactsDir, journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

let server: RunningServer;
let browser: JourneyBrowser;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'binlens-progress-'));
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(work, { recursive: true, force: true });
});

it('shows the scanner processes of a running scan live, then the ready scan', async () => {
  const image = join(work, 'router-fw-2.4.1.bin');
  // Large enough that unpacking lasts well past its first estimate (2 s in) on a quiet machine
  // too: at 120 MB the engine had unpacked it before the page first asked.
  await writeFirmwareImage(image, 360e6);
  const api = new ApiSession(server.baseUrl);
  expect((await api.login(server.adminEmail, server.adminPassword)).status).toBe(200);
  const group = await api.json<{ id: number }>('POST', '/rest/groups/', { name: 'Router firmware' });

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'scan-progress');
  await page.goto(`${server.baseUrl}/applications`);
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email').fill(server.adminEmail);
  await page.getByLabel('Password').fill(server.adminPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Applications' }).waitFor();

  const scan = await api.upload(group.id, image);
  await page.goto(`${server.baseUrl}/product/${scan.id}/analysis`);
  const panel = page.getByRole('region', { name: 'Scan progress' });
  const extractors = panel.getByRole('list', { name: 'Scanner processes' }).getByRole('listitem', { name: 'file extractors' });
  // The extractors' files and bytes: the page has polled the running scan.
  await expect.poll(() => extractors.count(), { timeout: 60_000 }).toBe(1);
  // The first estimate needs 2 s and 2% of the bytes: on a loaded machine the first member alone can take half a minute.
  await expect.poll(() => panel.getByText(/^about \d+ (s|min) left$/).count(), { timeout: 90_000 }).toBe(1);
  expect(await extractors.innerText()).toMatch(/files, [\d.]+ [kMG]?B of [\d.]+ [kMG]?B/);
  await shot('running-1280');

  // The same page on a phone, loaded at that width (no drawer animating away).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await panel.getByRole('list', { name: 'Scanner processes' }).waitFor();
  await shot('running-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await panel.waitFor();

  await page.getByRole('button', { name: 'Scan log' }).click();
  const log = page.getByLabel('Scan log lines');
  await expect.poll(() => log.innerText(), { timeout: 30_000 }).toContain('Scanner process: file extractors');
  expect(await log.innerText()).toContain('Queued; waiting for a worker');
  // The panel has opened once its height stops changing.
  const logRegion = page.getByRole('region', { name: 'Scan log' });
  let lastHeight = -1;
  await expect
    .poll(async () => {
      const height = (await logRegion.boundingBox())?.height ?? 0;
      const settled = height > 0 && height === lastHeight;
      lastHeight = height;
      return settled;
    })
    .toBe(true);
  await shot('scan-log-1280');

  await expect.poll(() => page.getByText('Ready', { exact: true }).first().isVisible(), { timeout: 120_000 }).toBe(true);
  expect(await panel.count()).toBe(0);
  await expect.poll(() => log.innerText(), { timeout: 10_000 }).toMatch(/Finished: ready; \d+ components? in \d+ files?/);
  await page.getByRole('table', { name: 'Components' }).waitFor({ timeout: 30_000 });
  // The window only: the components table lists each of the image's thousands of files.
  await page.screenshot({ path: join(artifactsDir, 'scan-progress', '04-ready-1280.png') });
  expect(cspViolations()).toEqual([]);
  await page.close();
});
