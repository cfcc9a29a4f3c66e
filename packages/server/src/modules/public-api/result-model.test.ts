import { toScanResult } from '@binlens/engine';
import { type Component, IDENTIFICATION_SCHEMA_VERSION, type FileEntry, type Identification } from '@binlens/engine/model';
import { type Evaluation, type VulnerabilitySummary, withVulns } from '@binlens/vulndb';
import { describe, expect, it } from 'vitest';
import type { TriageDto } from '../adjustments/triage-dto.ts';
import { type AnalysisInput, binaryType, exeFlags, fileType, productAnalysis, productResult, type ProductScan, publicStatus, vulnRecord } from './result-model.ts';

const ELF: FileEntry = {
  path: ['rootfs.squashfs', 'usr/lib/libssl.so.3'], size: 600_000, sha1: '1'.repeat(40), sha256: '2'.repeat(64), format: 'executable/elf',
  executable: { format: 'elf', machine: 'x86-64', bits: 64, endianness: 'little', type: 'shared-object', missing: ['no-relro', 'no-canary'] },
};
const PE: FileEntry = {
  path: ['setup.exe'], size: 10, sha1: '3'.repeat(40), sha256: '4'.repeat(64), format: 'executable/pe',
  executable: { format: 'pe', machine: 'x86-64', bits: 64, endianness: 'little', type: 'executable', cfg: false, forceIntegrity: false, missing: ['no-control-flow-guard'] },
};

const openssl: Component = {
  id: 'openssl-uid', name: 'openssl', version: '3.0.13', codetype: 'NA', vendor: 'OpenSSL', purl: 'pkg:generic/openssl@3.0.13',
  cpes: ['cpe:2.3:a:openssl:openssl:3.0.13:*:*:*:*:*:*:*'], licenses: ['Apache-2.0'],
  evidence: [{ method: 'signature', foundBy: 'signatures/openssl', path: ELF.path, text: 'OpenSSL 3.0.13 30 Jan 2024' }],
};
const zlib: Component = {
  id: 'zlib-uid', name: 'zlib1g', version: '1:1.2.13.dfsg-1', codetype: 'DP', vendor: '', purl: 'pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1', cpes: [],
  licenses: ['Zlib', 'LicenseRef-custom'], distro: { name: 'debian', release: '12' },
  evidence: [{ method: 'package-metadata', foundBy: 'debian/dpkg-status', path: ['rootfs.squashfs', 'var/lib/dpkg/status'] }],
};

const identification: Identification = {
  schemaVersion: IDENTIFICATION_SCHEMA_VERSION,
  input: { name: 'fw.bin', size: 4096, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64), format: 'firmware/trx' },
  files: [
    { path: [], size: 4096, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64), format: 'firmware/trx' },
    { path: ['rootfs.squashfs'], size: 4000, sha1: 'c'.repeat(40), sha256: 'd'.repeat(64), format: 'filesystem/squashfs' },
    ELF,
    { path: ['rootfs.squashfs', 'var/lib/dpkg/status'], size: 90, sha1: 'e'.repeat(40), sha256: 'f'.repeat(64) },
  ],
  components: [openssl, zlib],
  problems: [
    { level: 'error', location: ['rootfs.squashfs'], plugin: 'filesystem/squashfs', code: 'truncated', message: 'The image ends early.' },
    { level: 'warning', location: [], plugin: 'x', code: 'y', message: 'not an error' },
  ],
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:05.000Z',
};

const summary = (fields: Partial<VulnerabilitySummary> & Pick<VulnerabilitySummary, 'vuln_id'>): VulnerabilitySummary => ({
  aliases: [], summary: '', cwes: [], cvss: [], cvss3_score: null, cvss3_severity: null, cvss2_score: null, cvss2_severity: null, score: null, severity: null,
  score_version: null, epss: null, kev: null, distro_cvss: [], ...fields,
});

const triage: TriageDto = {
  id: 7, url: '/rest/triages/7/', scan_id: 1, component_name: 'openssl', mapped_component_id: null, component_version: '3.0.13', version_range: null,
  vuln_id: 'CVE-2024-0727', description: 'Not reachable.', rationale: 'VP', scope: 'R', triaged_obj: null, group_scope: null, result_scope: 1, application_name: null,
  adjusted_severity: null, environmental_vector: null, adjusted_score: null, user: 3, created: '2026-02-01T00:00:00.000Z', modified: '2026-02-02T00:00:00.000Z',
};

