// Browser journey: the engine's docker-save fixture (a three-layer image whose second layer
// deletes a file by a whiteout and hides a folder) and its firmware-containers fixture (a tar of
// an Intel HEX, an S-record, a FIT image, a uImage and a TRX holding a SquashFS) are uploaded.
// The Files tab draws exactly the children the API lists, level by level through the nested
// containers; a file's side panel says which layer brought it and which deleted it; the search
// finds paths anywhere in the tree; the Layers tab lists each layer's build step, its components
// and the files it deleted, and says so when the input holds no image. Screenshots at 1280 and
// 390 px under e2e/artifacts/file-tree/.
import { readFileSync } from 'node:fs';
import type { Page as BrowserPage } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readyScan } from './support/ready-scan.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const fixture = (path: string) => readFileSync(new URL(`../packages/engine/fixtures/unpack/${path}`, import.meta.url));

interface Page<T> {
  count: number;
  results: T[];
}
interface Entry {
  name: string;
  path: string[];
  child_count: number;
}
interface Image {
  repo_tags: string[];
  layers: { digest: string; created_by: string | null; deleted_files: string[][] }[];
}

let server: RunningServer;
let browser: JourneyBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The names of the tree's rows at one level, as drawn. */
async function rowNames(page: BrowserPage, level: number): Promise<string[]> {
  // Each row's label holds its name whole in its title (the text may be cut to the row's width).
  const labels = await page.locator(`[role="treeitem"][aria-level="${level}"] .mantine-NavLink-label [title]`).all();
  return Promise.all(labels.map(async (label) => (await label.getAttribute('title')) ?? ''));
}

