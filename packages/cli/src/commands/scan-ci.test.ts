// `binlens scan` as a CI step: --fail-on's exit codes and table, and --format sarif checked
// against the SARIF 2.1.0 schema (test-schemas/) and field by field, against a knowledge base
// imported from vulndb's OSV feed fixtures.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scan, toScanResult } from '@binlens/engine';
import { withVulns } from '@binlens/vulndb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINGERPRINT_KEY, INFORMATION_URI, toSarif } from '../sarif.ts';
import { runCli, runCliBytes } from '../testing/run-cli.ts';
import { sarifSchemaErrors as schemaErrors } from '../testing/sarif-schema.ts';
import { importFeeds, makeVulnerableApp } from '../testing/vulnerable-app.ts';
import { evaluateLocally, NO_DATA_NOTE, SBOM_NOT_EVALUATED } from './scan-knowledge-base.ts';


const fingerprint = (...parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

interface SarifLog {
  $schema: string;
  version: string;
  runs: {
    tool: { driver: { name: string; version: string; semanticVersion: string; informationUri: string; rules: Record<string, unknown>[] } };
    invocations: { executionSuccessful: boolean; exitCode?: number; toolExecutionNotifications?: { level: string; message: { text: string } }[] }[];
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string } }; message?: { text: string }; properties?: { nested_path: string[] } }[];
      partialFingerprints: Record<string, string>;
      properties: Record<string, unknown>;
    }[];
    properties: Record<string, unknown>;
  }[];
}

