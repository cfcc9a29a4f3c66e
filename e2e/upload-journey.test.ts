// Browser journey: log in, create a group, upload the demo .deb, wait for the scan to be
// ready and read its summary and components; a screenshot per step under e2e/artifacts/upload/
// (the analysis tab at 1280 and 390 px). The server's Content Security Policy is on
// throughout, and no page may violate it.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';


const demoDeb = join(import.meta.dirname, 'fixtures/demo-deb/binlens-demo_1.4.2-1_amd64.deb');

let server: RunningServer;
let browser: JourneyBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('logs in, creates a group, uploads a .deb and shows its components', async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'upload');

  await page.goto(`${server.baseUrl}/applications`);
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email').fill(server.adminEmail);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => page.getByText('Unable to log in with the provided credentials.').isVisible()).toBe(true);
  await shot('login-refused');

  await page.getByLabel('Password').fill(server.adminPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/applications$/);
  // The URL changes before the login form gives way: wait for the page itself.
  await page.getByRole('heading', { name: 'Applications' }).waitFor();
  await shot('applications');

  await page.goto(`${server.baseUrl}/all-groups`);
  await page.getByRole('link', { name: 'New group' }).click();
  await page.getByLabel('Name').fill('Router firmware');
  await page.getByLabel('Description').fill('Images from the lab');
  await shot('create-group');
  await page.getByRole('button', { name: 'Create group' }).click();
  await page.waitForURL(/\/groups\/\d+\/applications$/);

  await page.getByRole('button', { name: 'Upload' }).click();
  await page.waitForURL(/\/groups\/\d+\/upload$/);
  await page.getByLabel('Files', { exact: true }).setInputFiles(demoDeb);
  // The upload page sends each file as it is chosen; the finished one links to its scan.
  await page.getByRole('link', { name: 'Open scan' }).click({ timeout: 120_000 });
  await page.waitForURL(/\/product\/\d+\/analysis$/);

  await expect.poll(() => page.getByText('Ready', { exact: true }).first().isVisible(), { timeout: 60_000 }).toBe(true);
  const rows = page.getByRole('row');
  await expect.poll(() => rows.filter({ hasText: 'left-pad' }).count()).toBe(1);
  // The licences' classes come with the licences: MIT is permissive.
  await expect.poll(() => rows.filter({ has: page.getByText('@types/node', { exact: true }) }).innerText(), { timeout: 15_000 }).toContain('Permissive');

  // Name (with the distribution beneath), version, type in words, licence with its class.
  const cells = async (name: string) => {
    const row = rows.filter({ has: page.getByText(name, { exact: true }) });
    return (await row.getByRole('cell').allInnerTexts()).slice(0, 4).map((text) => text.replace(/\s+/g, ' ').trim());
  };
  expect(await cells('binlens-demo')).toEqual(['binlens-demo debian', '1.4.2-1', 'Distribution package', 'None declared']);
  expect(await cells('left-pad')).toEqual(['left-pad', '1.3.0', 'JavaScript', 'Permissive WTFPL']);
  expect(await cells('@types/node')).toEqual(['@types/node', '20.11.5', 'JavaScript', 'Permissive MIT']);
  await shot('analysis');

  // A component opens in the side panel, with the evidence it was found by.
  await page.getByRole('button', { name: 'Details of left-pad' }).click();
  const panel = page.getByRole('dialog', { name: 'left-pad 1.3.0' });
  await panel.getByRole('listitem', { name: 'Package metadata' }).waitFor();
  expect(await panel.getByRole('table', { name: 'Component' }).innerText()).toContain('pkg:npm/left-pad@1.3.0');
  await shot('analysis-component-panel');
  await panel.getByRole('button', { name: 'Close' }).click();

  // The summary above the components: its cards say what the scan found, in words.
  const summary = page.getByRole('region', { name: 'Findings summary' });
  const components = summary.getByRole('group', { name: 'Components' });
  await components.waitFor();
  const words = async (card: typeof components) => (await card.innerText()).replace(/\s+/g, ' ').trim();
  expect(await words(components)).toBe('COMPONENTS 3 Restrictive 0 Restrictive when estimated 0 Permissive 2 Unknown 1');
  await shot('analysis-summary');

  // The narrow screen: the page loaded afresh at 390 px, the cards one above the other.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await summary.getByRole('group', { name: 'Components' }).waitFor();
  await expect.poll(() => rows.filter({ hasText: 'left-pad' }).count()).toBe(1);
  await shot('analysis-summary-390');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(390);
  expect(cspViolations()).toEqual([]);
  await page.close();
});

it('serves the policy the journey ran under, and the watch sees a violation', async () => {
  const { page, cspViolations } = await newWatchedPage(browser);
  const response = await page.goto(`${server.baseUrl}/login`);
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
  await page.evaluate(`{
    const script = document.createElement('script');
    script.textContent = 'document.title = "injected"';
    document.body.append(script);
  }`);
  await expect.poll(() => cspViolations().some((text) => text.startsWith('script-src-elem blocked inline'))).toBe(true);
  expect(await page.title()).toBe('Binlens');
  await page.close();
});
