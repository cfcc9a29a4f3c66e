// Browser journey (issue 18): an administrator opens Custom patterns from the menu, is shown
// where RE2 refuses a backreference, adds the pattern of the company's build tokens, and applies
// it to a firmware bundle scanned before the pattern existed: the info-leak tab follows the search
// and then lists exactly the planted token, as the API does. Screenshots at 1280 and 390 px
// under e2e/artifacts/custom-patterns/.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tar } from '../packages/server/test/files.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { readyScan } from './support/ready-scan.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const TOKEN = 'ACME-TOKEN-7f3a9c21';
const MASKED = 'ACME***********9c21';
const BUNDLE = tar([
  { path: 'etc/deploy.env', content: `# deploy settings\nTOKEN=${TOKEN}\nSTAGING_TOKEN=ACME-TOKEN-notahex1\n` },
  { path: 'etc/motd', content: 'Welcome to the ACME router.\n' },
]);

interface Page<T> {
  count: number;
  results: T[];
}
interface Leak {
  kind: string;
  value: string;
  path: string[];
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

it('adds a custom pattern after an RE2 error at its position, applies it to a stored scan and shows the planted finding', async () => {
  const { api, scanId } = await readyScan(server, 'Routers', 'acme-router-2.1.tar', BUNDLE);
  const custom = () => api.json<Page<Leak>>('GET', `/rest/scans/${scanId}/infoleak/?kind=custom&limit=500`);
  expect((await custom()).count).toBe(0);

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'custom-patterns');
  await logInAsAdmin(page, server);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Custom patterns' }).click();
  await page.getByRole('heading', { name: 'Custom patterns' }).waitFor();
  await page.getByText('No custom patterns yet.', { exact: false }).waitFor();
  await shot('empty-1280');

  await page.getByRole('button', { name: 'Add pattern' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add custom pattern' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('ACME build tokens');
  const field = dialog.getByRole('textbox', { name: 'Pattern' });
  await field.fill('(a)\\1');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Tokens of the ACME build servers: ACME-TOKEN- and 8 hex digits.');
  await dialog.getByRole('button', { name: 'Add pattern' }).click();
  await dialog.getByText('Invalid RE2 pattern at position 3: invalid escape sequence: \\1').waitFor();
  expect(await dialog.getByLabel('Position 3 of the pattern').innerText()).toBe('(a)\\1\n   ^');
  await shot('re2-error-1280');

  await field.fill('ACME-TOKEN-[0-9a-f]{8}');
  await dialog.getByRole('button', { name: 'Add pattern' }).click();
  await dialog.waitFor({ state: 'detached' });
  const table = page.getByRole('table', { name: 'Custom patterns' });
  await table.getByRole('cell', { name: 'ACME-TOKEN-[0-9a-f]{8}' }).waitFor();
  expect(await table.getByRole('switch', { name: 'Enabled: ACME build tokens' }).isChecked()).toBe(true);
  await shot('list-1280');

  await page.goto(`${server.baseUrl}/product/${scanId}/info-leak`);
  const leaks = page.getByRole('table', { name: 'Information leaks' });
  await leaks.waitFor();
  expect(await leaks.innerText()).not.toContain('Custom pattern');
  await page.getByRole('button', { name: 'Apply custom patterns' }).click();
  await page.getByText('Custom patterns applied: 1 finding of 1 pattern.').waitFor({ timeout: 60_000 });
  const row = leaks.locator('tbody tr').filter({ hasText: 'Custom pattern' });
  await expect.poll(() => row.count()).toBe(1);
  expect(await row.innerText()).toContain(MASKED);
  expect(await row.innerText()).toContain('etc/deploy.env');
  await shot('applied-1280');

  // Exactly the planted value, as the API holds it.
  const found = await custom();
  expect(found.results.map((leak) => [leak.kind, leak.value, leak.path])).toEqual([['custom', TOKEN, ['etc/deploy.env']]]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/product/${scanId}/info-leak?kind=custom`);
  await expect.poll(() => leaks.locator('tbody tr').count()).toBe(1);
  await shot('applied-390');
  await page.goto(`${server.baseUrl}/custom-patterns`);
  await table.getByRole('switch', { name: 'Enabled: ACME build tokens' }).waitFor();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await shot('list-390');
  await page.getByRole('button', { name: 'Add pattern' }).click();
  await dialog.getByRole('textbox', { name: 'Pattern' }).fill('token=(?=[A-Z])');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Lookahead');
  await dialog.getByRole('button', { name: 'Add pattern' }).click();
  await dialog.getByText('Invalid RE2 pattern at position 6: invalid perl operator: (?=').waitFor();
  await shot('re2-error-390');

  expect(cspViolations()).toEqual([]);
});