describe('binlens scan as a CI step', () => {
  let root = '';
  let dataDir = '';
  let app = '';
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'binlens-cli-ci-'));
    dataDir = join(root, 'data');
    app = await makeVulnerableApp(root);
    await importFeeds(dataDir);
  }, 300_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  describe('--fail-on', () => {
    it('exits 3 when an open vulnerability is at or above the severity; the table marks it and says why', async () => {
      const { code, stdout, stderr } = await runCli(['scan', app, '--data-dir', dataDir, '--format', 'table', '--fail-on', 'high']);
      expect([code, stderr]).toEqual([3, '']);
      expect(stdout).toBe([
        'NAME       VERSION  TYPE  VULNS           FIX      LATEST   FILES',
        'lodash     4.17.20  JS    CVE-2021-23337  4.17.21  4.17.21  node_modules/lodash/package.json',
        'lodash-es  4.17.20  JS    CVE-2021-23337  4.17.21  4.17.21  vendor/bundle.tar > node_modules/lodash-es/package.json',
        'urllib3    1.26.5   PY    CVE-2023-43804  1.26.17  2.0.6    requirements.txt',
        '',
        'VULNERABILITY   SEVERITY  CVSS        EPSS  KEV  FAILS  COMPONENTS',
        'CVE-2021-23337  high      7.2 (v3.1)  -     -    yes    lodash 4.17.20, lodash-es 4.17.20',
        'CVE-2023-43804  medium    5.9 (v3.1)  -     -    -      urllib3 1.26.5',
        '',
        'Fails: 1 vulnerability at or above high: CVE-2021-23337 high (lodash 4.17.20, lodash-es 4.17.20)',
        '',
      ].join('\n'));
    });

    it('exits 0 when none is at or above the severity, and says it passed', async () => {
      const { code, stdout, stderr } = await runCli(['scan', app, '--data-dir', dataDir, '--format', 'table', '--fail-on', 'CRITICAL']);
      expect([code, stderr]).toEqual([0, '']);
      expect(stdout.split('\n').slice(-5)).toEqual([
        'CVE-2021-23337  high      7.2 (v3.1)  -     -    -      lodash 4.17.20, lodash-es 4.17.20',
        'CVE-2023-43804  medium    5.9 (v3.1)  -     -    -      urllib3 1.26.5',
        '',
        'Passes: no open vulnerability at or above critical',
        '',
      ]);
    });

    it('counts every severity at or above the threshold; JSON says which, standard error why', async () => {
      const { code, stdout, stderr } = await runCli(['scan', app, '--data-dir', dataDir, '--fail-on', 'medium']);
      expect(code).toBe(3);
      expect(stderr).toBe('binlens: Fails: 2 vulnerabilities at or above medium: CVE-2021-23337 high (lodash 4.17.20, lodash-es 4.17.20), CVE-2023-43804 medium (urllib3 1.26.5)\n');
      expect((JSON.parse(stdout) as { fail_on: unknown }).fail_on).toEqual({
        severity: 'medium',
        failing: [
          { vuln_id: 'CVE-2021-23337', severity: 'high', components: ['lodash 4.17.20', 'lodash-es 4.17.20'] },
          { vuln_id: 'CVE-2023-43804', severity: 'medium', components: ['urllib3 1.26.5'] },
        ],
      });
      const plain = await runCli(['scan', app, '--data-dir', dataDir]);
      expect([plain.code, 'fail_on' in (JSON.parse(plain.stdout) as object)]).toEqual([0, false]);
    });

    it('never fails on a historical vulnerability (fixed at or below the version found)', async () => {
      const fixed = join(root, 'fixed');
      await mkdir(join(fixed, 'node_modules', 'lodash'), { recursive: true });
      await writeFile(join(fixed, 'node_modules', 'lodash', 'package.json'), JSON.stringify({ name: 'lodash', version: '4.17.21' }));
      const { code, stdout } = await runCli(['scan', fixed, '--data-dir', dataDir, '--historical', '--fail-on', 'low']);
      const json = JSON.parse(stdout) as { components: { historical: { vuln_id: string }[] }[]; fail_on: unknown };
      expect([code, json.components[0]?.historical.map((v) => v.vuln_id), json.fail_on]).toEqual([0, ['CVE-2021-23337'], { severity: 'low', failing: [] }]);
    });

    it('is a usage error (2) without vulnerability data, before scanning and after: it never passes silently', async () => {
      const missing = join(root, 'no-such-data');
      const before = await runCli(['scan', app, '--data-dir', missing, '--fail-on', 'high']);
      const message = `binlens: --fail-on needs vulnerability data, and the knowledge base in ${missing} has none; run "binlens db sync" or "binlens db import FILE..." first`;
      expect([before.code, before.stdout, before.stderr.split('\n')[0]]).toEqual([2, '', message]);

      // A knowledge base made but never loaded is only found empty once opened, after the scan.
      const empty = join(root, 'empty-data');
      expect((await runCli(['db', 'status', '--data-dir', empty])).code).toBe(0);
      const after = await runCli(['scan', app, '--data-dir', empty, '--format', 'sarif', '--fail-on', 'high']);
      expect([after.code, after.stdout, after.stderr.split('\n')[0]]).toEqual([2, '', message.replace(missing, empty)]);
    });

    it('refuses a severity it does not know, and the portable scan file', async () => {
      const unknown = await runCli(['scan', app, '--data-dir', dataDir, '--fail-on', 'severe']);
      expect([unknown.code, unknown.stderr.split('\n')[0]]).toEqual([2, 'binlens: --fail-on must be critical, high, medium or low, not "severe"']);
      const portable = await runCli(['scan', app, '--data-dir', dataDir, '--format', 'bdba', '--fail-on', 'high']);
      expect([portable.code, portable.stderr.split('\n')[0]]).toEqual([2, 'binlens: --fail-on is not for --format bdba (the portable scan file is evaluated where it is read)']);
    });

    it('holds for a portable scan file read back by binlens import', async () => {
      const file = join(root, 'app.bdba');
      const written = await runCliBytes(['scan', app, '--format', 'bdba']);
      await writeFile(file, written.stdoutBytes);
      const imported = await runCli(['import', file, '--data-dir', dataDir, '--format', 'table', '--fail-on', 'high']);
      expect([imported.code, imported.stdout.split('\n').at(-2)]).toEqual([3, 'Fails: 1 vulnerability at or above high: CVE-2021-23337 high (lodash 4.17.20, lodash-es 4.17.20)']);
    });
  });

  describe('--format sarif', () => {
    it('writes a SARIF 2.1.0 log that the schema accepts, one rule per vulnerability and one result per vulnerability and component', async () => {
      const { code, stdout, stderr } = await runCli(['scan', app, '--data-dir', dataDir, '--format', 'sarif']);
      expect([code, stderr]).toEqual([0, '']);
      const log = JSON.parse(stdout) as SarifLog;
      expect(schemaErrors(log)).toEqual([]);
      // The schema is in force: a level SARIF does not have is refused.
      const broken = structuredClone(log);
      if (broken.runs[0]?.results[0]) broken.runs[0].results[0].level = 'fatal';
      expect(schemaErrors(broken)).toContain('/runs/0/results/0/level must be equal to one of the allowed values');
      expect([log.$schema, log.version, log.runs.length]).toEqual(['https://json.schemastore.org/sarif-2.1.0.json', '2.1.0', 1]);
      const [run] = log.runs;
      if (!run) throw new Error('no run');
      expect(run.tool.driver).toMatchObject({ name: 'binlens', version: '0.1.0', semanticVersion: '0.1.0', informationUri: INFORMATION_URI });
      expect(run.tool.driver.rules).toEqual([
        {
          id: 'CVE-2021-23337',
          shortDescription: { text: 'CVE-2021-23337: Command Injection in lodash' },
          fullDescription: { text: 'Command Injection in lodash' },
          help: {
            text: 'Command Injection in lodash\n\nSeverity: high, CVSS 7.2.\n\nlodash 4.17.20: fixed in 4.17.21\nlodash-es 4.17.20: fixed in 4.17.21',
            markdown: 'Command Injection in lodash\n\nSeverity: high, CVSS 7.2.\n\n- lodash 4.17.20: fixed in 4.17.21\n- lodash-es 4.17.20: fixed in 4.17.21',
          },
          helpUri: 'https://nvd.nist.gov/vuln/detail/CVE-2021-23337',
          defaultConfiguration: { level: 'error' },
          properties: { 'security-severity': '7.2', tags: ['security', 'vulnerability', 'high', 'external/cwe/cwe-77', 'external/cwe/cwe-94'] },
        },
        {
          id: 'CVE-2023-43804',
          shortDescription: { text: 'CVE-2023-43804: `Cookie` HTTP header isn\'t stripped on cross-origin redirects' },
          fullDescription: { text: '`Cookie` HTTP header isn\'t stripped on cross-origin redirects' },
          help: {
            text: '`Cookie` HTTP header isn\'t stripped on cross-origin redirects\n\nSeverity: medium, CVSS 5.9.\n\nurllib3 1.26.5: fixed in 1.26.17',
            markdown: '\\`Cookie\\` HTTP header isn\'t stripped on cross-origin redirects\n\nSeverity: medium, CVSS 5.9.\n\n- urllib3 1.26.5: fixed in 1.26.17',
          },
          helpUri: 'https://nvd.nist.gov/vuln/detail/CVE-2023-43804',
          defaultConfiguration: { level: 'warning' },
          properties: { 'security-severity': '5.9', tags: ['security', 'vulnerability', 'medium', 'external/cwe/cwe-200'] },
        },
      ]);
      expect(run.results.map((r) => [r.ruleId, r.ruleIndex, r.level, r.message.text])).toEqual([
        ['CVE-2021-23337', 0, 'error', 'lodash 4.17.20 has CVE-2021-23337 (high, CVSS 7.2): Command Injection in lodash. Fixed in 4.17.21. Found in node_modules/lodash/package.json.'],
        ['CVE-2021-23337', 0, 'error', 'lodash-es 4.17.20 has CVE-2021-23337 (high, CVSS 7.2): Command Injection in lodash. Fixed in 4.17.21. Found in vendor/bundle.tar > node_modules/lodash-es/package.json.'],
        ['CVE-2023-43804', 1, 'warning', 'urllib3 1.26.5 has CVE-2023-43804 (medium, CVSS 5.9): `Cookie` HTTP header isn\'t stripped on cross-origin redirects. Fixed in 1.26.17. Found in requirements.txt.'],
      ]);
      // An absolute PATH: locations inside the directory; a nested archive's member in the location's message and properties.
      expect(run.results.map((r) => r.locations)).toEqual([
        [{ physicalLocation: { artifactLocation: { uri: 'node_modules/lodash/package.json' } } }],
        [{
          physicalLocation: { artifactLocation: { uri: 'vendor/bundle.tar' } },
          message: { text: 'inside vendor/bundle.tar > node_modules/lodash-es/package.json' },
          properties: { nested_path: ['node_modules/lodash-es/package.json'] },
        }],
        [{ physicalLocation: { artifactLocation: { uri: 'requirements.txt' } } }],
      ]);
      expect(run.results.map((r) => r.partialFingerprints)).toEqual([
        { [FINGERPRINT_KEY]: fingerprint('CVE-2021-23337', 'JS', 'lodash', 'node_modules/lodash/package.json', []) },
        { [FINGERPRINT_KEY]: fingerprint('CVE-2021-23337', 'JS', 'lodash-es', 'vendor/bundle.tar', ['node_modules/lodash-es/package.json']) },
        { [FINGERPRINT_KEY]: fingerprint('CVE-2023-43804', 'PY', 'urllib3', 'requirements.txt', []) },
      ]);
      expect(run.results[0]?.properties).toEqual({
        component: 'lodash', version: '4.17.20', codetype: 'JS', purl: 'pkg:npm/lodash@4.17.20', fixed_version: '4.17.21', nearest_fix: '4.17.21', exact: true,
      });
      expect(run.invocations).toEqual([{ executionSuccessful: true }]);
      expect(run.properties.knowledge_base).toMatchObject({ state: 'ready' });
    });

    it('says with --fail-on which results fail the build, and the exit code', async () => {
      const { code, stdout } = await runCli(['scan', app, '--data-dir', dataDir, '--format', 'sarif', '--fail-on', 'high']);
      const log = JSON.parse(stdout) as SarifLog;
      expect(schemaErrors(log)).toEqual([]);
      const [run] = log.runs;
      expect([code, run?.invocations, run?.properties.fail_on]).toEqual([3, [{ executionSuccessful: true, exitCode: 3 }], { severity: 'high', failing: ['CVE-2021-23337'] }]);
      expect(run?.results.map((r) => r.properties.fails_build)).toEqual([true, true, false]);
    });

    it('locates a file input by its name, with every path inside it as the nested path', async () => {
      const { code, stdout } = await runCli(['scan', join(app, 'vendor', 'bundle.tar'), '--data-dir', dataDir, '--format', 'sarif']);
      const log = JSON.parse(stdout) as SarifLog;
      expect([code, schemaErrors(log)]).toEqual([0, []]);
      expect(log.runs[0]?.results.map((r) => [r.ruleId, r.locations, r.partialFingerprints])).toEqual([[
        'CVE-2021-23337',
        [{
          physicalLocation: { artifactLocation: { uri: 'bundle.tar' } },
          message: { text: 'inside bundle.tar > node_modules/lodash-es/package.json' },
          properties: { nested_path: ['node_modules/lodash-es/package.json'] },
        }],
        { [FINGERPRINT_KEY]: fingerprint('CVE-2021-23337', 'JS', 'lodash-es', 'bundle.tar', ['node_modules/lodash-es/package.json']) },
      ]]);
    });

    it('prefixes the locations with a relative PATH as given (the repository\'s paths when run from its root)', async () => {
      const identification = await scan(app);
      const { evaluation, knowledgeBase } = await evaluateLocally(identification, dataDir, {});
      if (!evaluation) throw new Error('no evaluation');
      const result = withVulns(toScanResult(identification), evaluation);
      const uris = (inputPath: string) => (toSarif(identification, result, evaluation, { inputPath, knowledgeBase }) as SarifLog).runs[0]?.results
        .map((r) => r.locations[0]?.physicalLocation.artifactLocation.uri);
      expect(uris('build/app')).toEqual(['build/app/node_modules/lodash/package.json', 'build/app/vendor/bundle.tar', 'build/app/requirements.txt']);
      expect(uris('./build//app/')).toEqual(['build/app/node_modules/lodash/package.json', 'build/app/vendor/bundle.tar', 'build/app/requirements.txt']);
      expect(uris('.')).toEqual(['node_modules/lodash/package.json', 'vendor/bundle.tar', 'requirements.txt']);
      expect(uris('../elsewhere/app')).toEqual(['node_modules/lodash/package.json', 'vendor/bundle.tar', 'requirements.txt']);
    });

    it('lists no result without a knowledge base, and says why in a notification', async () => {
      const { code, stdout, stderr } = await runCli(['scan', app, '--format', 'sarif']);
      const log = JSON.parse(stdout) as SarifLog;
      expect([code, stderr, schemaErrors(log)]).toEqual([0, NO_DATA_NOTE, []]);
      expect([log.runs[0]?.results, log.runs[0]?.tool.driver.rules, log.runs[0]?.invocations]).toEqual([
        [], [], [{ executionSuccessful: true, toolExecutionNotifications: [{ level: 'warning', message: { text: SBOM_NOT_EVALUATED } }] }],
      ]);
    });
  });
});
