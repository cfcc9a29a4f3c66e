// A PDF's first pages as PNG images, drawn by PDF.js in Debian's Chromium: the PDF.js build
// that unpdf ships (one module, no worker file) and the PDF are served to the page from
// memory under a made-up origin, so nothing is fetched from outside and no file is left.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JourneyBrowser } from './browser.ts';

const ORIGIN = 'http://pdf-pages.invalid';

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><style>body{margin:0;background:#e9ecef}canvas{display:block;margin:0 0 8px 0;background:#fff}</style></head>
<body><script type="module">
  import { getDocument } from '/pdfjs.mjs';
  const count = Number(new URLSearchParams(location.search).get('pages'));
  try {
    const bytes = new Uint8Array(await (await fetch('/document.pdf')).arrayBuffer());
    const pdf = await getDocument({ data: bytes, isEvalSupported: false }).promise;
    const pages = Math.min(count, pdf.numPages);
    for (let n = 1; n <= pages; n += 1) {
      const page = await pdf.getPage(n);
      const viewport = page.getViewport({ scale: 1.5 });
      const canvas = document.createElement('canvas');
      canvas.width = viewport.width;
      canvas.height = viewport.height;
      document.body.append(canvas);
      await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
    }
    window.__pdf = { pages, total: pdf.numPages };
  } catch (error) {
    window.__pdf = { error: String(error && error.stack || error) };
  }
</script></body></html>`;

/** Renders the first `count` pages of the PDF and saves them as `<prefix>-page-N.png`; the PDF's page count. */
export async function renderPdfPages(browser: JourneyBrowser, pdf: Buffer, count: number, dir: string, prefix: string): Promise<{ total: number; files: string[] }> {
  const pdfjs = await readFile(fileURLToPath(import.meta.resolve('unpdf/pdfjs')));
  const page = await browser.newPage({ viewport: { width: 1000, height: 1300 } });
  try {
    await page.route(`${ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/') return route.fulfill({ contentType: 'text/html', body: PAGE });
      if (path === '/pdfjs.mjs') return route.fulfill({ contentType: 'text/javascript', body: pdfjs });
      if (path === '/document.pdf') return route.fulfill({ contentType: 'application/pdf', body: pdf });
      return route.fulfill({ status: 404, body: '' });
    });
    await page.goto(`${ORIGIN}/?pages=${count}`);
    await page.waitForFunction('window.__pdf !== undefined', undefined, { timeout: 60_000 });
    const result = (await page.evaluate('window.__pdf')) as { pages?: number; total?: number; error?: string };
    if (result.error !== undefined || result.pages === undefined || result.total === undefined) throw new Error(`PDF.js could not render the PDF: ${result.error ?? 'no pages'}`);
    const files: string[] = [];
    for (let n = 0; n < result.pages; n += 1) {
      const file = join(dir, `${prefix}-page-${n + 1}.png`);
      await page.locator('canvas').nth(n).screenshot({ path: file });
      files.push(file);
    }
    return { total: result.total, files };
  } finally {
    await page.close();
  }
}
