// Browser journey: an archive holding the engine's fixture apps (an APK with permissions,
// exported components and native libraries; an APK with DEX libraries signed by a debug
// certificate; an IPA with entitlements, ATS exceptions and frameworks) is uploaded, and its
// mobile-apps tab shows as many apps as the API lists, the Android app's permissions row for
// row, and its signing certificate's fingerprint. Screenshots at 1280 and 390 px under
// e2e/artifacts/mobile-apps/.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tar } from '../packages/server/test/files.ts';
import { readyScan } from './support/ready-scan.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const fixture = (path: string) => readFileSync(new URL(`../packages/engine/fixtures/mobile/${path}`, import.meta.url));

const PHONE_APPS = tar([
  { path: 'android/demo.apk', content: fixture('apk-basic/demo.apk') },
  { path: 'android/libs.apk', content: fixture('apk-libraries/libs.apk') },
  { path: 'ios/demo.ipa', content: fixture('ipa-basic/demo.ipa') },
]);

interface Page<T> {
  count: number;
  results: T[];
}
interface MobileApp {
  platform: 'android' | 'ios';
  id: string;
  name: string | null;
  path: string[];
  permissions: { name: string }[];
  android: { signing: { certificates: { sha256: string }[] } } | null;
  ios: { provisioning: { entitlements: Record<string, unknown> } | null } | null;
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

it('shows every app of the upload with its permissions, signing and entitlements, on a wide screen and on a phone', async () => {
  const { api, scanId } = await readyScan(server, 'Phone apps', 'phone-apps-2.0.tar', PHONE_APPS);
  const listed = await api.json<Page<MobileApp>>('GET', `/rest/scans/${scanId}/mobileapps/`);
  expect(listed.count).toBe(3);
  const demo = listed.results.find((app) => app.platform === 'android' && app.id === 'org.binlens.demo');
  const libs = listed.results.find((app) => app.platform === 'android' && app.id === 'org.binlens.libs');
  const ios = listed.results.find((app) => app.platform === 'ios');
  if (!demo || !libs || !ios) throw new Error(`unexpected apps: ${listed.results.map((app) => `${app.platform} ${app.id}`).join(', ')}`);
  expect(demo.permissions.length).toBe(4);
  const fingerprint = demo.android?.signing.certificates[0]?.sha256 ?? '';
  expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'mobile-apps');
  await logInAsAdmin(page, server);
  await page.goto(`${server.baseUrl}/product/${scanId}/mobile-apps`);
  const apps = page.getByRole('region', { name: /^(Android|iOS) / });
  await expect.poll(() => apps.count()).toBe(listed.count);
  const demoApp = page.getByRole('region', { name: `Android ${demo.name ?? demo.id}` });
  const permissionRows = demoApp.getByRole('table', { name: 'Permissions' }).locator('tbody tr');
  await expect.poll(() => permissionRows.count()).toBe(demo.permissions.length);
  expect((await permissionRows.allInnerTexts()).map((row) => row.split('\t')[0]?.trim())).toEqual(demo.permissions.map((permission) => permission.name));
  expect(await permissionRows.filter({ hasText: 'android.permission.CAMERA' }).innerText()).toContain('dangerous');
  expect(await demoApp.getByRole('table', { name: 'Signing certificates' }).innerText()).toContain(fingerprint);
  const libsApp = page.getByRole('region', { name: `Android ${libs.name ?? libs.id}` });
  expect(await libsApp.getByRole('table', { name: 'Signing certificates' }).innerText()).toContain('Debug certificate');
  const iosApp = page.getByRole('region', { name: `iOS ${ios.name ?? ios.id}` });
  const entitlements = Object.keys(ios.ios?.provisioning?.entitlements ?? {});
  expect(entitlements.length).toBeGreaterThan(0);
  await expect.poll(() => iosApp.getByRole('table', { name: 'Entitlements' }).locator('tbody tr').count()).toBe(entitlements.length);
  await shot('apps-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect.poll(() => apps.count()).toBe(listed.count);
  await expect.poll(() => permissionRows.count()).toBe(demo.permissions.length);
  // On a phone the certificate and its whole fingerprint stay on the screen, side by side.
  const certificates = demoApp.getByRole('table', { name: 'Signing certificates' });
  const headers = await certificates.getByRole('columnheader').allInnerTexts();
  expect(headers.slice(0, 2)).toEqual(['Certificate', 'SHA-256']);
  const fingerprintBox = await certificates.getByText(fingerprint).boundingBox();
  expect(fingerprintBox).not.toBeNull();
  expect((fingerprintBox?.x ?? 0) + (fingerprintBox?.width ?? 0)).toBeLessThanOrEqual(390);
  await shot('apps-390');
  expect(cspViolations()).toEqual([]);
  await page.close();
});