const evaluation: Evaluation = {
  components: {
    'openssl-uid': [
      { vuln_id: 'CVE-2024-0727', exact: true, triages: [triage], unresolved_triages: [], matched_by: [] },
      { vuln_id: 'CVE-2023-0001', exact: false, triages: [], unresolved_triages: [], matched_by: [] },
    ],
  },
  upgrade: { 'openssl-uid': { nearest_fix: '3.0.14', latest_known: '3.3.1' } },
  vulnerabilities: {
    'CVE-2024-0727': summary({
      vuln_id: 'CVE-2024-0727', summary: 'PKCS12 NULL dereference', cwes: ['CWE-476'], cvss3_score: 5.5, cvss2_score: 5,
      cvss: [
        { version: '3.1', vector: 'CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:N/I:N/A:H', score: 5.5, severity: 'MEDIUM', source: 'nvd@nist.gov', type: 'Primary' },
        { version: '2.0', vector: 'AV:N/AC:L/Au:N/C:N/I:N/A:P', score: 5, severity: 'MEDIUM', source: 'nvd@nist.gov', type: 'Primary' },
      ],
    }),
    'CVE-2023-0001': summary({ vuln_id: 'CVE-2023-0001', summary: 'Older flaw' }),
  },
};

function input(overrides: Partial<AnalysisInput> = {}): AnalysisInput {
  const result = withVulns(toScanResult(identification), evaluation);
  const components = result.components.map((c) => ({ ...c, custom_version: c.uid === 'zlib-uid' ? '1.2.13' : null }));
  return {
    identification, adjusted: identification, components, evaluation,
    counts: { critical: 0, high: 0, medium: 0, low: 0, missing: 1, triaged: 1 }, verdictReason: null,
    dates: new Map([['CVE-2024-0727', { published: '2024-01-26T09:15:07.837', modified: '2024-02-08T10:15:13Z' }]]),
    authors: new Map([[3, { id: 3, email: 'sec@example.com', username: 'sec' }]]),
    policyOverrides: {},
    ...overrides,
  };
}

const scan: ProductScan = {
  id: 12, groupId: 4, filename: 'router.bin', sha1: 'a'.repeat(40), size: 4096, status: 'R', error: null,
  createdAt: new Date('2026-01-01T00:00:00Z'), finishedAt: new Date('2026-01-01T00:01:00Z'), binaryRemovedAt: null,
};

