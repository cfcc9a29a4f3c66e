// Debian's Chromium driven by playwright-core; never a downloaded browser.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

export const artifactsDir = join(import.meta.dirname, '..', 'artifacts');

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * Lets the page's transitions end (Mantine's menus, modals and drawers fade and slide); endless
 * animations such as spinners are not waited for. A string, not a function: the page's CSP
 * refuses what Playwright would compile with eval.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate('Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined)))');
}

/** Keeps a full-page screenshot of the step under e2e/artifacts/<journey>/NN-step.png, once transitions have ended. */
export function screenshotter(page: Page, journey: string): (step: string) => Promise<void> {
  let count = 0;
  return async (step) => {
    count += 1;
    const dir = join(artifactsDir, journey);
    await mkdir(dir, { recursive: true });
    await settled(page);
    await page.screenshot({ path: join(dir, `${String(count).padStart(2, '0')}-${step}.png`), fullPage: true });
  };
}

/** A page that records every Content Security Policy violation, from the DOM event and the console. */
export interface WatchedPage {
  page: Page;
  /** Each violation as "<directive> blocked <uri>" or the console's "Refused to …" text. */
  cspViolations: () => string[];
}

const CSP_LISTENER = `
document.addEventListener('securitypolicyviolation', (event) => {
  window.__binlensCspViolation(event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline') + ' at ' + event.sourceFile + ':' + event.lineNumber);
});`;

export async function newWatchedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const page = await browser.newPage(options);
  const violations: string[] = [];
  await page.exposeFunction('__binlensCspViolation', (text: string) => void violations.push(text));
  // Init scripts run before the page's own and are not subject to its CSP. Text, because this
  // package is type-checked without the DOM library.
  await page.addInitScript({ content: CSP_LISTENER });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return { page, cspViolations: () => [...violations] };
}
