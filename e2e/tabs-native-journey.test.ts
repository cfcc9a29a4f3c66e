// Browser journey: five inputs of the kinds people upload (a firmware-like image, an APK,
// an IPA, a container image and a .deb), each scanned by the server and by the engine run
// in-process; every tab of the scan page shows as many items as the native JSON of the same
// file holds. Screenshots of each tab under e2e/artifacts/tabs-native/, the analysis tab also
// at 390 px.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NativeJson } from '../packages/engine/src/index.ts';
import { tar } from '../packages/server/test/files.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { nativeJsonOf } from './support/native-json.ts';
import { readyScan } from './support/ready-scan.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const engineFixture = (path: string) => readFileSync(new URL(`../packages/engine/fixtures/${path}`, import.meta.url));
const executable = (name: string) => engineFixture(`executables/${name}/${name}`);
const DEMO_DEB = readFileSync(new URL('fixtures/demo-deb/binlens-demo_1.4.2-1_amd64.deb', import.meta.url));

/** A router's update: its boot containers (uImage, FIT, TRX, squashfs), a root file system with executables, leaky files and a package. */
const FIRMWARE = tar([
  { path: 'boot/firmware.tar', content: engineFixture('unpack/firmware-containers/firmware.tar') },
  { path: 'rootfs/usr/sbin/httpd', content: executable('elf-unsafe') },
  { path: 'rootfs/usr/bin/agent', content: executable('elf-default') },
  { path: 'rootfs/usr/bin/legacy-cgi', content: executable('elf-nopie') },
  { path: 'rootfs/usr/lib/libdemo.so', content: executable('elf-shared') },
  { path: 'rootfs/opt/backup/secrets.tar', content: engineFixture('infoleak/secrets-tar/secrets.tar') },
  { path: 'rootfs/var/cache/apt/binlens-demo_1.4.2-1_amd64.deb', content: DEMO_DEB },
]);

const INPUTS = [
  { kind: 'firmware', group: 'Routers', fileName: 'router-firmware-3.2.tar', bytes: FIRMWARE },
  { kind: 'apk', group: 'Android apps', fileName: 'libs-1.0.apk', bytes: engineFixture('mobile/apk-libraries/libs.apk') },
  { kind: 'ipa', group: 'iOS apps', fileName: 'demo-1.0.ipa', bytes: engineFixture('mobile/ipa-basic/demo.ipa') },
  { kind: 'container', group: 'Images', fileName: 'gateway-image.tar', bytes: engineFixture('unpack/docker-save/image.tar') },
  { kind: 'deb', group: 'Packages', fileName: 'binlens-demo_1.4.2-1_amd64.deb', bytes: DEMO_DEB },
] as const;

/** Each table tab with the native JSON list it shows, one row per item. */
const TABLE_TABS = [
  { tab: 'Analysis', path: 'analysis', table: 'Components', items: (native: NativeJson) => native.components.length },
  { tab: 'Info leak', path: 'info-leak', table: 'Information leaks', items: (native: NativeJson) => native.infoleaks.length },
  { tab: 'Static code analysis', path: 'static-code-analysis', table: 'Static code analysis findings', items: (native: NativeJson) => native.code_findings.length },
  { tab: 'Executable attributes', path: 'executable-attributes', table: 'Executable attributes', items: (native: NativeJson) => native.executables.length },
] as const;

let server: RunningServer;
let browser: JourneyBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** How long a count may take to show on a busy machine (expect.poll waits one second by default). */
const SHOWN = { timeout: 20_000, interval: 250 };

/** The data rows the table says it has, once the tab's requests are answered. */
async function tableRows(page: Page, table: string): Promise<number> {
  await page.waitForLoadState('networkidle');
  const rowCount = await page.getByRole('table', { name: table }).getAttribute('aria-rowcount');
  return Number(rowCount) - 1;
}

describe.each(INPUTS)('the scan of a $kind', ({ kind, group, fileName, bytes }) => {
  it('shows on every tab what the native JSON of the same file holds', async () => {
    const [native, { scanId }] = await Promise.all([nativeJsonOf(fileName, bytes), readyScan(server, group, fileName, bytes)]);
    // Each input exercises what it is chosen for.
    const expectations: Record<typeof kind, () => void> = {
      firmware: () => expect([native.executables.length > 0, native.code_findings.length > 0, native.infoleaks.length > 0, native.components.length > 0]).toEqual([true, true, true, true]),
      apk: () => expect([native.mobile_apps.length, native.components.length > 0]).toEqual([1, true]),
      ipa: () => expect(native.mobile_apps.length).toBe(1),
      container: () => expect(native['docker-images'].length).toBe(1),
      deb: () => expect(native.components.length).toBeGreaterThan(0),
    };
    expectations[kind]();

    const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
    const shot = screenshotter(page, 'tabs-native');
    await logInAsAdmin(page, server);
    await page.goto(`${server.baseUrl}/product/${scanId}/analysis`);

    for (const { tab, path, table, items } of TABLE_TABS) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.waitForURL(new RegExp(`/product/${scanId}/${path}`));
      await page.getByRole('table', { name: table }).waitFor();
      await expect.poll(() => tableRows(page, table), { ...SHOWN, message: `${tab} of the ${kind}` }).toBe(items(native));
      await shot(`${kind}-${path}-1280`);
    }

    await page.getByRole('tab', { name: 'Mobile apps', exact: true }).click();
    await page.waitForURL(new RegExp(`/product/${scanId}/mobile-apps`));
    const apps = page.getByRole('region', { name: /^(Android|iOS) / });
    if (native.mobile_apps.length === 0) await page.getByText(/no mobile app/i).first().waitFor();
    await expect.poll(() => apps.count(), SHOWN).toBe(native.mobile_apps.length);
    for (const [index, app] of native.mobile_apps.entries()) {
      const permissions = apps.nth(index).getByRole('table', { name: 'Permissions' });
      if (app.permissions.length > 0) await expect.poll(() => permissions.locator('tbody tr').count(), SHOWN).toBe(app.permissions.length);
    }
    await shot(`${kind}-mobile-apps-1280`);

    await page.getByRole('tab', { name: 'Layers', exact: true }).click();
    await page.waitForURL(new RegExp(`/product/${scanId}/layers`));
    const images = page.getByRole('region', { name: /^Image / });
    if (native['docker-images'].length === 0) await page.getByRole('heading', { name: 'No container image in this scan' }).waitFor();
    await expect.poll(() => images.count(), SHOWN).toBe(native['docker-images'].length);
    for (const [index, image] of native['docker-images'].entries()) {
      const layers = (image as { layers: unknown[] }).layers;
      await expect.poll(() => images.nth(index).locator('.mantine-Timeline-item').count(), SHOWN).toBe(layers.length);
    }
    await shot(`${kind}-layers-1280`);

    // On a phone the analysis tab holds every component too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/product/${scanId}/analysis`);
    await page.getByRole('table', { name: 'Components' }).waitFor();
    await expect.poll(() => tableRows(page, 'Components'), SHOWN).toBe(native.components.length);
    await shot(`${kind}-analysis-390`);
    expect(cspViolations()).toEqual([]);
    await page.close();
  });
});
