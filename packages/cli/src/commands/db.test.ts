import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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

  it.each([
    [['db'], 'binlens: missing action'],
    [['db', 'sync'], 'binlens: unknown action "sync"'],
    [['db', 'import'], 'binlens: missing FILE'],
  ])('%j is a usage error', async (argv, first) => {
    const { code, stderr } = await runCli(argv);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(first);
  });
});