describe('productAnalysis', () => {
  const analysis = productAnalysis(input());

  it('maps each component to §3.4, its CPEs as 2.2 URIs, its licences classified, its vulnerabilities counted', () => {
    const [first, second] = analysis.components;
    expect(first).toMatchObject({
      lib: 'openssl', version: '3.0.13', custom_version: null, vendor: 'OpenSSL', codetype: 'Native', distro: null, distro_version: null,
      latest_version: '3.3.1', 'latest-version': '3.3.1', homepage: null, cpe: ['cpe:/a:openssl:openssl:3.0.13'], tags: ['tls'], objects: ['libssl.so.3'],
      'vuln-count': { total: 2, exact: 1, historical: 1 },
      license: { name: 'Apache-2.0', type: 'permissive', url: 'https://spdx.org/licenses/Apache-2.0.html' },
    });
    expect(second).toMatchObject({
      lib: 'zlib1g', version: '1:1.2.13.dfsg-1', custom_version: '1.2.13', vendor: null, codetype: 'Distribution package', distro: 'debian', distro_version: '12',
      latest_version: null, cpe: [], tags: [], vulns: [], 'vuln-count': { total: 0, exact: 0, historical: 0 },
      license: { name: 'Zlib', type: 'permissive', url: 'https://spdx.org/licenses/Zlib.html' },
      licenses: { licenses: [{ name: 'Zlib', type: 'permissive', url: 'https://spdx.org/licenses/Zlib.html' }, { name: 'LicenseRef-custom', type: 'unknown', url: '' }] },
    });
  });

  it('names each matched file through its containers, with its type, method and missing mitigations', () => {
    expect(analysis.components[0]?.['extended-objects']).toEqual([{
      name: 'libssl.so.3', sha1: '1'.repeat(40), confidence: 1, timestamp: null, 'binary-type': 'elf-shared-x86_64', type: 'native', 'matching-method': 'signature',
      'source-match': 'openssl', fullpath: ['fw.bin', 'rootfs.squashfs', 'usr/lib/libssl.so.3'],
      'extended-fullpath': [{ path: 'fw.bin', type: 'firmware/trx' }, { path: 'rootfs.squashfs', type: 'filesystem/squashfs' }, { path: 'usr/lib/libssl.so.3', type: 'executable/elf' }],
      'exe-flags': ['no-relro', 'no-canary'],
    }]);
    expect(analysis.components[1]?.['extended-objects'][0]).toMatchObject({
      name: 'status', confidence: 1, 'binary-type': 'unknown', type: 'data', 'matching-method': 'package-metadata', 'source-match': null, 'exe-flags': [],
      'extended-fullpath': [{ path: 'fw.bin', type: 'firmware/trx' }, { path: 'rootfs.squashfs', type: 'filesystem/squashfs' }, { path: 'var/lib/dpkg/status', type: 'file' }],
    });
  });

  it('gives each vulnerability its record with scores as strings and its resolving triages as §3.8 records', () => {
    expect(analysis.components[0]?.vulns).toEqual([
      {
        vuln: {
          cve: 'CVE-2024-0727', summary: 'PKCS12 NULL dereference', cwe: 'CWE-476', published: '2024-01-26T09:15:07.837', modified: '2024-02-08T10:15:13Z',
          'published-epoch': 1706260507, 'modified-epoch': 1707387313, cvss: '5', cvss2_vector: 'AV:N/AC:L/Au:N/C:N/I:N/A:P', cvss3_score: '5.5',
          cvss3_vector: 'CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:N/I:N/A:H',
        },
        exact: true,
        triage: [{
          id: 7, vuln_id: 'CVE-2024-0727', component: 'openssl', vendor: 'OpenSSL', codetype: 'NA', version: '3.0.13', modified: '2026-02-02T00:00:00.000Z', scope: 'R',
          reason: 'VP', description: 'Not reachable.', user: { id: 3, email: 'sec@example.com', firstname: '', lastname: '', username: 'sec' },
        }],
      },
      {
        vuln: {
          cve: 'CVE-2023-0001', summary: 'Older flaw', cwe: '', published: null, modified: null, 'published-epoch': null, 'modified-epoch': null,
          cvss: '0', cvss2_vector: '', cvss3_score: '0', cvss3_vector: '',
        },
        exact: false,
        triage: [],
      },
    ]);
  });

  it('sums the counts and says the verdict, and describes every file and error of the scan', () => {
    expect(analysis.summary).toEqual({ 'vuln-count': { exact: 1, historical: 1 }, verdict: { short: 'Vulns', detailed: '1 known vulnerability not triaged in 2 components.' } });
    expect(analysis).toMatchObject({ filename: 'fw.bin', scanned_bytes: 4096, stale: false });
    expect(analysis.details).toEqual({
      metadata: {
        input: { name: 'fw.bin', size: 4096, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64), format: 'firmware/trx' },
        started: '2026-01-01T00:00:00.000Z', finished: '2026-01-01T00:00:05.000Z', files: 4, executables: 1,
      },
      flagged: { 'rootfs.squashfs/usr/lib/libssl.so.3': ['no-relro', 'no-canary'] },
      filetypes: { 'TRX firmware image': 1, 'SquashFS file system': 1, 'ELF 64-bit LSB shared-object, x86-64': 1, data: 1 },
      errors: [{ path: ['rootfs.squashfs'], plugin: 'filesystem/squashfs', code: 'truncated', message: 'The image ends early.' }],
    });
  });

  it('says Pass, N/A and Verify as the /rest/ verdict decides them', () => {
    const counts = { critical: 0, high: 0, medium: 0, low: 0, missing: 0 };
    expect(productAnalysis(input({ counts })).summary.verdict).toEqual({ short: 'Pass', detailed: 'No known vulnerabilities in 2 components.' });
    const empty = { ...identification, components: [] };
    expect(productAnalysis(input({ counts, adjusted: empty, components: [], verdictReason: 'The file is empty.' })).summary.verdict).toEqual({ short: 'N/A', detailed: 'The file is empty.' });
  });

  it('uses the company\'s licence overrides for the class', () => {
    const overridden = productAnalysis(input({ policyOverrides: { 'Apache-2.0': 'RE' } }));
    expect(overridden.components[0]?.license).toEqual({ name: 'Apache-2.0', type: 'restrictive', url: 'https://spdx.org/licenses/Apache-2.0.html' });
  });
});

