// Browser journey of the component catalogue and the vulnerability page: a knowledge base made
// with the CLI from vulndb's feed fixtures (NVD's zlib and lodash records, the lodash advisory)
// plus EPSS, KEV and Debian entries written here, is uploaded as a bundle; a scan of a real
// Debian zlib (the engine's signatures fixture) beside lodash 4.17.20 turns ready. The journey
// opens Components from the navigation, finds zlib, its details and its vulnerabilities, then
// goes from the scan's analysis tab (the component's details) to CVE-2021-23337, whose page explains its CVSS vectors and
// lists the scan among the affected applications. Screenshots at 1280 and 390 px under
// e2e/artifacts/components/.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tar } from '../packages/server/test/files.ts';
import { ApiSession } from './support/api-session.ts';
import { bundleOf, FEED_FIXTURES } from './support/bundles.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { DESKTOP, logIn, shootBothWidths, VULNERABLE_COMPONENT, waitForKnowledgeBase } from './support/knowledge-base.ts';
import { readyScan } from './support/ready-scan.ts';
import { repoRoot, startServer, type RunningServer } from './support/server-process.ts';

const ZLIB_CVE = 'CVE-2023-45853';

// Scores and catalog entries made up for the journey, in the feeds' formats.
const EPSS = `#model_version:v2026.06.15,score_date:2026-09-29T12:00:22Z\ncve,epss,percentile\n${VULNERABLE_COMPONENT.cve},0.0123,0.8456\n${ZLIB_CVE},0.0421,0.9123\n`;
const KEV = {
  title: 'CISA Catalog of Known Exploited Vulnerabilities',
  catalogVersion: '2025.08.25',
  dateReleased: '2025-08-25T17:04:19.9796Z',
  count: 1,
  vulnerabilities: [{
    cveID: VULNERABLE_COMPONENT.cve, vendorProject: 'Lodash', product: 'Lodash', vulnerabilityName: 'Lodash Command Injection',
    dateAdded: '2024-01-02', shortDescription: '', requiredAction: 'Apply updates.', dueDate: '2024-01-23', knownRansomwareCampaignUse: 'Unknown', notes: '', cwes: [],
  }],
};
const DEBIAN = {
  'node-lodash': { [VULNERABLE_COMPONENT.cve]: { description: '', scope: 'remote', releases: { bookworm: { status: 'open', repositories: { bookworm: '4.17.21+dfsg' }, urgency: 'low' } } } },
};

/** A loaded two-core machine may take a few seconds to answer and render. */
const POLL = { timeout: 15_000 };

let server: RunningServer;
let browser: JourneyBrowser;
let workDir: string;

/** The CLI imports the feeds into its own knowledge base and exports it as a bundle. */
async function makeBundle(): Promise<string> {
  await writeFile(join(workDir, 'epss.csv.gz'), gzipSync(EPSS));
  await writeFile(join(workDir, 'kev.json'), JSON.stringify(KEV));
  await writeFile(join(workDir, 'debian.json'), JSON.stringify(DEBIAN));
  const files = ['nvd-cve-2023-45853.json', 'nvd-page.json', 'osv-ghsa-35jh-r3h4-6jhm.json'].map((name) => join(FEED_FIXTURES, name));
  return bundleOf([...files, ...['epss.csv.gz', 'kev.json', 'debian.json'].map((name) => join(workDir, name))]);
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'binlens-components-journey-'));
  let bundle: string;
  [server, browser, bundle] = await Promise.all([startServer(), journeyBrowser(), makeBundle()]);
  const session = new ApiSession(server.baseUrl);
  await session.login(server.adminEmail, server.adminPassword);
  const form = new FormData();
  form.append('file', new Blob([await readFile(bundle)]), 'knowledge-base.tar');
  expect((await session.request('POST', '/rest/knowledge-base/bundles/', form)).status).toBe(202);
  expect((await waitForKnowledgeBase(session, (view) => view.state === 'ready' || view.state === 'failed')).state).toBe('ready');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The rows of a table, each as its cells' text. */
async function rowsOf(page: Page, table: string): Promise<string[][]> {
  const rows = page.getByRole('table', { name: table }).locator('tbody tr');
  return Promise.all((await rows.all()).map((row) => row.getByRole('cell').allInnerTexts()));
}

