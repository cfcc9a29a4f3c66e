// Journey: an API key honoured only from the account's API-key networks. The administrator
// sets the network 127.0.0.1/32 (POST /rest/api-key-networks/); a user makes a key on their
// authentication tab (shown once). The key works from 127.0.0.1 and is refused from 127.0.0.2
// (the client socket bound to that address) with 403 and the address in the message; the tab
// then shows when the key was last used, and invalidating it (after 'Yes') ends it.
// Screenshots at 1280 px and 390 px under e2e/artifacts/api-key/; no CSP violation.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiSession } from './support/api-session.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter, settled } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

let server: RunningServer;
let browser: JourneyBrowser;
const user = { email: 'grace@example.com', password: 'a long and unguessable passphrase' };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
  const admin = new ApiSession(server.baseUrl);
  expect((await admin.login(server.adminEmail, server.adminPassword)).status).toBe(200);
  expect(await admin.json('POST', '/rest/api-key-networks/', { network: '127.0.0.1/32' })).toMatchObject({ network: '127.0.0.1/32' });
  await admin.json('POST', '/rest/users/', { email: user.email, password: user.password });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('makes a key on the authentication tab that works from 127.0.0.1 and is refused from 127.0.0.2', async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'api-key');

  await page.goto(`${server.baseUrl}/users/me/authentication`);
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/users\/me\/authentication$/);
  await page.getByText('You have no API key.').waitFor();
  await shot('no-key');

  await page.getByRole('combobox', { name: 'Valid for' }).click();
  await page.getByRole('option', { name: '7 days' }).click();
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('new-api-key');
  await shown.waitFor();
  const key = (await shown.textContent()) ?? '';
  expect(key).toMatch(/^blk_[\w-]{43}$/);
  await page.getByText('Last used').waitFor();
  expect(await page.getByRole('cell', { name: 'Never' }).isVisible()).toBe(true);
  await shot('key-created');

  const fromLoopback = await getWithKey('/api/key/', key, '127.0.0.1');
  expect(fromLoopback.status).toBe(200);
  expect(JSON.parse(fromLoopback.body)).toMatchObject({ meta: { code: 200 }, results: { last_used: expect.any(String) } });

  const fromOther = await getWithKey('/api/key/', key, '127.0.0.2');
  expect([fromOther.status, JSON.parse(fromOther.body)]).toEqual([
    403,
    { meta: { code: 403 }, detail: "API keys are not accepted from 127.0.0.2: it is outside the account's API-key networks." },
  ]);

  // A reload forgets the key's token (shown once) and shows when it was last used.
  await page.reload();
  await page.getByText('Last used').waitFor();
  expect(await page.getByTestId('new-api-key').count()).toBe(0);
  expect(await page.getByRole('cell', { name: 'Never' }).count()).toBe(0);
  await shot('key-used');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByText('Last used').waitFor();
  await shot('key-used-390');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(390);

  await page.getByRole('button', { name: 'Invalidate key' }).click();
  const confirm = page.getByRole('dialog', { name: 'Invalidate your API key?' });
  await confirm.waitFor();
  await settled(page);
  await shot('invalidate-confirm-390');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await page.getByText('You have no API key.').waitFor();
  await shot('key-invalidated-390');

  const afterInvalidate = await getWithKey('/api/key/', key, '127.0.0.1');
  expect([afterInvalidate.status, JSON.parse(afterInvalidate.body)]).toEqual([401, { meta: { code: 401 }, detail: 'Invalid or expired API key.' }]);

  expect(cspViolations()).toEqual([]);
  await page.close();
});

/** GET with `Authorization: Bearer <key>` from a client socket bound to `localAddress`. */
function getWithKey(path: string, key: string, localAddress: string): Promise<{ status: number; body: string }> {
  const url = new URL(path, server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'GET', localAddress, headers: { authorization: `Bearer ${key}` } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
