import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';
import { NO_DATA_NOTE, SBOM_NOT_EVALUATED } from './scan-knowledge-base.ts';

const DEB = fileURLToPath(
  new URL('../../../engine/fixtures/unpack/deb-zstd/libbinlens-tools1_0.9.1-3_amd64.deb', import.meta.url),
);

const run = (...argv: string[]) => runCli(argv);

describe('binlens CLI', () => {
  it('scan --format json prints input, the scan result and problems', async () => {
    const { code, stdout, stderr } = await run('scan', DEB);
    expect([code, stderr]).toEqual([0, NO_DATA_NOTE]);
    const json = JSON.parse(stdout);
    expect(Object.keys(json)).toEqual(['schema_version', 'input', 'components', 'licenses', 'docker-images', 'executables', 'code_findings', 'infoleaks', 'mobile_apps', 'kernel_configs', 'problems', 'knowledge_base']);
    expect(json.knowledge_base).toEqual({ state: 'empty', updated: null });
    expect(json.input.name).toBe('libbinlens-tools1_0.9.1-3_amd64.deb');
    expect(json.components.map((c: { purl: string }) => c.purl)).toEqual([
      'pkg:npm/%40babel/helper-plugin-utils@7.24.0',
      'pkg:deb/debian/libbinlens-tools1@2:0.9.1-3?arch=amd64&upstream=binlens-tools',
    ]);
    expect(json.problems).toEqual([]);
  });

  it('scan --format table prints aligned columns', async () => {
    const { code, stdout } = await run('scan', DEB, '--format', 'table');
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'NAME                        VERSION    TYPE  FILES',
        '@babel/helper-plugin-utils  7.24.0     JS    data.tar.zst > data.tar > usr/share/nodejs/@babel/helper-plugin-utils/package.json',
        'libbinlens-tools1           2:0.9.1-3  DP    libbinlens-tools1_0.9.1-3_amd64.deb',
        '',
        'Vulnerabilities: not evaluated: no vulnerability data',
        '',
      ].join('\n'),
    );
  });

  it('scan --format cyclonedx prints a CycloneDX 1.6 document with evidence locations', async () => {
    const { code, stdout, stderr } = await run('scan', DEB, '--format', 'cyclonedx');
    expect([code, stderr]).toEqual([0, NO_DATA_NOTE]);
    const bom = JSON.parse(stdout);
    expect([bom.bomFormat, bom.specVersion, bom.metadata.component.name]).toEqual(['CycloneDX', '1.6', 'libbinlens-tools1_0.9.1-3_amd64.deb']);
    const babel = bom.components.find((c: { name: string }) => c.name === '@babel/helper-plugin-utils');
    expect(babel.evidence.occurrences.map((o: { location: string }) => o.location)).toEqual([
      'data.tar.zst/data.tar/usr/share/nodejs/@babel/helper-plugin-utils/package.json',
    ]);
    // No knowledge base: no `vulnerabilities` list (it would read as "none found"), and the reason as a property.
    expect(['vulnerabilities' in bom, bom.metadata.properties]).toEqual([false, [{ name: 'binlens:vulnerabilities', value: SBOM_NOT_EVALUATED }]]);
    expect(SBOM_NOT_EVALUATED).toBe('not evaluated: no vulnerability data: the knowledge base was empty; "binlens db sync" or "binlens db import FILE..." loads it');
  });

  it('scan --format spdx prints an SPDX 2.3 document', async () => {
    const { code, stdout } = await run('scan', DEB, '--format', 'spdx');
    expect(code).toBe(0);
    const doc = JSON.parse(stdout);
    expect(doc.comment).toBe(`binlens:vulnerabilities: ${SBOM_NOT_EVALUATED}`);
    expect([doc.spdxVersion, doc.packages.length, doc.relationships[0]]).toEqual([
      'SPDX-2.3',
      3,
      { spdxElementId: 'SPDXRef-DOCUMENT', relationshipType: 'DESCRIBES', relatedSpdxElement: 'SPDXRef-Input' },
    ]);
  });

  it('scan --format cyclonedx-xml prints a CycloneDX 1.6 XML document', async () => {
    const { code, stdout, stderr } = await run('scan', DEB, '--format', 'cyclonedx-xml');
    expect([code, stderr]).toEqual([0, NO_DATA_NOTE]);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(lines[1]).toMatch(/^<bom xmlns="http:\/\/cyclonedx\.org\/schema\/bom\/1\.6" version="1" serialNumber="urn:uuid:[0-9a-f-]{36}">$/);
    expect(lines.slice(-2)).toEqual(['</bom>', '']);
    expect(stdout).toContain('<name>libbinlens-tools1_0.9.1-3_amd64.deb</name>');
    expect(stdout).toContain('<location>data.tar.zst/data.tar/usr/share/nodejs/@babel/helper-plugin-utils/package.json</location>');
    // No knowledge base: no vulnerabilities, and the reason as a property, as in the JSON.
    expect(stdout).not.toContain('<vulnerabilities');
    expect(stdout).toContain(`<property name="binlens:vulnerabilities">${SBOM_NOT_EVALUATED}</property>`);
  });

  it('scan --format spdx-tag-value prints an SPDX 2.3 tag-value document', async () => {
    const { code, stdout, stderr } = await run('scan', DEB, '--format', 'spdx-tag-value');
    expect([code, stderr]).toEqual([0, NO_DATA_NOTE]);
    const lines = stdout.split('\n');
    expect(lines.slice(0, 11).map((l) => l.replace(/[0-9a-f-]{36}$/, '<uuid>').replace(/^Created: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/, 'Created: <time>'))).toEqual([
      '## Document Information',
      'SPDXVersion: SPDX-2.3',
      'DataLicense: CC0-1.0',
      'SPDXID: SPDXRef-DOCUMENT',
      'DocumentName: libbinlens-tools1_0.9.1-3_amd64.deb',
      'DocumentNamespace: https://binlens.invalid/spdx/libbinlens-tools1_0.9.1-3_amd64.deb-<uuid>',
      `DocumentComment: binlens:vulnerabilities: ${SBOM_NOT_EVALUATED}`,
      '',
      '## Creation Information',
      'Creator: Tool: binlens-0.1.0',
      'Created: <time>',
    ]);
    expect(lines.filter((l) => l.startsWith('PackageName: '))).toEqual([
      'PackageName: libbinlens-tools1_0.9.1-3_amd64.deb',
      'PackageName: @babel/helper-plugin-utils',
      'PackageName: libbinlens-tools1',
    ]);
    expect(lines).toContain('Relationship: SPDXRef-DOCUMENT DESCRIBES SPDXRef-Input');
  });

  it('scan DIRECTORY scans the tree as one input, links recorded, not followed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-cli-dir-'));
    try {
      await mkdir(join(dir, 'var/lib/dpkg'), { recursive: true });
      await writeFile(join(dir, 'var/lib/dpkg/status'), 'Package: zlib1g\nStatus: install ok installed\nArchitecture: amd64\nSource: zlib\nVersion: 1:1.2.13.dfsg-1\n');
      await symlink('/etc', join(dir, 'escape'));
      const { code, stdout } = await run('scan', dir, '--format', 'table');
      expect(code).toBe(0);
      expect(stdout.split('\n')[1]).toBe('zlib1g  1:1.2.13.dfsg-1  DP    var/lib/dpkg/status');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('with an imported knowledge base, scan lists each component\'s vulnerabilities', async () => {
    const root = await mkdtemp(join(tmpdir(), 'binlens-cli-kb-'));
    const advisory = fileURLToPath(new URL('../../../vulndb/fixtures/feeds/osv-ghsa-35jh-r3h4-6jhm.json', import.meta.url));
    try {
      const dataDir = join(root, 'data');
      const input = join(root, 'app');
      await mkdir(join(input, 'node_modules/lodash'), { recursive: true });
      await writeFile(join(input, 'node_modules/lodash/package.json'), '{"name": "lodash", "version": "4.17.20", "license": "MIT"}');
      expect((await run('db', 'import', advisory, '--data-dir', dataDir)).code).toBe(0);

      const table = await run('scan', input, '--format', 'table', '--data-dir', dataDir);
      expect(table.stdout.split('\n').slice(0, 2)).toEqual([
        'NAME    VERSION  TYPE  VULNS           FIX      LATEST   FILES',
        'lodash  4.17.20  JS    CVE-2021-23337  4.17.21  4.17.21  node_modules/lodash/package.json',
      ]);
      expect(table.stdout.split('\n').slice(3, 5)).toEqual([
        'VULNERABILITY   SEVERITY  CVSS        EPSS  KEV  COMPONENTS',
        'CVE-2021-23337  high      7.2 (v3.1)  -     -    lodash 4.17.20',
      ]);
      const json = JSON.parse((await run('scan', input, '--data-dir', dataDir)).stdout);
      expect(Object.keys(json.vulnerabilities)).toEqual(['CVE-2021-23337']);
      expect(json.vulnerabilities['CVE-2021-23337']).toMatchObject({
        aliases: ['GHSA-35jh-r3h4-6jhm'], summary: 'Command Injection in lodash', cwes: ['CWE-77', 'CWE-94'],
        score: 7.2, severity: 'high', score_version: '3.1', epss: null, kev: null,
      });
      expect(json.components[0].vulns.map((v: { vuln_id: string; exact: boolean }) => [v.vuln_id, v.exact])).toEqual([
        ['CVE-2021-23337', true],
      ]);

      const cdx = JSON.parse((await run('scan', input, '--format', 'cyclonedx', '--data-dir', dataDir)).stdout);
      const lodashRef = cdx.components[0]['bom-ref'];
      expect(cdx.metadata.properties).toBeUndefined();
      expect(cdx.vulnerabilities).toEqual([{
        'bom-ref': 'vuln:CVE-2021-23337',
        id: 'CVE-2021-23337',
        source: { name: 'NVD', url: 'https://nvd.nist.gov/vuln/detail/CVE-2021-23337' },
        references: [{ id: 'GHSA-35jh-r3h4-6jhm', source: { name: 'GitHub', url: 'https://github.com/advisories/GHSA-35jh-r3h4-6jhm' } }],
        ratings: [{ source: { name: 'osv' }, score: 7.2, severity: 'high', method: 'CVSSv31', vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H' }],
        cwes: [77, 94],
        description: 'Command Injection in lodash',
        affects: [{ ref: lodashRef, versions: [{ version: '4.17.20', status: 'affected' }] }],
        properties: [
          { name: `binlens:fixed:${lodashRef}`, value: '4.17.21' },
          { name: `binlens:match:${lodashRef}`, value: 'osv-purl introduced 0, fixed 4.17.21' },
        ],
      }]);
      const spdx = JSON.parse((await run('scan', input, '--format', 'spdx', '--data-dir', dataDir)).stdout);
      expect(spdx.comment).toBeUndefined();
      expect(spdx.packages[1].externalRefs[1]).toEqual({
        referenceCategory: 'SECURITY',
        referenceType: 'advisory',
        referenceLocator: 'https://nvd.nist.gov/vuln/detail/CVE-2021-23337',
        comment: 'CVE-2021-23337; CVSSv31 7.2 high; fixed in 4.17.21',
      });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('scan --help prints the command usage', async () => {
    const { code, stdout } = await run('scan', '--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: binlens scan PATH \[--format json\|cyclonedx\|cyclonedx-xml\|spdx\|spdx-tag-value\|table\|sarif\|bdba\]\n {19}\[--fail-on critical\|high\|medium\|low\] \[--data-dir DIR\]\n/);
  });

  it.each([
    [['scan'], 'binlens: missing PATH'],
    [['scan', 'a', 'b'], 'binlens: unexpected argument "b"'],
    [['scan', 'a', '--format', 'xml'], 'binlens: --format must be one of json, cyclonedx, cyclonedx-xml, spdx, spdx-tag-value, table, sarif, bdba, not "xml"'],
    [['scan', 'a', '--bogus'], "binlens: Unknown option '--bogus'"],
  ])('usage error %j → exit 2', async (argv, message) => {
    const { code, stderr } = await run(...argv);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toContain(message);
  });

  it('an unreadable file → exit 1', async () => {
    const { code, stderr } = await run('scan', '/nonexistent/file.bin');
    expect(code).toBe(1);
    expect(stderr).toMatch(/^binlens: cannot read \/nonexistent\/file\.bin: ENOENT/);
  });
});
