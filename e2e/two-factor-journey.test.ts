// Browser journey: two-factor sign-in. On the authentication tab (/users/me/authentication) the
// administrator sets up an authenticator: the QR code and key, a code computed here from the
// config_url's secret turns it on. After signing out, the login asks for the code after the
// password: the code that confirmed the device is refused as already used, the next one signs
// in. Screenshots at 1280 px and 390 px under e2e/artifacts/two-factor/; no CSP violation.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { secretOf, totpAt } from './support/totp.ts';

let server: RunningServer;
let browser: JourneyBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('turns two-factor sign-in on, then signs in with password and code; a used code is refused', async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'two-factor');

  await page.goto(`${server.baseUrl}/users/me/authentication`);
  await page.waitForURL(/\/login/);
  await fillPassword(page);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/users\/me\/authentication$/);
  const setUp = page.getByRole('button', { name: 'Set up two-factor sign-in' });
  await setUp.waitFor();
  await page.getByText('You have no API key.').waitFor();
  await shot('authentication-tab');

  await setUp.click();
  const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await qr.waitFor();
  const configUrl = (await page.getByTestId('otp-config-url').textContent()) ?? '';
  expect(configUrl).toMatch(/^otpauth:\/\/totp\/Binlens:admin%40example\.com\?secret=[A-Z2-7]{32}&issuer=Binlens$/);
  const secret = secretOf(configUrl);
  expect(await page.getByTestId('otp-secret').textContent()).toBe(secret);
  await shot('enrolment');

  await page.getByLabel('Code', { exact: true }).fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByText('This code does not match: enter the six-digit code your authenticator app shows now.').waitFor();
  await shot('enrolment-wrong-code');

  const confirmingCode = totpAt(secret, new Date());
  await page.getByLabel('Code', { exact: true }).fill(confirmingCode);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByText('Two-factor sign-in is on. From now on, signing in asks for a code from your authenticator app.').waitFor();
  expect(await page.getByText('On', { exact: true }).isVisible()).toBe(true);
  await shot('two-factor-on');

  await page.getByRole('button', { name: `User menu for ${server.adminEmail}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(/\/login/);

  await fillPassword(page);
  await page.getByRole('button', { name: 'Log in' }).click();
  const code = page.getByLabel('Authentication code');
  await code.waitFor();
  await shot('login-asks-code');

  // The code that confirmed the device has been spent: within its 30 seconds it is refused.
  await code.fill(confirmingCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByText('This code was already used. Wait for the next one.').waitFor();
  expect(await code.getAttribute('aria-invalid')).toBe('true');
  await shot('login-code-reused');

  // The next step's code is within the accepted window and newer than the spent one.
  await code.fill(totpAt(secret, new Date(Date.now() + 30_000)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto(`${server.baseUrl}/users/me/authentication`);
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).waitFor();
  await shot('signed-in-with-code');

  // The narrow screen: the tab and the login's code step loaded afresh at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).waitFor();
  await page.getByText('You have no API key.').waitFor();
  await shot('authentication-tab-390');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(390);
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' }).waitFor();
  await settled(page);
  await shot('turn-off-dialog-390');
  await page.keyboard.press('Escape');

  const fresh = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const narrowShot = screenshotter(fresh, 'two-factor-390');
  await fresh.goto(`${server.baseUrl}/login`);
  await fillPassword(fresh);
  await fresh.getByRole('button', { name: 'Log in' }).click();
  await fresh.getByLabel('Authentication code').waitFor();
  await narrowShot('login-asks-code-390');
  expect(await fresh.evaluate('document.documentElement.scrollWidth')).toBe(390);
  await fresh.close();

  expect(cspViolations()).toEqual([]);
  await page.close();
});

/**
 * Waits until the open dialog and its overlay have finished fading in. Polled with evaluate:
 * waitForFunction compiles its text with eval, which the page's CSP refuses.
 */
async function settled(page: Page): Promise<void> {
  const faded = "[...document.querySelectorAll('.mantine-Modal-content, .mantine-Modal-overlay')].every((e) => getComputedStyle(e).opacity === '1')";
  await expect.poll(() => page.evaluate(faded)).toBe(true);
}

async function fillPassword(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(server.adminEmail);
  await page.getByLabel('Password').fill(server.adminPassword);
}

/** A six-digit code that is none of the three the server accepts now. */
function wrongCode(secret: string): string {
  const now = Date.now();
  const accepted = [-30_000, 0, 30_000].map((offset) => totpAt(secret, new Date(now + offset)));
  return ['000000', '111111', '222222', '333333'].find((code) => !accepted.includes(code)) ?? '444444';
}
