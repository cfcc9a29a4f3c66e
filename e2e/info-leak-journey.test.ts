// Browser journey: a made-up appliance configuration tree (a hard-coded admin password, a
// contact address, an update mirror, the AWS documentation example key, a device private key
// generated for the run, root's shell history with a Basic credential) is uploaded, and its
// info-leak tab lists exactly what the API holds, with and without documentation examples,
// filters by kind (kept in the URL), and opens a finding in a side panel whose value stays
// masked until Reveal. Screenshots at 1280 and 390 px under e2e/artifacts/info-leak/.
import { generateKeyPairSync } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tar } from '../packages/server/test/files.ts';
import { readyScan } from './support/ready-scan.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const PASSWORD = 'Tr0ub4dor&3xyz';
const DOCUMENTATION_KEY = 'AKIAIOSFODNN7EXAMPLE';

/** A throw-away key made for this run: a real PKCS#8 block the engine can read and fingerprint. */
const DEVICE_KEY = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const CONFIG_TREE = tar([
  {
    path: 'etc/app.conf',
    content: [
      '# Binlens demo appliance',
      'admin_user = admin',
      `admin_password = "${PASSWORD}"`,
      'contact = ops@binlens-demo.org',
      'mirror = https://updates.binlens-demo.org/feed',
      '# copied from the AWS documentation',
      `aws_access_key_id = ${DOCUMENTATION_KEY}`,
      '',
    ].join('\n'),
  },
  { path: 'etc/ssl/private/device.key', content: DEVICE_KEY },
  {
    path: 'root/.bash_history',
    content: [
      'ls -la /etc',
      'ssh admin@10.20.30.40',
      `curl -H "Authorization: Basic ${Buffer.from('deploy:S3cretDeploy!').toString('base64')}" https://updates.binlens-demo.org/upload`,
      'exit',
      '',
    ].join('\n'),
  },
]);

interface Page<T> {
  count: number;
  results: T[];
}
interface Leak {
  id: number;
  kind: string;
  value: string;
  masked: string | null;
  path: string[];
  decoy: boolean;
}

/** Waits until the side panel has slid in to `left` (its transition is over). */
async function slidIn(panel: Locator, left: number): Promise<void> {
  await expect.poll(async () => Math.round((await panel.boundingBox())?.x ?? -1)).toBe(left);
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

it('lists the leaks the API holds, with documentation examples on request, filters by kind and reveals a finding in its panel', async () => {
  const { api, scanId } = await readyScan(server, 'Appliance configurations', 'appliance-config-1.4.tar', CONFIG_TREE);
  const listed = (query: string) => api.json<Page<Leak>>('GET', `/rest/scans/${scanId}/infoleak/?limit=500${query}`);
  const shown = await listed('');
  const withExamples = await listed('&include_decoys=true');
  const passwords = await listed('&kind=passwords');
  const byValue = (value: string) => shown.results.find((leak) => leak.value === value);
  expect(byValue(PASSWORD)).toMatchObject({ kind: 'passwords', masked: 'Tr**********yz' });
  expect(byValue('ops@binlens-demo.org')).toMatchObject({ kind: 'emails', masked: null });
  expect(byValue('https://updates.binlens-demo.org/feed')).toMatchObject({ kind: 'urls' });
  expect(shown.results.map((leak) => leak.kind)).toEqual(expect.arrayContaining(['asymmetric_keys', 'shell_histories', 'http_credentials', 'ips']));
  // The engine runs with its decoy filter on: the documentation key is never reported, so
  // asking for examples adds nothing here; the page must still answer what the API answers.
  expect(shown.results.some((leak) => leak.value.includes(DOCUMENTATION_KEY))).toBe(false);
  expect(withExamples.results.filter((leak) => !leak.decoy)).toEqual(shown.results);
  expect(passwords.results.map((leak) => leak.value)).toEqual([PASSWORD]);
  const privateKey = shown.results.find((leak) => leak.kind === 'asymmetric_keys');
  expect(privateKey?.value).toBe(DEVICE_KEY.trim());

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'info-leak');
  await logInAsAdmin(page, server);
  await page.goto(`${server.baseUrl}/product/${scanId}/info-leak`);
  const table = page.getByRole('table', { name: 'Information leaks' });
  const rows = table.locator('tbody tr');
  await expect.poll(() => rows.count()).toBe(shown.count);
  const passwordRow = rows.filter({ hasText: 'Password' });
  expect(await passwordRow.innerText()).toContain('Tr**********yz');
  expect(await table.innerHTML()).not.toContain(PASSWORD);
  expect(await rows.filter({ hasText: 'ops@binlens-demo.org' }).innerText()).toContain('Email address');
  await shot('list-1280');

  // The box shows the URL's state: a click navigates, then it is ticked.
  const examples = page.getByRole('checkbox', { name: 'Show documentation examples' });
  await examples.click();
  await page.waitForURL(/decoys=true/);
  await expect.poll(() => examples.isChecked()).toBe(true);
  await expect.poll(() => rows.count()).toBe(withExamples.count);
  await examples.click();
  await page.waitForURL((url) => !url.search.includes('decoys'));
  await expect.poll(() => examples.isChecked()).toBe(false);

  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Passwords' }).click();
  await page.waitForURL(/kind=passwords/);
  await expect.poll(() => rows.count()).toBe(passwords.count);
  await shot('filtered-passwords-1280');

  await passwordRow.click();
  await page.waitForURL(new RegExp(`item=${byValue(PASSWORD)?.id}`));
  const panel = page.getByRole('dialog', { name: 'Password' });
  const value = panel.getByLabel('Value', { exact: true });
  expect(await value.innerText()).toBe('Tr**********yz');
  // Masked in its context too, until Reveal.
  expect(await panel.getByLabel('Context', { exact: true }).innerText()).toContain('admin_password = "Tr**********yz"');
  expect(await panel.innerText()).not.toContain(PASSWORD);
  await panel.getByRole('button', { name: 'Reveal' }).click();
  expect(await value.innerText()).toBe(PASSWORD);
  expect(await panel.getByLabel('Context', { exact: true }).innerText()).toContain(`admin_password = "${PASSWORD}"`);
  expect(await panel.innerText()).toContain('config-password');
  await slidIn(panel, 1280 - 520);
  await shot('panel-1280');
  await panel.getByRole('button', { name: 'Close' }).click();
  await panel.waitFor({ state: 'detached' });
  expect(new URL(page.url()).searchParams.get('item')).toBeNull();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/product/${scanId}/info-leak`);
  await expect.poll(() => rows.count()).toBe(shown.count);
  await shot('list-390');
  await rows.filter({ hasText: 'Asymmetric key' }).click();
  const keyPanel = page.getByRole('dialog', { name: 'Asymmetric key' });
  await keyPanel.getByRole('button', { name: 'Reveal' }).waitFor();
  expect(await keyPanel.innerText()).toContain('fingerprint');
  expect(await keyPanel.innerText()).not.toContain('BEGIN PRIVATE KEY');
  await slidIn(keyPanel, 0);
  // A full-page capture keeps fixed layers to the first screen: with a screen as tall as the
  // page, the shot shows the panel over everything, as the phone does.
  const pageHeight = Number(await page.evaluate('document.documentElement.scrollHeight'));
  await page.setViewportSize({ width: 390, height: pageHeight });
  await shot('panel-390');
  expect(cspViolations()).toEqual([]);
  await page.close();
});
