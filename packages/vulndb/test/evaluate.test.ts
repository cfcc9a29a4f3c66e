import type { Component, Identification } from '@binlens/engine/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, withVulns } from '../src/evaluate.ts';
import { importFeed } from '../src/import/import-file.ts';
import { createKnowledgeBase, type KnowledgeBase } from '../src/kb/knowledge-base.ts';
import { DATABASES, fixture, openTestKb, type TestKb } from './knowledge-bases.ts';

function component(id: string, fields: Partial<Component> & Pick<Component, 'name' | 'version' | 'purl'>): Component {
  return { id, codetype: 'NA', vendor: '', cpes: [], licenses: [], evidence: [], ...fields };
}

function identification(components: Component[]): Identification {
  return {
    schemaVersion: 1,
    input: { name: 'app.tar', size: 1, sha1: '', sha256: '' },
    files: [],
    components,
    problems: [],
    startedAt: '2024-08-01T00:00:00Z',
    finishedAt: '2024-08-01T00:00:01Z',
  };
}

const bookworm = { name: 'debian', release: '12' };

const COMPONENTS: Component[] = [
  component('lodash-4.17.20', { name: 'lodash', version: '4.17.20', codetype: 'JS', purl: 'pkg:npm/lodash@4.17.20', cpes: ['cpe:2.3:a:lodash:lodash:4.17.20:*:*:*:*:*:*:*'] }),
  component('lodash-4.17.21', { name: 'lodash', version: '4.17.21', codetype: 'JS', purl: 'pkg:npm/lodash@4.17.21', cpes: ['cpe:2.3:a:lodash:lodash:4.17.21:*:*:*:*:*:*:*'] }),
  component('openssl-1.0.2k', { name: 'openssl', version: '1.0.2k', purl: 'pkg:generic/openssl@1.0.2k', cpes: ['cpe:2.3:a:openssl:openssl:1.0.2k:*:*:*:*:*:*:*'] }),
  component('openssl-1.0.2zd', { name: 'openssl', version: '1.0.2zd', purl: 'pkg:generic/openssl@1.0.2zd', cpes: ['cpe:2.3:a:openssl:openssl:1.0.2zd:*:*:*:*:*:*:*'] }),
  component('openssl-3.0.1', { name: 'openssl', version: '3.0.1', purl: 'pkg:generic/openssl@3.0.1', cpes: ['cpe:2.3:a:openssl:openssl:3.0.1:*:*:*:*:*:*:*'] }),
  component('netapp-a250', { name: 'a250', version: '', purl: 'pkg:generic/a250', cpes: ['cpe:2.3:h:netapp:a250:-:*:*:*:*:*:*:*'] }),
  component('netapp-a250-firmware', { name: 'a250_firmware', version: '', purl: 'pkg:generic/a250_firmware', cpes: ['cpe:2.3:o:netapp:a250_firmware:-:*:*:*:*:*:*:*'] }),
  component('netapp-a250-firmware-unknown', { name: 'a250_firmware', version: '', purl: 'pkg:generic/a250_firmware', cpes: ['cpe:2.3:o:netapp:a250_firmware:*:*:*:*:*:*:*:*'] }),
  component('zlib1g', {
    name: 'zlib1g', version: '1:1.2.13.dfsg-1', codetype: 'DP', distro: bookworm,
    purl: 'pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1?arch=amd64&distro=debian-12&upstream=zlib',
    cpes: ['cpe:2.3:a:zlib:zlib:1.2.13:*:*:*:*:*:*:*'],
  }),
  component('openssh-deb12u3', {
    name: 'openssh-server', version: '1:9.2p1-2+deb12u3', codetype: 'DP', distro: bookworm,
    purl: 'pkg:deb/debian/openssh-server@1:9.2p1-2+deb12u3?arch=amd64&distro=debian-12&upstream=openssh',
    cpes: ['cpe:2.3:a:openbsd:openssh:9.2p1:*:*:*:*:*:*:*'],
  }),
  component('openssh-deb12u2', {
    name: 'openssh-server', version: '1:9.2p1-2+deb12u2', codetype: 'DP', distro: bookworm,
    purl: 'pkg:deb/debian/openssh-server@1:9.2p1-2+deb12u2?arch=amd64&distro=debian-12&upstream=openssh',
    cpes: ['cpe:2.3:a:openbsd:openssh:9.2p1:*:*:*:*:*:*:*'],
  }),
  component('libc6-deb12u1', {
    name: 'libc6', version: '2.36-9+deb12u1', codetype: 'DP', distro: bookworm,
    purl: 'pkg:deb/debian/libc6@2.36-9+deb12u1?arch=amd64&distro=debian-12&upstream=glibc',
  }),
  component('libc6-deb12u7', {
    name: 'libc6', version: '2.36-9+deb12u7', codetype: 'DP', distro: bookworm,
    purl: 'pkg:deb/debian/libc6@2.36-9+deb12u7?arch=amd64&distro=debian-12&upstream=glibc',
  }),
  component('requests-2.30.0', { name: 'requests', version: '2.30.0', codetype: 'PY', purl: 'pkg:pypi/Requests@2.30.0' }),
  component('requests-2.31.0', { name: 'requests', version: '2.31.0', codetype: 'PY', purl: 'pkg:pypi/requests@2.31.0' }),
  component('goyave-5.4.0', { name: 'goyave.dev/goyave/v5', version: 'v5.4.0', codetype: 'GO', purl: 'pkg:golang/goyave.dev/goyave/v5@v5.4.0' }),
  component('kubernetes', { name: 'k8s.io/kubernetes', version: 'v1.20.0', codetype: 'GO', purl: 'pkg:golang/k8s.io/kubernetes@v1.20.0' }),
  component('protobuf-rejected', { name: 'x', version: '1.0', purl: 'pkg:generic/x@1.0', cpes: ['cpe:2.3:a:google:protobuf-python:4.25.7:*:*:*:*:*:*:*'] }),
];

