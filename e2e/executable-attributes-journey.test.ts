// Browser journey: a root file system holding real executables built by the engine's fixture
// scripts (ELF with and without PIE, RELRO, canary, an executable stack; a shared library; a
// MIPS binary; hardened and ASLR-less PE; a Mach-O) is uploaded, and its executable-attributes
// tab lists exactly what the API holds, filters by a missing mitigation and a format (both
// kept in the URL), and explains each attribute; its CycloneDX SBOM downloads from the Actions menu. Screenshots at 1280 and 390 px under
// e2e/artifacts/executable-attributes/.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tar } from '../packages/server/test/files.ts';
import { readyScan } from './support/ready-scan.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const fixture = (name: string) => readFileSync(new URL(`../packages/engine/fixtures/executables/${name}/${name}`, import.meta.url));

const ROOT_FS = tar([
  { path: 'usr/bin/agent', content: fixture('elf-default') },
  { path: 'usr/bin/legacy-cgi', content: fixture('elf-nopie') },
  { path: 'usr/sbin/updated', content: fixture('elf-full-relro') },
  { path: 'usr/bin/stackrunner', content: fixture('elf-execstack') },
  { path: 'usr/bin/nocanary', content: fixture('elf-no-canary') },
  { path: 'usr/lib/libdemo.so', content: fixture('elf-shared') },
  { path: 'opt/mips/probe', content: fixture('elf-mips') },
  { path: 'opt/windows/hardened.exe', content: fixture('pe64-msvc-hardened') },
  { path: 'opt/windows/old-service.exe', content: fixture('pe64-noaslr') },
  { path: 'opt/macos/helper', content: fixture('macho64-default') },
]);

interface Page<T> {
  count: number;
  results: T[];
}
interface Executable {
  path: string[];
  format: string;
  missing: string[];
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

it('lists every executable with its mitigations, filters by what is missing and by format, and explains each attribute', async () => {
  const { api, scanId } = await readyScan(server, 'Gateway firmware', 'gateway-rootfs-3.2.tar', ROOT_FS);
  const listed = (query: string) => api.json<Page<Executable>>('GET', `/rest/scans/${scanId}/executable-attributes/?limit=500${query}`);
  const all = await listed('');
  const noPie = await listed('&missing=no-pie');
  const pe = await listed('&format=pe');
  expect(all.count).toBe(10);
  expect(noPie.results.map((exe) => exe.path.at(-1)).sort()).toEqual(['usr/bin/legacy-cgi']);
  expect(pe.count).toBe(2);

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'executable-attributes');
  await logInAsAdmin(page, server);
  await page.goto(`${server.baseUrl}/product/${scanId}/analysis`);
  await page.getByRole('tab', { name: 'Executable attributes' }).click();
  await page.waitForURL(/\/executable-attributes$/);
  const table = page.getByRole('table', { name: 'Executable attributes' });
  const rows = table.locator('tbody tr');
  await expect.poll(() => rows.count()).toBe(all.count);
  expect(await rows.filter({ hasText: 'legacy-cgi' }).innerText()).toContain('No PIE');
  await shot('all-1280');

  await page.getByRole('combobox', { name: 'Missing' }).click();
  await page.getByRole('option', { name: /no-pie/ }).click();
  await page.waitForURL(/missing=no-pie/);
  await expect.poll(() => rows.count()).toBe(noPie.count);
  expect(await rows.first().innerText()).toContain('legacy-cgi');
  await shot('missing-no-pie-1280');

  await page.goto(`${server.baseUrl}/product/${scanId}/executable-attributes?format=pe`);
  await expect.poll(() => rows.count()).toBe(pe.count);
  expect((await rows.allInnerTexts()).join('\n')).toContain('old-service.exe');
  await page.getByRole('button', { name: 'What these attributes mean' }).click();
  await page.getByRole('table', { name: /mitigation/i }).waitFor();
  await shot('pe-and-help-1280');

  // The SBOM of the same scan, downloaded from the Actions menu, is the one the API answers.
  await page.getByRole('button', { name: 'Actions' }).click();
  await shot('actions-menu-1280');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CycloneDX 1.6 (JSON)' }).click()]);
  expect(download.suggestedFilename()).toBe('gateway-rootfs-3.2.tar.cdx.json');
  const sbom = JSON.parse(await readFile(await download.path(), 'utf8')) as { bomFormat: string; metadata: { component: { name: string } } };
  expect([sbom.bomFormat, sbom.metadata.component.name]).toEqual(['CycloneDX', 'gateway-rootfs-3.2.tar']);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/product/${scanId}/executable-attributes`);
  await expect.poll(() => rows.count()).toBe(all.count);
  await shot('all-390');
  expect(cspViolations()).toEqual([]);
  await page.close();
});
