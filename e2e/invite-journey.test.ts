// Browser journey: an administrator invites a user by mail. Nested groups (Product line → Routers)
// and a third one (Elsewhere); the invitation is sent from Account → Users and arrives on an SMTP
// server on loopback; the user sets a password from the mailed link (which then works no more)
// and signs in; the administrator gives them the member role on Routers from the user's Groups
// tab; the user then sees exactly Routers, and the not-found page for the other groups' ids.
// Screenshots at 1280 px and 390 px under e2e/artifacts/invite/; no page may violate the CSP.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiSession } from './support/api-session.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { DESKTOP, logIn, PHONE } from './support/knowledge-base.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { linkToken, startTestSmtp, type TestSmtp } from './support/smtp-server.ts';

const INVITED = 'grace@example.com';
const PASSWORD = 'grace chose this password';

let smtp: TestSmtp;
let server: RunningServer;
let browser: JourneyBrowser;

beforeAll(async () => {
  smtp = await startTestSmtp();
  [server, browser] = await Promise.all([startServer({ smtpPort: smtp.port }), journeyBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/**
 * One screenshot at 1280 px and one at 390 px, each once the frame's navigation has finished
 * sliding in or out (a shot taken meanwhile shows it half over the page).
 */
async function shootBothWidths(page: Page, shot: (step: string) => Promise<void>, step: string): Promise<void> {
  const navigationSettled = (phone: boolean) =>
    expect
      .poll(() => page.evaluate(`(() => { const nav = document.querySelector('.mantine-AppShell-navbar'); if (!nav) return true; const { left, right } = nav.getBoundingClientRect(); return ${phone} ? right <= 0 : left >= 0; })()`), { timeout: 5000 })
      .toBe(true);
  for (const [viewport, phone] of [[DESKTOP, false], [PHONE, true]] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate('window.scrollTo(0, 0)');
    await navigationSettled(phone);
    await shot(`${step}-${viewport.width}`);
  }
  await page.setViewportSize(DESKTOP);
  await navigationSettled(false);
}

it('invites a user by mail, who sets a password, signs in and sees only the group they were given', async () => {
  const api = new ApiSession(server.baseUrl);
  await api.login(server.adminEmail, server.adminPassword);
  const top = (await api.json<{ id: number }>('POST', '/rest/groups/', { name: 'Product line' })).id;
  const child = (await api.json<{ id: number }>('POST', '/rest/groups/', { name: 'Routers', parent: top })).id;
  const elsewhere = (await api.json<{ id: number }>('POST', '/rest/groups/', { name: 'Elsewhere' })).id;

  const admin = await newWatchedPage(browser, { viewport: DESKTOP });
  const shot = screenshotter(admin.page, 'invite');
  await logIn(admin.page, server);
  await admin.page.goto(`${server.baseUrl}/account/users`);
  await admin.page.getByRole('table', { name: 'Users' }).getByRole('link', { name: server.adminEmail }).waitFor();
  await shootBothWidths(admin.page, shot, 'users');

  await admin.page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Email').fill(INVITED);
  await shootBothWidths(admin.page, shot, 'invite-dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await admin.page.getByText(`An invitation was mailed to ${INVITED}.`).waitFor();

  const mail = await smtp.nextMail();
  expect([mail.to, mail.subject]).toEqual([[INVITED], 'You are invited to Binlens']);
  const link = `${server.baseUrl}/set-password?token=${linkToken(mail)}`;
  expect(mail.text).toContain(link);

  const invited = await newWatchedPage(browser, { viewport: DESKTOP });
  const userShot = screenshotter(invited.page, 'invite-user');
  await invited.page.goto(link);
  await invited.page.getByLabel('New password').fill(PASSWORD);
  await invited.page.getByLabel('Repeat the password').fill(PASSWORD);
  await shootBothWidths(invited.page, userShot, 'set-password');
  await invited.page.getByRole('button', { name: 'Set password' }).click();
  await invited.page.getByRole('link', { name: 'Sign in' }).click();
  await invited.page.getByLabel('Email').fill(INVITED);
  await invited.page.getByLabel('Password').fill(PASSWORD);
  await invited.page.getByRole('button', { name: 'Log in' }).click();
  await invited.page.waitForURL((url) => !url.pathname.startsWith('/login'));

  // The link worked once.
  const again = await fetch(`${server.baseUrl}/rest/auth/set-password/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: linkToken(mail), password: 'somebody else entirely' }),
  });
  expect([again.status, await again.json()]).toEqual([400, { token: ['This link is unknown, already used or expired: ask for a new one.'] }]);

  // The administrator finds the new user and gives them the member role on Routers.
  await admin.page.goto(`${server.baseUrl}/account/users`);
  await admin.page.getByRole('link', { name: INVITED }).click();
  await admin.page.getByRole('heading', { name: INVITED }).waitFor();
  await shootBothWidths(admin.page, shot, 'user-overview');
  await admin.page.getByRole('tab', { name: 'Groups' }).click();
  await admin.page.getByRole('combobox', { name: 'Add to group' }).click();
  await admin.page.getByRole('option', { name: 'Routers' }).click();
  await admin.page.getByRole('button', { name: 'Add' }).click();
  const memberships = admin.page.getByRole('table', { name: 'Group memberships' });
  await memberships.getByRole('link', { name: 'Routers' }).waitFor();
  await shootBothWidths(admin.page, shot, 'user-groups');

  // What the user sees now: Routers, not its parent and not the third group.
  await invited.page.goto(`${server.baseUrl}/user-groups`);
  const groups = invited.page.getByRole('table', { name: 'Groups' });
  await groups.getByRole('link', { name: 'Routers' }).waitFor();
  expect(await groups.getByRole('link').allInnerTexts()).toEqual(['Routers']);
  await shootBothWidths(invited.page, userShot, 'member-groups');
  for (const id of [elsewhere, top]) {
    await invited.page.goto(`${server.baseUrl}/groups/${id}`);
    await invited.page.getByRole('heading', { name: 'Page not found' }).waitFor();
  }
  await invited.page.goto(`${server.baseUrl}/groups/${child}`);
  await invited.page.getByRole('tab', { name: 'Applications' }).waitFor();

  // The review a removal opens in a new window: what would go, before anything does.
  const invitedId = Number(/\/users\/(\d+)\//.exec(admin.page.url())?.[1]);
  await admin.page.goto(`${server.baseUrl}/users/${invitedId}/remove`);
  await admin.page.getByRole('heading', { name: `Remove ${INVITED}` }).waitFor();
  await admin.page.getByText('Routers', { exact: false }).first().waitFor();
  await shootBothWidths(admin.page, shot, 'removal-review');

  await admin.page.goto(`${server.baseUrl}/forgot-password`);
  await shootBothWidths(admin.page, shot, 'forgot-password');
  expect([...admin.cspViolations(), ...invited.cspViolations()]).toEqual([]);
});

