// Browser journey: a firmware-like root file system (real executables built by the engine's
// fixture scripts, unsafe imports among them; a Debian kernel configuration; a .deb) is
// uploaded, and its static-code-analysis, details (analysis settings, stats, config, SBOM) and
// feed tabs show what the native JSON of the same file holds, counted against the API and the
// engine run in-process. Screenshots at 1280 and 390 px under e2e/artifacts/scan-details/.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NativeJson } from '../packages/engine/src/index.ts';
import { tar } from '../packages/server/test/files.ts';
import { nativeJsonOf } from './support/native-json.ts';
import { readyScan } from './support/ready-scan.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const engineFixture = (path: string) => readFileSync(new URL(`../packages/engine/fixtures/${path}`, import.meta.url));
const executable = (name: string) => engineFixture(`executables/${name}/${name}`);

const FIRMWARE = tar([
  { path: 'usr/sbin/httpd', content: executable('elf-unsafe') },
  { path: 'usr/bin/report', content: executable('elf-canary-strong') },
  { path: 'usr/bin/agent', content: executable('elf-default') },
  { path: 'usr/lib/libdemo.so', content: executable('elf-shared') },
  { path: 'boot/config-6.1.0-amd64', content: engineFixture('executables/kernel-config-debian/config-6.1.0-amd64') },
  { path: 'var/cache/apt/binlens-demo_1.4.2-1_amd64.deb', content: readFileSync(new URL('fixtures/demo-deb/binlens-demo_1.4.2-1_amd64.deb', import.meta.url)) },
]);
const FILE_NAME = 'camera-fw-5.0.tar';

interface Page<T> {
  count: number;
  results: T[];
}
interface Metadata {
  counts: Record<string, number | null>;
  kernel_configs: { checks: { ok: boolean }[] }[];
}

let server: RunningServer;
let browser: JourneyBrowser;
let native: NativeJson;

beforeAll(async () => {
  native = await nativeJsonOf(FILE_NAME, FIRMWARE);
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('shows the static code findings, the details and the feed of a firmware as the native JSON holds them', async () => {
  const { api, scanId } = await readyScan(server, 'Cameras', FILE_NAME, FIRMWARE);
  const findings = await api.json<Page<{ rule: string; path: string[] }>>('GET', `/rest/scans/${scanId}/rss-findings/?limit=500`);
  expect(findings.count).toBe(native.code_findings.length);
  expect(findings.count).toBe(5);
  const metadata = await api.json<Metadata>('GET', `/rest/scans/${scanId}/metadata/`);
  expect([metadata.counts.executables, metadata.counts.code_findings, metadata.counts.components, metadata.counts.kernel_configs]).toEqual([
    native.executables.length, native.code_findings.length, native.components.length, native.kernel_configs.length,
  ]);
  await api.json('POST', '/rest/comments/', { product: scanId, comment: 'Supplier confirmed the httpd build flags.' });

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'scan-details');
  await logInAsAdmin(page, server);

  // Static code analysis: a row per finding, filtered by rule in the URL, rules explained.
  await page.goto(`${server.baseUrl}/product/${scanId}/analysis`);
  await page.getByRole('tab', { name: 'Static code analysis' }).click();
  await page.waitForURL(/\/static-code-analysis$/);
  const rows = page.getByRole('table', { name: 'Static code analysis findings' }).locator('tbody tr');
  await rows.first().waitFor();
  await expect.poll(() => rows.count()).toBe(native.code_findings.length);
  expect(await rows.filter({ hasText: 'httpd' }).count()).toBe(native.code_findings.filter((f) => f.path.at(-1) === 'usr/sbin/httpd').length);
  await shot('static-code-analysis-1280');
  await page.getByRole('combobox', { name: 'Rule' }).click();
  await page.getByRole('option', { name: 'Command run through the shell' }).click();
  await page.waitForURL(/rule=shell-execution/);
  await expect.poll(() => rows.count()).toBe(native.code_findings.filter((f) => f.rule === 'shell-execution').length);
  await page.getByRole('button', { name: 'What these rules mean' }).click();
  await page.getByRole('listitem', { name: 'Command run through the shell' }).waitFor();
  await shot('static-code-analysis-rule-1280');

  // Details: opens on the analysis settings; stats count what the native JSON lists; config checks the kernel.
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.waitForURL(/\/details\/analysis-settings$/);
  await page.getByRole('table', { name: 'Extraction limits' }).waitFor();
  expect(await page.getByRole('table', { name: 'Extraction limits' }).innerText()).toContain('16 levels');
  await shot('details-analysis-settings-1280');
  await page.getByRole('tab', { name: 'Stats' }).click();
  const counts = page.getByRole('list', { name: 'Counts' });
  await counts.waitFor();
  expect(await counts.getByRole('listitem', { name: 'Executables' }).innerText()).toContain(String(native.executables.length));
  expect(await counts.getByRole('listitem', { name: 'Static code findings' }).innerText()).toContain(String(native.code_findings.length));
  expect(await counts.getByRole('listitem', { name: 'Components' }).innerText()).toContain(String(native.components.length));
  await shot('details-stats-1280');
  await page.getByRole('tab', { name: 'Config' }).click();
  const checks = page.getByRole('table', { name: /^Hardening checks of / }).locator('tbody tr');
  await expect.poll(() => checks.count()).toBe(native.kernel_configs[0]?.checks.length);
  await shot('details-config-1280');
  await page.getByRole('tab', { name: 'SBOM' }).click();
  await page.getByRole('list', { name: 'SBOM formats' }).waitFor();
  await shot('details-sbom-1280');

  // Feed: the upload and the comment, newest first.
  await page.getByRole('tab', { name: 'Feed' }).click();
  await page.waitForURL(/\/feed$/);
  const events = page.getByRole('table', { name: 'Scan events' }).locator('tbody tr');
  await expect.poll(() => events.count()).toBe(2);
  expect(await events.first().innerText()).toMatch(/comment/i);
  await shot('feed-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/product/${scanId}/static-code-analysis`);
  await rows.first().waitFor();
  await expect.poll(() => rows.count()).toBe(native.code_findings.length);
  await shot('static-code-analysis-390');
  await page.goto(`${server.baseUrl}/product/${scanId}/details/stats`);
  await counts.waitFor();
  await shot('details-stats-390');
  await page.goto(`${server.baseUrl}/product/${scanId}/details/config`);
  await expect.poll(() => checks.count()).toBe(native.kernel_configs[0]?.checks.length);
  await shot('details-config-390');
  expect(cspViolations()).toEqual([]);
  await page.close();
});