describe('productResult', () => {
  const extras = { reportUrl: 'https://binlens.example.com/product/12', customData: { RELEASE: '2.0' } };

  it('answers a ready scan with its analysis', () => {
    const analysis = productAnalysis(input());
    expect(productResult(scan, extras, analysis)).toEqual({
      id: 12, product_id: 12, group_id: 4, name: 'router.bin', filename: 'fw.bin', sha1sum: 'a'.repeat(40), status: 'R', 'fail-reason': null,
      report_url: 'https://binlens.example.com/product/12', created: '2026-01-01T00:00:00.000Z', last_updated: '2026-01-01T00:01:00.000Z', stale: false,
      'rescan-possible': true, binary_bytes: 4096, scanned_bytes: 4096, custom_data: { RELEASE: '2.0' },
      summary: analysis.summary, details: analysis.details, components: analysis.components,
    });
  });

  it('answers a busy scan as B and a failed one with its reason, both without components', () => {
    const empty = { metadata: { input: null, started: null, finished: null, files: 0, executables: 0 }, flagged: {}, filetypes: {}, errors: [] };
    const busy = productResult({ ...scan, status: 'P', finishedAt: null }, extras, null);
    expect(busy).toMatchObject({
      status: 'B', 'fail-reason': null, last_updated: '2026-01-01T00:00:00.000Z', scanned_bytes: 0, components: [], details: empty,
      summary: { 'vuln-count': { exact: 0, historical: 0 }, verdict: { short: 'N/A', detailed: 'The scan is not finished yet.' } },
    });
    const failed = productResult({ ...scan, status: 'F', error: 'Aborted by ops@example.com', binaryRemovedAt: new Date() }, extras, productAnalysis(input()));
    expect(failed).toMatchObject({
      status: 'F', 'fail-reason': 'Aborted by ops@example.com', 'rescan-possible': false, filename: 'router.bin', components: [], details: empty,
      summary: { 'vuln-count': { exact: 0, historical: 0 }, verdict: { short: 'N/A', detailed: 'The scan failed: nothing was analysed.' } },
    });
  });

  it('maps every internal state to B, R or F', () => {
    expect((['B', 'S', 'P', 'D', 'R', 'F'] as const).map(publicStatus)).toEqual(['B', 'B', 'B', 'B', 'R', 'F']);
  });
});

describe('file facts', () => {
  it('names binary types format-kind-arch and unknown for other files', () => {
    expect([binaryType(ELF), binaryType(PE), binaryType(undefined), binaryType({ ...PE, executable: undefined })]).toEqual(['elf-shared-x86_64', 'pe-executable-x86_64', 'unknown', 'unknown']);
  });

  it('lists missing mitigations, and PE code integrity not enforced in §3.11 words', () => {
    expect(exeFlags(ELF)).toEqual(['no-relro', 'no-canary']);
    expect(exeFlags(PE)).toEqual(['no-control-flow-guard', 'no-enforced-code-integrity']);
    const enforced = { format: 'pe', machine: 'x86-64', bits: 64, endianness: 'little', type: 'executable', forceIntegrity: true, missing: ['no-control-flow-guard'] } as const;
    expect(exeFlags({ ...PE, executable: { ...enforced, missing: [...enforced.missing] } })).toEqual(['no-control-flow-guard']);
  });

  it('describes files libmagic-style', () => {
    expect([fileType(ELF), fileType(PE), fileType({ ...ELF, executable: undefined, format: 'archive/zip' }), fileType({ ...ELF, executable: undefined, format: 'vendor/odd' })])
      .toEqual(['ELF 64-bit LSB shared-object, x86-64', 'PE 64-bit LSB executable, x86-64', 'ZIP archive', 'vendor/odd']);
  });

  it('reads zoneless NVD dates as UTC', () => {
    expect(vulnRecord('CVE-1', undefined, { published: '2024-01-26T09:15:07.837', modified: '2024-01-26T09:15:07+01:00' })).toMatchObject({
      cve: 'CVE-1', 'published-epoch': 1706260507, 'modified-epoch': 1706256907, cvss: '0', cvss3_score: '0',
    });
  });
});
