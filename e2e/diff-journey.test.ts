// Browser journey: two releases of one router image (a root file system of the engine's real
// fixture executables, npm and Python packages in their real metadata formats) are uploaded into
// one group, with a knowledge base made by the CLI from vulndb's OSV and KEV fixtures: release
// 1.1 fixes lodash's CVE-2021-23337, brings urllib3 2.0.5 with CVE-2023-43804, and builds its
// agent without PIE. From the newer scan's Actions menu, "Compare with…" picks the older one;
// the diff page shows the counts the API answers. Comparing a scan with itself says why not.
// Screenshots at 1280 and 390 px under e2e/artifacts/diff/.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tar } from '../packages/server/test/files.ts';
import { ApiSession } from './support/api-session.ts';
import { bundleOf, FEED_FIXTURES } from './support/bundles.ts';
import { journeyBrowser, type JourneyBrowser, newWatchedPage, screenshotter } from './support/browser.ts';
import { shootBothWidths, waitForKnowledgeBase } from './support/knowledge-base.ts';
import { logInAsAdmin } from './support/log-in.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const executable = (name: string) => readFileSync(new URL(`../packages/engine/fixtures/executables/${name}/${name}`, import.meta.url));
const npmPackage = (name: string, version: string, license: string) => ({
  path: `usr/lib/node_modules/${name}/package.json`,
  content: JSON.stringify({ name, version, license }),
});
const pythonPackage = (name: string, version: string) => ({
  path: `usr/lib/python3/dist-packages/${name}-${version}.dist-info/METADATA`,
  content: `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\nLicense: MIT\n`,
});

const RELEASE_1_0 = tar([
  { path: 'usr/bin/agent', content: executable('elf-default') },
  { path: 'usr/bin/legacy-cgi', content: executable('elf-nopie') },
  { path: 'usr/sbin/updated', content: executable('elf-full-relro') },
  npmPackage('lodash', '4.17.20', 'MIT'),
  npmPackage('left-pad', '1.3.0', 'WTFPL'),
  pythonPackage('urllib3', '1.26.18'),
]);
const RELEASE_1_1 = tar([
  { path: 'usr/bin/agent', content: executable('elf-nopie') },
  { path: 'usr/bin/legacy-cgi', content: executable('elf-default') },
  { path: 'usr/bin/stackrunner', content: executable('elf-execstack') },
  npmPackage('lodash', '4.17.21', 'MIT'),
  npmPackage('zod', '3.23.8', 'MIT'),
  pythonPackage('urllib3', '2.0.5'),
]);

interface Diff {
  base: { id: number; name: string };
  target: { id: number; name: string };
  summary: {
    components: { added: number; removed: number; changed: number; unchanged: number };
    vulnerabilities: { new: Record<string, number>; fixed: Record<string, number> };
    licenses: { added: number; removed: number };
    executables: { compared: number; added: number; removed: number; regressed: number; improved: number };
  };
  components: { added: { name: string }[]; removed: { name: string }[]; changed: { name: string; base_version: string; target_version: string }[] };
  vulnerabilities: { new: { vuln_id: string; severity: string }[]; fixed: { vuln_id: string; severity: string }[] };
  licenses: { added: { name: string }[]; removed: { name: string }[] };
  hardening: { path: string[]; regressions: string[]; improvements: string[] }[];
}

let server: RunningServer;
let browser: JourneyBrowser;
let bundle: string;

/** A knowledge base imported by `binlens db import` from the lodash and urllib3 advisories and the KEV catalog, exported as a bundle. */
function makeBundle(): Promise<string> {
  return bundleOf(['osv-ghsa-35jh-r3h4-6jhm.json', 'osv-ghsa-v845-jxx5-vc9f.json', 'kev.json'].map((feed) => join(FEED_FIXTURES, feed)));
}