it('finds zlib in the catalogue with its vulnerabilities, and goes from a scan\'s CVE to the vulnerability page', async () => {
  const firmware = tar([
    { path: `node_modules/${VULNERABLE_COMPONENT.name}/package.json`, content: JSON.stringify({ name: VULNERABLE_COMPONENT.name, version: VULNERABLE_COMPONENT.version }) },
    { path: 'debian-libs.tar.zst', content: await readFile(join(repoRoot, 'packages/engine/fixtures/identify/signatures-debian-libs/libs.tar.zst')) },
  ]);
  const { api, scanId } = await readyScan(server, 'Firmware', 'router-firmware-2.1.tar', firmware);
  const zlib = await api.json<{ scan_count: number; vulnerability_count: number; latest_version: string | null }>('GET', '/rest/components/zlib/');
  expect(zlib).toMatchObject({ scan_count: 1, vulnerability_count: 1, latest_version: '1.3' });

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: DESKTOP });
  const shot = screenshotter(page, 'components');
  await logIn(page, server);

  // The catalogue, from the navigation.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Components' }).click();
  await page.waitForURL(/\/components$/);
  await page.getByRole('table', { name: 'Components' }).locator('tbody tr').first().waitFor();
  await shootBothWidths(page, shot, 'catalogue');

  await page.getByRole('textbox', { name: 'Search components' }).fill('zlib');
  await page.getByRole('textbox', { name: 'Search components' }).press('Enter');
  await page.waitForURL(/q=zlib/);
  await expect.poll(() => rowsOf(page, 'Components'), POLL).toEqual([['zlib', 'zlib', 'compression', 'NA', '1.3', '1', '1']]);
  await shot('catalogue-zlib-1280');

  // One component: details, then its vulnerabilities and the Coverity tab's empty state.
  await page.getByRole('table', { name: 'Components' }).getByRole('link', { name: 'zlib' }).click();
  await page.waitForURL(/\/components\/zlib$/);
  await expect.poll(() => rowsOf(page, 'Applications holding it'), POLL).toEqual([['router-firmware-2.1.tar', 'Firmware', '1.2.13']]);
  await shootBothWidths(page, shot, 'zlib-details');

  await page.getByRole('tab', { name: 'Vulnerabilities' }).click();
  await page.waitForURL(/\/components\/zlib\/vulnerabilities$/);
  const zlibVulns = page.getByRole('table', { name: 'Known vulnerabilities' });
  await zlibVulns.getByRole('link', { name: ZLIB_CVE }).waitFor();
  expect((await rowsOf(page, 'Known vulnerabilities')).map((row) => row.slice(0, 4))).toEqual([[ZLIB_CVE, 'critical 9.8', '4%', '<= 1.3']]);
  await shootBothWidths(page, shot, 'zlib-vulnerabilities');

  await page.getByRole('tab', { name: 'Coverity scan' }).click();
  await page.getByRole('alert').filter({ hasText: 'No Coverity scan for this component' }).waitFor();
  await shot('zlib-coverity-1280');

  // From the scan's analysis tab to the lodash CVE's page.
  await page.goto(`${server.baseUrl}/product/${scanId}/analysis`);
  await page.getByRole('button', { name: `Details of ${VULNERABLE_COMPONENT.name}` }).click();
  await page.getByRole('link', { name: VULNERABLE_COMPONENT.cve, exact: true }).click();
  await page.waitForURL(new RegExp(`/vulnerabilities/${VULNERABLE_COMPONENT.cve}$`));
  await page.getByRole('heading', { name: VULNERABLE_COMPONENT.cve }).waitFor();
  await expect.poll(() => rowsOf(page, 'Affected components'), POLL).toEqual([['router-firmware-2.1.tar', `lodash ${VULNERABLE_COMPONENT.version}`, 'Firmware']]);
  expect(await page.getByRole('region', { name: 'CVSS 3.1 by NVD' }).innerText()).toContain('Attack vector\nNetwork');
  expect(await page.getByRole('group', { name: 'Known exploited (CISA KEV)' }).innerText()).toContain('Added 2024-01-02');
  await shootBothWidths(page, shot, 'vulnerability');

  // ?distro= is lower-cased and keeps Debian's rating only.
  await page.goto(`${server.baseUrl}/vulnerabilities/${VULNERABLE_COMPONENT.cve}?distro=Debian`);
  await page.waitForURL(/distro=debian/);
  await expect.poll(() => rowsOf(page, 'Distribution ratings'), POLL).toEqual([['debian', 'low', '–', '–']]);
  await shot('vulnerability-debian-1280');

  await page.getByRole('table', { name: 'Affected components' }).getByRole('link', { name: 'router-firmware-2.1.tar' }).click();
  await page.waitForURL(new RegExp(`/product/${scanId}/analysis$`));
  expect(cspViolations()).toEqual([]);
  await page.close();
});