it('browses an image and a firmware as trees, opens a file, searches, and lists the image layers', async () => {
  const image = await readyScan(server, 'Containers', 'demo-image.tar', fixture('docker-save/image.tar'));
  const firmware = await readyScan(server, 'Firmware', 'router-bundle.tar', fixture('firmware-containers/firmware.tar'));
  const list = (scanId: number, parent: string[]) =>
    image.api.json<Page<Entry>>('GET', `/rest/scans/${scanId}/files/?limit=500&parent=${encodeURIComponent(JSON.stringify(parent))}`);

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'file-tree');
  await logInAsAdmin(page, server);

  // The firmware: every level the API lists, down to the SquashFS inside the TRX inside the tar.
  await page.goto(`${server.baseUrl}/product/${firmware.scanId}/analysis`);
  await page.getByRole('tab', { name: 'Files' }).click();
  await page.waitForURL(/\/files$/);
  const tree = page.getByRole('tree');
  const top = await list(firmware.scanId, []);
  expect(top.results.map((entry) => entry.name)).toEqual(['app.hex', 'app.srec', 'image.itb', 'kernel.uimage', 'router.trx']);
  await expect.poll(() => tree.getByRole('treeitem').count()).toBe(top.count);
  await tree.getByRole('treeitem', { name: /^router\.trx/ }).click();
  const trx = await list(firmware.scanId, ['router.trx']);
  await expect.poll(() => rowNames(page, 2)).toEqual(trx.results.map((entry) => entry.name));
  await tree.getByRole('treeitem', { name: /^partition-1/ }).click();
  const squashfs = await list(firmware.scanId, ['router.trx', 'partition-1']);
  await expect.poll(() => rowNames(page, 3)).toEqual(squashfs.results.map((entry) => entry.name));
  await tree.getByRole('treeitem', { name: /^etc/ }).click();
  await tree.getByRole('treeitem', { name: /^os-release/ }).click();
  await page.waitForURL(/path=/);
  const panel = page.getByRole('region', { name: 'Selected file' });
  await expect.poll(() => panel.innerText()).toContain('router.trx / partition-1 / etc/os-release');
  await shot('firmware-tree-1280');

  // The image: the deleted file says which layer deleted it.
  await page.goto(`${server.baseUrl}/product/${image.scanId}/files`);
  const imageTop = await list(image.scanId, []);
  await expect.poll(() => rowNames(page, 1)).toEqual(imageTop.results.map((entry) => entry.name));
  await tree.getByRole('treeitem', { name: /^etc/ }).click();
  await tree.getByRole('treeitem', { name: /^secret\.txt/ }).click();
  await expect.poll(() => panel.innerText()).toContain('Deleted by whiteout in layer 2 of 3');
  expect(await panel.innerText()).toContain('From layer 1 of 3');
  await shot('image-deleted-file-1280');
  // The dpkg database carries the image's one component.
  for (const folder of [/^var/, /^lib/, /^dpkg/]) await tree.getByRole('treeitem', { name: folder }).click();
  await expect.poll(() => tree.getByRole('treeitem', { name: /^status/ }).innerText()).toContain('zlib1g 1:1.2.13.dfsg-1');

  // The search lists paths from anywhere in the tree, flat.
  await page.getByRole('textbox', { name: 'Search files' }).fill('bin/tool');
  await page.keyboard.press('Enter');
  const results = page.getByRole('table', { name: 'Matching files' }).locator('tbody tr');
  const found = await image.api.json<Page<Entry>>('GET', `/rest/scans/${image.scanId}/files/?search=bin%2Ftool`);
  await expect.poll(() => results.count()).toBe(found.count);
  await shot('search-1280');
  await page.getByRole('button', { name: 'Back to the tree' }).click();
  await tree.getByRole('treeitem', { name: /^status/ }).click();
  await expect.poll(() => panel.innerText()).toContain('zlib1g 1:1.2.13.dfsg-1');
  await shot('component-1280');

  // Layers: three build steps bottom first, the second deleting two files.
  const layers = await image.api.json<Page<Image>>('GET', `/rest/scans/${image.scanId}/layers/`);
  expect(layers.results[0]?.layers.map((layer) => layer.deleted_files)).toEqual([[], [['etc/secret.txt'], ['opt/app/old.txt']], []]);
  await page.getByRole('tab', { name: 'Layers' }).click();
  await page.waitForURL(/\/layers$/);
  const card = page.getByRole('region', { name: 'Image binlens/demo:1.0' });
  await expect.poll(() => card.getByLabel('Build step').allInnerTexts()).toEqual(layers.results[0]?.layers.map((layer) => layer.created_by));
  expect(await card.innerText()).toContain('zlib1g 1:1.2.13.dfsg-1');
  await shot('layers-1280');
  // A deleted file links to its place in the tree.
  await card.getByRole('link', { name: 'etc/secret.txt' }).click();
  await page.waitForURL(/\/files\?path=/);
  await expect.poll(() => panel.innerText()).toContain('Deleted by whiteout in layer 2 of 3');

  // A firmware holds no image: its Layers tab says so.
  await page.goto(`${server.baseUrl}/product/${firmware.scanId}/layers`);
  await page.getByRole('heading', { name: 'No container image in this scan' }).waitFor();
  await shot('layers-empty-1280');

  // A phone: the tree alone, the file full screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/product/${image.scanId}/files`);
  await expect.poll(() => rowNames(page, 1)).toEqual(imageTop.results.map((entry) => entry.name));
  await tree.getByRole('treeitem', { name: /^usr/ }).click();
  await tree.locator('[role="treeitem"][aria-level="2"]').filter({ hasText: /^bin/ }).click();
  await shot('tree-390');
  await tree.getByRole('treeitem', { name: /^tool2/ }).click();
  const dialog = page.getByRole('dialog', { name: 'tool2' });
  await expect.poll(() => dialog.innerText()).toContain('From layer 3 of 3');
  await shot('file-390');
  await page.goto(`${server.baseUrl}/product/${image.scanId}/layers`);
  await card.waitFor();
  await shot('layers-390');
  expect(cspViolations()).toEqual([]);
  await page.close();
});
