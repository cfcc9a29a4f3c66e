// Debian's Chromium driven by playwright-core; never a downloaded browser.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const artifactsDir = join(import.meta.dirname, '..', 'artifacts');

/**
 * A journey's view of the browser: pages and contexts it opens, closed together by `close()`.
 * The Chromium process behind it is the test worker's: journey files run one after another in
 * a worker (e2e/vitest.config.ts), and each launch cost ~3 s of CPU. Contexts share nothing.
 */
export interface JourneyBrowser {
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a context of its own, closed with the page, as Browser.newPage. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Closes every context this journey opened; Chromium stays for the worker's next journey. */
  close(): Promise<void>;
}

let workerChromium: Promise<Browser> | undefined;

/** A Chromium of its own, for a script outside the journeys (bench/web); its caller closes it. */
export function launchChromium(): Promise<Browser> {
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

/** The worker's Chromium, launched again if an earlier journey left it crashed or closed. */
async function chromiumOfWorker(): Promise<Browser> {
  const running = workerChromium === undefined ? undefined : await workerChromium.catch(() => undefined);
  if (running?.isConnected()) return running;
  workerChromium = launchChromium();
  return workerChromium;
}

export async function journeyBrowser(): Promise<JourneyBrowser> {
  const browser = await chromiumOfWorker();
  const opened = new Set<BrowserContext>();
  const newContext = async (options?: BrowserContextOptions) => {
    const context = await browser.newContext(options);
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  return {
    newContext,
    newPage: async (options) => {
      const context = await newContext(options);
      const page = await context.newPage();
      page.once('close', () => void context.close().catch(() => undefined));
      return page;
    },
    close: async () => {
      await Promise.all([...opened].map((context) => context.close()));
    },
  };
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

export async function newWatchedPage(browser: JourneyBrowser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
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
