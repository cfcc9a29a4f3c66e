import type { Page } from 'playwright-core';
import type { RunningServer } from './server-process.ts';

/** Opens the app signed out, signs in on the login page as the server's administrator, and waits for All groups. */
export async function logInAsAdmin(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.baseUrl}/all-groups`);
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email').fill(server.adminEmail);
  await page.getByLabel('Password').fill(server.adminPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'All groups' }).waitFor();
}
