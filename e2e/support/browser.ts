// Debian's Chromium driven by playwright-core; never a downloaded browser.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

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

/** Keeps a full-page screenshot of the step under e2e/artifacts/<journey>/NN-step.png. */
export function screenshotter(page: Page, journey: string): (step: string) => Promise<void> {
  let count = 0;
  return async (step) => {
    count += 1;
    const dir = join(artifactsDir, journey);
    await mkdir(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${String(count).padStart(2, '0')}-${step}.png`), fullPage: true });
  };
}
