// Browser journey: SAML single sign-on against a real identity provider (SimpleSAMLphp under
// php -S on loopback, support/saml-idp.ts). An administrator imports the IdP's metadata on
// /account-settings/sso and turns SSO on; after logging out, the login page offers "Sign in
// with SimpleSAMLphp", the IdP's own login page signs Jane in, and she lands signed in on the
// page she asked for. A user the IdP knows but Binlens does not is refused with the login
// page's message. Screenshots at 1280 px and 390 px under e2e/artifacts/sso/; no page may
// violate the Content Security Policy.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiSession } from './support/api-session.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { type IdpUser, type SamlIdp, startSamlIdp } from './support/saml-idp.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const JANE: IdpUser = { username: 'jane', password: 'jane-at-the-idp', email: 'jane@example.com' };
const STRANGER: IdpUser = { username: 'stranger', password: 'stranger-at-the-idp', email: 'stranger@example.com' };

let server: RunningServer;
let idp: SamlIdp;
let browser: JourneyBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), journeyBrowser()]);
  idp = await startSamlIdp({ sp: { entityId: `${server.baseUrl}/rest/sso/metadata/`, acsUrl: `${server.baseUrl}/rest/sso/acs/` }, users: [JANE, STRANGER] });
  const admin = new ApiSession(server.baseUrl);
  await admin.login(server.adminEmail, server.adminPassword);
  await admin.json('POST', '/rest/users/', { email: JANE.email });
});
afterAll(async () => {
  await browser?.close();
  await idp?.stop();
  await server?.stop();
});

it('configures SSO from the IdP metadata, then signs in through the real IdP', async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'sso');

  await logInWithPassword(page);
  await page.goto(`${server.baseUrl}/account-settings/sso`);
  await page.getByRole('heading', { name: 'Single sign-on (SAML 2.0)' }).waitFor();
  expect(await page.getByLabel('Assertion consumer service URL (HTTP-POST)', { exact: true }).textContent()).toBe(`${server.baseUrl}/rest/sso/acs/`);
  const metadata = await (await fetch(idp.metadataUrl)).text();
  await page.getByRole('textbox', { name: 'Import IdP metadata' }).fill(metadata);
  await page.getByRole('switch', { name: 'Offer single sign-on on the login page' }).check({ force: true });
  await page.getByRole('textbox', { name: 'Button label' }).fill('SimpleSAMLphp');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Settings saved').waitFor();
  expect(await page.getByRole('textbox', { name: 'IdP entity id' }).inputValue()).toBe(idp.entityId);
  expect(await page.getByRole('textbox', { name: 'IdP single sign-on URL' }).inputValue()).toBe(idp.ssoUrl);
  expect(normalisePem(await page.getByRole('textbox', { name: 'IdP signing certificates' }).inputValue())).toBe(normalisePem(idp.certificate));
  await page.getByRole('list', { name: 'Stored certificates' }).getByText('CN=SimpleSAMLphp journey IdP').waitFor();
  await shot('settings');

  await page.getByRole('button', { name: `User menu for ${server.adminEmail}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(/\/login/);

  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.url().startsWith(server.baseUrl)) navigations.push(`${request.method()} ${request.url()}`);
  });
  await page.goto(`${server.baseUrl}/login?redirect=%2Fall-groups`);
  const ssoButton = page.locator('#login__div--sso').getByRole('link', { name: 'Sign in with SimpleSAMLphp' });
  await ssoButton.waitFor();
  await shot('login-with-sso');
  await ssoButton.click();
  await page.waitForURL(`${idp.baseUrl}/**`);
  await page.locator('input[name="username"]').waitFor();
  await shot('idp-login');
  await signInAtIdp(page, JANE);
  await page.waitForURL(`${server.baseUrl}/all-groups`);
  await page.getByRole('button', { name: `User menu for ${JANE.email}` }).waitFor();
  await shot('signed-in');
  expect(await page.evaluate('fetch("/rest/users/me/").then((r) => r.json()).then((me) => me.email)')).toBe(JANE.email);
  // The IdP's page posted the response to the ACS, which sent this browser on to finish with its binding cookie.
  const hops = navigations.filter((entry) => /^(GET|POST) /.test(entry)).map((entry) => entry.replace(server.baseUrl, '').replace(/token=[\w-]+/, 'token=…').replace(/redirect=[^&]+/, 'redirect=…'));
  expect(hops).toEqual(['GET /login?redirect=…', 'GET /rest/sso/login/?redirect=…', 'POST /rest/sso/acs/', 'GET /rest/sso/finish/?token=…', 'GET /all-groups']);

  expect(cspViolations()).toEqual([]);
  await page.close();
});

it('refuses a user the IdP knows but Binlens does not, saying why', async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'sso-refused');
  await page.goto(`${server.baseUrl}/login`);
  await page.getByRole('link', { name: 'Sign in with SimpleSAMLphp' }).click();
  await signInAtIdp(page, STRANGER);
  await page.waitForURL(`${server.baseUrl}/login?sso_error=unknown_user`);
  await page.getByRole('alert').getByText('There is no Binlens account for your e-mail address. Ask your administrator to invite you.').waitFor();
  await shot('unknown-user');
  expect(await page.evaluate('fetch("/rest/users/me/").then((r) => r.status)')).toBe(401);
  expect(cspViolations()).toEqual([]);
  await page.close();
});

it('fits a phone: the login page, the IdP, the signed-in home and the settings at 390 px', async () => {
  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 390, height: 844 } });
  const shot = screenshotter(page, 'sso-390');
  await page.goto(`${server.baseUrl}/login`);
  await page.getByRole('link', { name: 'Sign in with SimpleSAMLphp' }).waitFor();
  await shot('login-with-sso');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(390);
  await page.getByRole('link', { name: 'Sign in with SimpleSAMLphp' }).click();
  await page.locator('input[name="username"]').waitFor();
  await shot('idp-login');
  await signInAtIdp(page, JANE);
  await page.waitForURL(`${server.baseUrl}/`);
  await page.getByRole('button', { name: `User menu for ${JANE.email}` }).waitFor();
  await shot('signed-in');

  const admin = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const adminPage = await admin.newPage();
  await logInWithPassword(adminPage);
  await adminPage.goto(`${server.baseUrl}/account-settings/sso`);
  await adminPage.getByRole('heading', { name: 'Single sign-on (SAML 2.0)' }).waitFor();
  await screenshotter(adminPage, 'sso-390-settings')('settings');
  expect(await adminPage.evaluate('document.documentElement.scrollWidth')).toBe(390);
  await admin.close();

  expect(cspViolations()).toEqual([]);
  await page.close();
});

async function logInWithPassword(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Email').fill(server.adminEmail);
  await page.getByLabel('Password').fill(server.adminPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** SimpleSAMLphp's own login form; its answer page posts the SAMLResponse to Binlens by script. */
async function signInAtIdp(page: Page, user: IdpUser): Promise<void> {
  await page.waitForURL(`${idp.baseUrl}/**`);
  await page.locator('input[name="username"]').fill(user.username);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('input[name="password"]').press('Enter');
}

function normalisePem(pem: string): string {
  return pem.replace(/\s+/g, '');
}
