// `binlens scan` with the spec §9 vulnerability matching options, against a knowledge
// base imported from vulndb's real-format feed fixtures.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

const feed = (name: string): string => fileURLToPath(new URL(`../../../vulndb/fixtures/feeds/${name}`, import.meta.url));

describe('binlens scan matching options', () => {
  let root = '';
  let dataDir = '';
  let input = '';
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'binlens-cli-matching-'));
    dataDir = join(root, 'data');
    input = join(root, 'app');
    for (const [name, version] of [['lodash', '4.17.21'], ['urllib3-like', '1.0.0']] as const) {
      await mkdir(join(input, 'node_modules', name), { recursive: true });
      await writeFile(join(input, 'node_modules', name, 'package.json'), JSON.stringify({ name, version, license: 'MIT' }));
    }
    const imported = await runCli(['db', 'import', feed('nvd-page.json'), feed('osv-ghsa-35jh-r3h4-6jhm.json'), '--data-dir', dataDir]);
    if (imported.code !== 0) throw new Error(imported.stderr);
    // A PGlite knowledge base is created and migrated on first use: slow on a busy machine.
  }, 300_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  const components = async (...options: string[]) => {
    const { code, stdout, stderr } = await runCli(['scan', input, '--data-dir', dataDir, ...options]);
    expect([code, stderr]).toEqual([0, '']);
    return (JSON.parse(stdout) as { components: { lib: string; vulns: { vuln_id: string }[]; historical?: { vuln_id: string }[]; upgrade: unknown }[] }).components;
  };

  it('lists vulnerabilities fixed at or below the version found apart with --historical', async () => {
    const lodash = (await components('--historical')).find((c) => c.lib === 'lodash');
    expect(lodash?.vulns).toEqual([]);
    expect(lodash?.historical?.map((v) => v.vuln_id)).toEqual(['CVE-2021-23337']);
    expect(lodash?.upgrade).toEqual({ nearest_fix: null, latest_known: '4.17.21' });
    const plain = (await components()).find((c) => c.lib === 'lodash');
    expect(plain && 'historical' in plain).toBe(false);
  });

  it('says the knowledge base it evaluated against is ready, with its last import', async () => {
    const { stdout } = await runCli(['scan', input, '--data-dir', dataDir]);
    const { knowledge_base: kb } = JSON.parse(stdout) as { knowledge_base: { state: string; updated: string } };
    expect([kb.state, new Date(kb.updated).toISOString()]).toEqual(['ready', kb.updated]);
  });

  it('rejects a CVSS version the spec does not have', async () => {
    const { code, stderr } = await runCli(['scan', input, '--data-dir', dataDir, '--cvss-version', '5']);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe('binlens: --cvss-version must be 2, 3 or 4, not "5"');
  });

  it('accepts every matching option', async () => {
    const all = await components('--assume-unknown-latest', '--low-risk-tolerance', '--cvss-version', '4', '--no-cvss-fallback', '--prioritise-nvd', '--include-advisories');
    expect(all.map((c) => [c.lib, c.vulns.map((v) => v.vuln_id)])).toEqual([['lodash', []], ['urllib3-like', []]]);
  });
});
