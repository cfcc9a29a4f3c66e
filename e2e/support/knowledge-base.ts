// What the knowledge-base journeys share: a bundle made with the CLI from vulndb's feed
// fixtures, an input whose one component has a CVE in that bundle, the data page in both
// widths, and the API's view of the knowledge base.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { tar } from '../../packages/server/test/files.ts';
import type { ApiSession } from './api-session.ts';
import { bundleOf, FEED_FIXTURES } from './bundles.ts';
import type { RunningServer } from './server-process.ts';

/** lodash 4.17.20: GHSA-35jh-r3h4-6jhm (CVE-2021-23337) in the OSV fixture, fixed in 4.17.21. */
export const VULNERABLE_COMPONENT = { name: 'lodash', version: '4.17.20', cve: 'CVE-2021-23337' };

export const DATA_PAGE = '/account/vulnerability-data';

export type KnowledgeBaseState = 'empty' | 'importing' | 'ready' | 'failed';

export interface KnowledgeBaseView {
  state: KnowledgeBaseState;
  updated: string | null;
  sources: { name: string; state: string; records: number; last_error: string | null; next_attempt: string | null }[];
}

/** A knowledge base imported by `binlens db import` from the OSV and KEV fixtures, exported by `binlens db export-bundle` (support/bundles.ts). */
export function makeBundle(): Promise<string> {
  return bundleOf([join(FEED_FIXTURES, 'osv-ghsa-35jh-r3h4-6jhm.json'), join(FEED_FIXTURES, 'kev.json')]);
}

/** A tar holding node_modules/lodash/package.json of the vulnerable version. */
export async function makeVulnerableInput(workDir: string): Promise<string> {
  const file = join(workDir, 'app-with-lodash.tar');
  const { name, version } = VULNERABLE_COMPONENT;
  await writeFile(file, tar([{ path: `node_modules/${name}/package.json`, content: JSON.stringify({ name, version }) }]));
  return file;
}

export async function logIn(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Email').fill(server.adminEmail);
  await page.getByLabel('Password').fill(server.adminPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Polls GET /rest/knowledge-base/ until `done` holds; the last answer. */
export async function waitForKnowledgeBase(
  session: ApiSession,
  done: (view: KnowledgeBaseView) => boolean,
  timeoutMs = 60_000,
): Promise<KnowledgeBaseView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = await session.json<KnowledgeBaseView>('GET', '/rest/knowledge-base/');
    if (done(view)) return view;
    if (Date.now() > deadline) throw new Error(`knowledge base still ${JSON.stringify(view)} after ${timeoutMs} ms`);
    await new Promise((wait) => setTimeout(wait, 250));
  }
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** One screenshot at 1280 px and one at 390 px (`<step>-1280`, `<step>-390`); the page is left at 1280 px. */
export async function shootBothWidths(page: Page, shot: (step: string) => Promise<void>, step: string): Promise<void> {
  // From the top: a full-page screenshot of a scrolled page draws the fixed header mid-page.
  const fromTop = () => page.evaluate('window.scrollTo(0, 0)');
  await page.setViewportSize(DESKTOP);
  await fromTop();
  await shot(`${step}-1280`);
  await page.setViewportSize(PHONE);
  await fromTop();
  // The navigation slides away when the width drops; meanwhile the page is wider than the screen.
  // After it, nothing may stick out sideways at 390 px.
  await expect.poll(() => page.evaluate('document.documentElement.scrollWidth'), { timeout: 5000 }).toBe(PHONE.width);
  // Settled: the navigation is wholly off screen and the heading stands where it stood 100 ms before.
  const frame = "[(document.querySelector('nav')?.getBoundingClientRect().right ?? 0) <= 0, document.querySelector('main h2')?.getBoundingClientRect().left ?? 0]";
  await expect.poll(async () => {
    const before = await page.evaluate(frame);
    await page.waitForTimeout(100);
    return JSON.stringify(before) === JSON.stringify(await page.evaluate(frame)) && (before as [boolean, number])[0];
  }, { timeout: 5000 }).toBe(true);
  await shot(`${step}-390`);
  await page.setViewportSize(DESKTOP);
}

/** The cells of the Sources table's row of `source`, as text. */
export async function sourceRow(page: Page, source: string): Promise<string[]> {
  const row = page.getByRole('table', { name: 'Sources' }).getByRole('row').filter({ has: page.getByRole('cell', { name: source, exact: true }) });
  return row.getByRole('cell').allTextContents();
}