describe.each(DATABASES)('evaluate on %s', (kind) => {
  let t: TestKb;
  let kb: KnowledgeBase;
  beforeAll(async () => {
    t = await openTestKb(kind);
    kb = createKnowledgeBase(t.db);
    for (const name of ['nvd-page.json', 'nvd-cve-2023-45853.json', 'osv-ghsa-35jh-r3h4-6jhm.json', 'osv-array.json', 'epss.csv.gz', 'kev.json', 'debian-tracker.json']) {
      const report = await importFeed(t.db, fixture(name));
      if (report.status !== 'complete') throw new Error(`${name}: ${report.error ?? ''}`);
    }
  });
  afterAll(() => t.dispose());

  const idsOf = (evaluation: Awaited<ReturnType<typeof evaluate>>) =>
    Object.fromEntries(Object.entries(evaluation.components).map(([uid, vulns]) => [uid, vulns.map((v) => `${v.vuln_id}${v.exact ? '' : '?'} ${v.matched_by.map((m) => m.source).join('+')}`)]));

  it('matches by purl, CPE and distro source package, the distro tracker winning for distro packages', async () => {
    const evaluation = await evaluate(identification(COMPONENTS), kb);
    expect(idsOf(evaluation)).toEqual({
      'lodash-4.17.20': ['CVE-2021-23337 osv-purl+nvd-cpe'],
      'lodash-4.17.21': [],
      'openssl-1.0.2k': ['CVE-2022-0778 nvd-cpe'],
      'openssl-1.0.2zd': [],
      'openssl-3.0.1': ['CVE-2022-0778 nvd-cpe'],
      // A running-on platform (vulnerable: false in an AND configuration) never matches itself.
      'netapp-a250': [],
      'netapp-a250-firmware': ['CVE-2022-0778 nvd-cpe'],
      // No version known: no match unless assumed latest.
      'netapp-a250-firmware-unknown': [],
      // NVD says zlib <= 1.3; Debian leaves it open (ignored) in bookworm: both say so.
      zlib1g: ['CVE-2023-45853 nvd-cpe+distro'],
      // NVD's range holds 9.2p1, but bookworm's backport fixed it in 1:9.2p1-2+deb12u3.
      'openssh-deb12u3': [],
      'openssh-deb12u2': ['CVE-2024-6387 nvd-cpe+distro'],
      'libc6-deb12u1': ['CVE-2023-4911 distro'],
      'libc6-deb12u7': [],
      'requests-2.30.0': ['CVE-2023-32681 osv-purl+osv-purl'],
      'requests-2.31.0': [],
      // GO-2024-3293 has no CVE: shown only with includeAdvisoriesWithoutCve.
      'goyave-5.4.0': [],
      // GO-2022-0617 is withdrawn: it never matches.
      kubernetes: [],
      'protobuf-rejected': ['CVE-2025-4565 nvd-cpe'],
    });
    expect(evaluation.components['lodash-4.17.20']?.[0]).toEqual({
      vuln_id: 'CVE-2021-23337',
      exact: true,
      triages: [],
      unresolved_triages: [],
      matched_by: [
        { source: 'osv-purl', record: 'GHSA-35jh-r3h4-6jhm', exact: true, criteria: 'npm/lodash', range: 'introduced 0, fixed 4.17.21', fixed: '4.17.21' },
        { source: 'nvd-cpe', record: 'CVE-2021-23337', exact: true, criteria: 'cpe:2.3:a:lodash:lodash:*:*:*:*:*:node.js:*:*', range: '< 4.17.21', fixed: '4.17.21' },
      ],
    });
    expect(evaluation.components.zlib1g?.[0]?.matched_by[1]).toEqual({
      source: 'distro', record: 'debian:bookworm/zlib', exact: true, criteria: 'zlib (debian bookworm)', range: 'open (ignored)', fixed: null,
    });
    expect(evaluation.vulnerabilities['CVE-2021-23337']).toEqual({
      vuln_id: 'CVE-2021-23337',
      aliases: ['GHSA-35jh-r3h4-6jhm'],
      summary: 'Lodash versions prior to 4.17.21 are vulnerable to Command Injection via the template function.',
      cwes: ['CWE-94', 'CWE-77'],
      cvss: [
        { version: '2.0', vector: 'AV:N/AC:L/Au:S/C:P/I:P/A:P', score: 6.5, severity: 'medium', source: 'nvd@nist.gov', type: 'Primary' },
        { version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', score: 7.2, severity: 'high', source: 'report@snyk.io', type: 'Secondary' },
        { version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', score: 7.2, severity: 'high', source: 'nvd@nist.gov', type: 'Primary' },
        { version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', score: 7.2, severity: 'high', source: 'osv', type: '' },
      ],
      cvss3_score: 7.2,
      cvss3_severity: 'high',
      cvss2_score: 6.5,
      cvss2_severity: 'medium',
      score: 7.2,
      severity: 'high',
      score_version: '3.1',
      epss: null,
      kev: null,
      distro_cvss: [],
    });
    expect(evaluation.vulnerabilities['CVE-2023-4911']?.kev).toEqual({ date_added: '2023-11-21', due_date: '2023-12-12', ransomware: 'Unknown' });
  });

  it('includes advisories without a CVE and assumes unknown versions latest when asked', async () => {
    const evaluation = await evaluate(identification(COMPONENTS), kb, { includeAdvisoriesWithoutCve: true, assumeUnknownAsLatest: true });
    expect(idsOf(evaluation)).toMatchObject({
      'goyave-5.4.0': ['GO-2024-3293 osv-purl'],
      'netapp-a250': [],
      'netapp-a250-firmware': ['CVE-2022-0778 nvd-cpe'],
      // No version known: matched as not exact.
      'netapp-a250-firmware-unknown': ['CVE-2022-0778? nvd-cpe'],
      'openssl-1.0.2k': ['CVE-2022-0778 nvd-cpe'],
    });
  });

  it('fills a scan result by component uid', async () => {
    const evaluation = await evaluate(identification(COMPONENTS.slice(0, 1)), kb);
    const result = withVulns({ components: [{ uid: 'lodash-4.17.20', vulns: [] } as never], licenses: [], 'docker-images': [] }, evaluation);
    expect(result.components[0]?.vulns.map((v) => v.vuln_id)).toEqual(['CVE-2021-23337']);
  });
});
