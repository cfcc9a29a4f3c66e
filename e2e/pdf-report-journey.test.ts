// Browser journey of the scan reports: a knowledge base made by the CLI gives a router's root
// file system (support/pdf-report-fixture.ts) two vulnerabilities; one is triaged through the
// API. The PDF report is downloaded from the scan page's Actions menu, its text read back, and
// its first pages drawn by PDF.js in Chromium; the public API answers the same PDF and the
// vulnerabilities CSV with an API key. Screenshots and the page images under
// e2e/artifacts/pdf-report/.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { artifactsDir, journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { waitForKnowledgeBase } from './support/knowledge-base.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { renderPdfPages } from './support/pdf-pages.ts';
import { LODASH_CVE, makeReportBundle, routerRootFs, ZLIB_CVE } from './support/pdf-report-fixture.ts';
import { readyScan } from './support/ready-scan.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const FILE = 'router-rootfs-4.1.tar';

let server: RunningServer;
let browser: JourneyBrowser;
let bundle: string;

beforeAll(async () => {
  server = await startServer();
  [browser, bundle] = await Promise.all([journeyBrowser(), makeReportBundle()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

it('downloads the PDF report of a firmware scan from the Actions menu; it opens and holds its components and vulnerabilities', async () => {
  const { api, scanId } = await readyScan(server, 'Routers', FILE, routerRootFs());
  const form = new FormData();
  form.append('file', new Blob([await readFile(bundle)]), 'knowledge-base.tar');
  expect((await api.request('POST', '/rest/knowledge-base/bundles/', form)).status).toBe(202);
  await waitForKnowledgeBase(api, (view) => view.state === 'ready');
  await api.json('POST', '/rest/triages/', [
    { scan_id: scanId, component_name: 'lodash', component_version: '4.17.20', vuln_id: LODASH_CVE, rationale: 'NA', scope: 'R', result_scope: scanId, description: 'The web UI never calls _.template.' },
  ]);

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'pdf-report');
  await logInAsAdmin(page, server);
  await page.goto(`${server.baseUrl}/product/${scanId}`);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'PDF report', exact: true }).waitFor();
  await shot('actions-menu-1280');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'PDF report', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe(`${FILE}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const text = await pdfText(pdf);
  for (const expected of [FILE, 'VULNS', 'Routers', 'zlib', 'lodash', ZLIB_CVE, LODASH_CVE, 'Critical', '9.8', 'Triaged (R/NA)', 'no-pie', 'execstack', 'URLs']) {
    expect(text, expected).toContain(expected);
  }

  const dir = join(artifactsDir, 'pdf-report');
  await mkdir(dir, { recursive: true });
  const rendered = await renderPdfPages(browser, pdf, 3, dir, 'report');
  expect(rendered.files).toHaveLength(Math.min(3, rendered.total));
  expect(rendered.total).toBeGreaterThanOrEqual(2);

  // A CI client's calls: the same report with an API key, and the CSV DefectDojo imports.
  const key = (await api.json<{ results: { key: string } }>('POST', '/api/key/', { validity: 3600 })).results.key;
  const bearer = { authorization: `Bearer ${key}` };
  const fromApi = await fetch(`${server.baseUrl}/api/product/${scanId}/pdf-report?cvss_version=3`, { headers: bearer });
  expect([fromApi.status, fromApi.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  expect(await pdfText(Buffer.from(await fromApi.arrayBuffer()))).toContain(ZLIB_CVE);
  const csv = await (await fetch(`${server.baseUrl}/api/product/${scanId}/csv-vulns`, { headers: bearer })).text();
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]?.startsWith('Component,Version,Latest version,CVE,Matching type,')).toBe(true);
  expect(lines.slice(1).map((line) => line.split(',').slice(0, 5).join(','))).toEqual([
    `lodash,4.17.20,4.17.21,${LODASH_CVE},Exact match`,
    `zlib,1.2.13,1.3,${ZLIB_CVE},Exact match`,
  ]);
  expect(cspViolations()).toEqual([]);
  await page.close();
});
