// Browser journey of an air-gapped server (BINLENS_KB_SYNC=0, feeds unreachable), on PGlite and
// on PostgreSQL when DATABASE_URL is set: a scan stored before any vulnerability data says "not
// evaluated"; the data page shows the empty state, then the failed state after "Sync now" (no
// feed answers); a bundle made with the CLI is uploaded through the page with its progress bar;
// the page reaches ready and the earlier scan lists its CVE without a rescan. A file that is not
// a bundle answers 400 and the data stays ready. Screenshots of each state at 1280 and 390 px
// under e2e/artifacts/knowledge-base/ (knowledge-base-postgresql/ for the second database).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession } from './support/api-session.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { databaseTargets } from './support/databases.ts';
import {
  DATA_PAGE, DESKTOP, logIn, makeBundle, makeVulnerableInput, shootBothWidths, sourceRow, VULNERABLE_COMPONENT, waitForKnowledgeBase,
} from './support/knowledge-base.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

interface ResultComponent {
  lib: string;
  version: string;
  vulns: { vuln_id: string }[];
}
interface ScanResult {
  components: ResultComponent[];
  knowledge_base: { state: string; updated: string | null };
}

describe.each(databaseTargets())('knowledge-base journey on $name', (target) => {
  let server: RunningServer;
  let browser: JourneyBrowser;
  let workDir: string;
  let bundle: string;
  let input: string;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'binlens-kb-journey-'));
    const databaseUrl = await target.create();
    // A failed feed is retried twice, 50 ms apart, so "Sync now" against no feed ends at once.
    const env = { BINLENS_TEST_KB_RETRY_MS: '50' };
    [server, browser, bundle, input] = await Promise.all([
      startServer({ env, ...(databaseUrl ? { databaseUrl } : {}) }),
      journeyBrowser(),
      makeBundle(),
      makeVulnerableInput(workDir),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await target.drop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('shows a scan stored before the data "not evaluated", then its CVE once a bundle was uploaded through the data page', async () => {
    const session = new ApiSession(server.baseUrl);
    expect((await session.login(server.adminEmail, server.adminPassword)).status).toBe(200);
    const group = await session.json<{ id: number }>('POST', '/rest/groups/', { name: 'Web apps' });
    const scan = await session.upload(group.id, input);
    expect(await session.waitForScan(scan.id)).toMatchObject({ status: 'R', error: null });
    const before = await session.json<ScanResult>('GET', `/rest/scans/${scan.id}/result/`);
    expect([before.knowledge_base, before.components.map((c) => [c.lib, c.version, c.vulns])]).toEqual([
      { state: 'empty', updated: null },
      [['lodash', '4.17.20', []]],
    ]);

    const { page, cspViolations } = await newWatchedPage(browser, { viewport: DESKTOP });
    const shot = screenshotter(page, target.name === 'pglite' ? 'knowledge-base' : `knowledge-base-${target.name}`);
    await logIn(page, server);
    const scanUrl = `${server.baseUrl}/product/${scan.id}/analysis`;
    await page.goto(scanUrl);
    await page.getByRole('link', { name: 'not evaluated: no vulnerability data' }).first().waitFor();
    await shot('scan-before-data');

    await page.goto(server.baseUrl + DATA_PAGE);
    await page.getByText('No vulnerability data', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'System status' }).getByText(/has never been synced/).waitFor();
    await shootBothWidths(page, shot, 'data-empty');

    // No feed answers on this server: every source fails after its retries, and nothing was there before.
    await page.getByRole('button', { name: 'Sync now' }).click();
    await waitForKnowledgeBase(session, (view) => view.state === 'failed');
    await page.getByText('No vulnerability data: the import failed').waitFor();
    expect(await sourceRow(page, 'CISA KEV')).toEqual([
      'CISA KEV', 'failed', '0', '-', '-', 'http://127.0.0.1:2/feed-not-served: cannot be reached: the connection was refused (ECONNREFUSED)',
    ]);
    await shootBothWidths(page, shot, 'data-failed');

    // Slow the upload down so that its progress bar can be seen: 12 kB at 4 kB/s.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 4096 });
    await page.getByLabel('Offline bundle').setInputFiles(bundle);
    await page.getByRole('button', { name: 'Upload bundle' }).click();
    await page.getByRole('progressbar', { name: 'Bundle upload progress' }).waitFor();
    await shootBothWidths(page, shot, 'data-uploading');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    const ready = await waitForKnowledgeBase(session, (view) => view.state === 'ready');
    expect(ready.sources.filter((s) => s.records > 0).map((s) => [s.name, s.records])).toEqual([['kev', 2], ['osv', 1]]);
    await page.getByText('Ready', { exact: true }).waitFor();
    // The banner follows the data's state without a reload.
    await page.getByRole('region', { name: 'System status' }).waitFor({ state: 'detached' });
    await shootBothWidths(page, shot, 'data-ready');

    const after = await session.json<ScanResult>('GET', `/rest/scans/${scan.id}/result/`);
    expect([after.knowledge_base.state, after.components.map((c) => [c.lib, c.vulns.map((v) => v.vuln_id)])]).toEqual([
      'ready',
      [['lodash', [VULNERABLE_COMPONENT.cve]]],
    ]);
    await page.goto(scanUrl);
    // The component's row counts it; its panel names it.
    await page.getByRole('button', { name: `Details of ${VULNERABLE_COMPONENT.name}` }).click();
    await page.getByRole('dialog').getByText(VULNERABLE_COMPONENT.cve, { exact: true }).waitFor();
    await shot('scan-after-data');
    expect(cspViolations()).toEqual([]);
    await page.close();
  });

  it('answers 400 to a file that is not a bundle, and the data stays ready', async () => {
    const session = new ApiSession(server.baseUrl);
    await session.login(server.adminEmail, server.adminPassword);
    const form = new FormData();
    form.append('file', new Blob(['not a bundle\n']), 'notes.txt');
    const response = await session.request('POST', '/rest/knowledge-base/bundles/', form);
    expect([response.status, await response.json()]).toEqual([400, { file: ['notes.txt: not a knowledge-base bundle: not a tar archive (shorter than its end marker)'] }]);
    expect((await waitForKnowledgeBase(session, () => true)).state).toBe('ready');
  });
});
