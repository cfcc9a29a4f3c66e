import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

// GHSA-35jh-r3h4-6jhm (lodash, CVE-2021-23337) in OSV, trimmed.
const GHSA = JSON.stringify({
  schema_version: '1.3.0',
  id: 'GHSA-35jh-r3h4-6jhm',
  modified: '2022-02-08T21:35:09Z',
  aliases: ['CVE-2021-23337'],
  affected: [{ package: { ecosystem: 'npm', name: 'lodash' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '4.17.21' }] }] }],
});

// The EPSS daily CSV layout; the last row is malformed on purpose.
const EPSS = '#model_version:v2026.06.15,score_date:2026-09-29T12:00:22Z\ncve,epss,percentile\nCVE-2022-32148,0.01355,0.70524\nCVE-2022-32221,0.04448,0.91083\nCVE-2022-32205,x,y\n';

describe('binlens db', () => {
  let dir: string;
  let dataDir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'binlens-db-'));
    dataDir = path.join(dir, 'data');
    await writeFile(path.join(dir, 'ghsa.json'), GHSA);
    await writeFile(path.join(dir, 'epss.csv'), EPSS);
    await writeFile(path.join(dir, 'notes.txt'), 'not a feed\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('imports feed files, recognised by content, and lists skipped records', async () => {
    const ghsa = path.join(dir, 'ghsa.json');
    const epss = path.join(dir, 'epss.csv');
    expect(await runCli(['db', 'import', ghsa, epss, '--data-dir', dataDir])).toEqual({
      code: 0,
      stdout: `${ghsa}: osv: 1 records, 1 imported, 0 skipped\n${epss}: epss: 3 records, 2 imported, 1 skipped\n  skipped CVE-2022-32205: malformed EPSS row\n`,
      stderr: '',
    });
  });

  it('shows the status per source', async () => {
    const { code, stdout } = await runCli(['db', 'status', '--data-dir', dataDir]);
    expect(code).toBe(0);
    expect(stdout.split('\n').map((line) => line.split(/\s+/).slice(0, 3).join(' '))).toEqual([
      'SOURCE ROWS LAST',
      `epss 2 ${path.join(dir, 'epss.csv')}`,
      `osv 1 ${path.join(dir, 'ghsa.json')}`,
      '',
    ]);
  });

  it('fails (exit 1) on a file that is not a feed, importing the others', async () => {
    const notes = path.join(dir, 'notes.txt');
    const { code, stderr } = await runCli(['db', 'import', notes, '--data-dir', dataDir]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^binlens: .*notes\.txt: not a feed Binlens reads/);
  });

  it('exports the knowledge base as a bundle and imports it into another data directory', async () => {
    const bundle = path.join(dir, 'kb.tar');
    const exported = await runCli(['db', 'export-bundle', bundle, '--data-dir', dataDir]);
    expect(exported).toEqual({
      code: 0,
      stdout: `${bundle}: vuln_import_runs 2, vuln_records 1, vuln_aliases 1, vuln_package_ranges 1, vuln_cpe_matches 0, vuln_distro_fixes 0, vuln_distro_cvss 0, vuln_epss 2, vuln_kev 0\n`,
      stderr: '',
    });
    const otherDir = path.join(dir, 'other');
    const imported = await runCli(['db', 'import-bundle', bundle, '--data-dir', otherDir]);
    expect([imported.code, imported.stderr]).toEqual([0, '']);
    expect(imported.stdout).toMatch(/: bundle of \d{4}-\d\d-\d\dT[\d:.]+Z: vuln_records 1, vuln_aliases 1, vuln_package_ranges 1, vuln_cpe_matches 0, vuln_distro_fixes 0, vuln_distro_cvss 0, vuln_epss 2, vuln_kev 0\n$/);
    const { stdout } = await runCli(['db', 'status', '--data-dir', otherDir]);
    expect(stdout.split('\n').map((line) => line.split(/\s+/).slice(0, 3).join(' '))).toEqual([
      'SOURCE ROWS LAST',
      `bundle 0 ${bundle}`,
      `epss 2 ${path.join(dir, 'epss.csv')}`,
      `osv 1 ${path.join(dir, 'ghsa.json')}`,
      '',
    ]);
  });

  it('syncs a source from its (overridden) location', async () => {
    // The CISA KEV catalog layout, one real entry.
    const kev = JSON.stringify({
      title: 'CISA Catalog of Known Exploited Vulnerabilities', catalogVersion: '2025.08.25', dateReleased: '2025-08-25T17:04:19.9796Z', count: 1,
      vulnerabilities: [{ cveID: 'CVE-2021-44228', vendorProject: 'Apache', product: 'Log4j2', vulnerabilityName: 'Apache Log4j2 Remote Code Execution Vulnerability', dateAdded: '2021-12-10', shortDescription: '', requiredAction: 'Apply updates per vendor instructions.', dueDate: '2021-12-24', knownRansomwareCampaignUse: 'Known', notes: '', cwes: ['CWE-20'] }],
    });
    const server = createServer((_req, res) => res.writeHead(200).end(kev)).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/kev.json`;
    try {
      expect(await runCli(['db', 'sync', '--source', 'kev', '--data-dir', dataDir], '', { BINLENS_KEV_URL: url })).toEqual({
        code: 0, stdout: `${url}: kev: 1 records, 1 imported, 0 skipped\n`, stderr: '',
      });
    } finally {
      server.close();
    }
  });

  it('refuses a file that is not a bundle (exit 1)', async () => {
    const { code, stderr } = await runCli(['db', 'import-bundle', path.join(dir, 'notes.txt'), '--data-dir', dataDir]);
    expect(code).toBe(1);
    expect(stderr).toBe(`binlens: ${path.join(dir, 'notes.txt')}: not a knowledge-base bundle: not a tar archive (shorter than its end marker); the knowledge base is unchanged\n`);
  });

  it.each([
    [['db'], 'binlens: missing action'],
    [['db', 'export-bundle'], 'binlens: missing FILE'],
    [['db', 'import-bundle', 'a', 'b'], 'binlens: unexpected argument "b"'],
    [['db', 'sync', '--source', 'nvd', '--source', 'redhat'], 'binlens: unknown source "redhat"'],
    [['db', 'status', '--source', 'kev'], 'binlens: --source is for sync'],
    [['db', 'import'], 'binlens: missing FILE'],
  ])('%j is a usage error', async (argv, first) => {
    const { code, stderr } = await runCli(argv);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(first);
  });
});