beforeAll(async () => {
  [server, browser, bundle] = await Promise.all([startServer(), journeyBrowser(), makeBundle()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function uploadReady(api: ApiSession, groupId: number, name: string, bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const { id } = await api.json<{ id: number }>('POST', `/rest/groups/${groupId}/upload/`, form);
  const done = await api.waitForScan(id);
  if (done.status !== 'R') throw new Error(`scan of ${name} ended ${done.status}: ${done.error ?? ''}`);
  return id;
}

/** The large number of a summary card. */
async function headline(page: Page, card: string): Promise<number> {
  const text = await page.getByRole('group', { name: card }).locator('p').nth(1).innerText();
  return Number(text.replaceAll(' ', ''));
}

it('compares two releases from the scan page: components, fixed and new vulnerabilities, hardening, as the API counts them', async () => {
  const api = new ApiSession(server.baseUrl);
  expect((await api.login(server.adminEmail, server.adminPassword)).status).toBe(200);
  const form = new FormData();
  form.append('file', new Blob([await readFile(bundle)]), 'knowledge-base.tar');
  expect((await api.request('POST', '/rest/knowledge-base/bundles/', form)).status).toBe(202);
  await waitForKnowledgeBase(api, (view) => view.state === 'ready');
  const group = await api.json<{ id: number }>('POST', '/rest/groups/', { name: 'Router firmware' });
  const base = await uploadReady(api, group.id, 'router-1.0.tar', RELEASE_1_0);
  const target = await uploadReady(api, group.id, 'router-1.1.tar', RELEASE_1_1);

  const diff = await api.json<Diff>('GET', `/rest/scans/diff/?base=${base}&target=${target}`);
  expect(diff.components.changed.map((c) => [c.name, c.base_version, c.target_version])).toEqual([['lodash', '4.17.20', '4.17.21'], ['urllib3', '1.26.18', '2.0.5']]);
  expect([diff.components.added.map((c) => c.name), diff.components.removed.map((c) => c.name)]).toEqual([['zod'], ['left-pad']]);
  expect(diff.vulnerabilities.fixed.map((v) => [v.vuln_id, v.severity])).toEqual([['CVE-2021-23337', 'high']]);
  expect(diff.vulnerabilities.new.map((v) => [v.vuln_id, v.severity])).toEqual([['CVE-2023-43804', 'medium']]);
  expect(diff.licenses.removed.map((l) => l.name)).toEqual(['WTFPL']);
  expect(diff.hardening.map((h) => [h.path.at(-1), h.regressions, h.improvements])).toEqual([
    ['usr/bin/agent', ['no-pie'], []],
    ['usr/bin/legacy-cgi', [], ['no-pie']],
  ]);
  expect(diff.summary.executables).toEqual({ compared: 2, added: 1, removed: 1, regressed: 1, improved: 1 });

  const { page, cspViolations } = await newWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
  const shot = screenshotter(page, 'diff');
  await logInAsAdmin(page, server);
  await page.goto(`${server.baseUrl}/product/${target}/analysis`);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Compare with…' }).click();
  await page.waitForURL(new RegExp(`/diff\\?target=${target}$`));
  await expect.poll(() => page.getByRole('combobox', { name: 'Target (after)' }).inputValue()).toContain('router-1.1.tar');
  await page.getByRole('combobox', { name: 'Base (before)' }).click();
  await shot('pick-base-1280');
  await page.getByRole('option', { name: new RegExp(`^router-1\\.0\\.tar \\(#${base}\\) · Router firmware`) }).click();
  await page.getByRole('button', { name: 'Compare' }).click();
  await page.waitForURL(new RegExp(`/diff\\?base=${base}&target=${target}$`));
  await page.getByRole('group', { name: 'Compared scans' }).waitFor();

  const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
  const { summary } = diff;
  expect({
    new: await headline(page, 'New vulnerabilities'),
    fixed: await headline(page, 'Fixed vulnerabilities'),
    components: await headline(page, 'Components'),
    regressions: await headline(page, 'Hardening regressions'),
    licences: await headline(page, 'Licences'),
  }).toEqual({
    new: total(summary.vulnerabilities.new),
    fixed: total(summary.vulnerabilities.fixed),
    components: summary.components.added + summary.components.removed + summary.components.changed,
    regressions: summary.executables.regressed,
    licences: summary.licenses.added + summary.licenses.removed,
  });
  const rows = (table: string) => page.getByRole('table', { name: table }).locator('tbody tr').count();
  expect({
    new: await rows('New vulnerabilities'),
    fixed: await rows('Fixed vulnerabilities'),
    components: await rows('Component changes'),
    hardening: await rows('Hardening changes'),
    licences: await rows('Licence changes'),
  }).toEqual({
    new: diff.vulnerabilities.new.length,
    fixed: diff.vulnerabilities.fixed.length,
    components: diff.components.added.length + diff.components.removed.length + diff.components.changed.length,
    hardening: diff.hardening.length,
    licences: diff.licenses.added.length + diff.licenses.removed.length,
  });
  expect(await page.getByRole('table', { name: 'Fixed vulnerabilities' }).locator('tbody tr').first().innerText()).toContain('CVE-2021-23337');
  await expect.poll(() => page.getByRole('link', { name: 'router-1.0.tar' }).getAttribute('href')).toBe(`/product/${base}`);
  await shootBothWidths(page, shot, 'diff');

  // The same scan on both sides: the server's reason, in the frame, with the pickers.
  await page.goto(`${server.baseUrl}/diff?base=${target}&target=${target}`);
  const alert = page.getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toContain('Choose two different scans to compare.');
  await page.getByRole('group', { name: 'Scans to compare' }).waitFor();
  await shootBothWidths(page, shot, 'self-diff');
  expect(cspViolations()).toEqual([]);
  await page.close();
});
