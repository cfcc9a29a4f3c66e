// Spec §9 vulnerability matching options (low risk tolerance, historical, CVSS version
// with fallback, prioritise NVD) on knowledge bases imported from real-format feeds.
import type { Component, Identification } from '@binlens/engine/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, type EvaluateOptions, type Evaluation } from '../src/evaluate.ts';
import { importFeed } from '../src/import/import-file.ts';
import { createKnowledgeBase, type KnowledgeBase } from '../src/kb/knowledge-base.ts';
import { DATABASES, fixture, openTestKb, type TestKb } from './knowledge-bases.ts';

function component(id: string, fields: Partial<Component> & Pick<Component, 'name' | 'version' | 'purl'>): Component {
  return { id, codetype: 'NA', vendor: '', cpes: [], licenses: [], evidence: [], ...fields };
}

function identification(components: Component[]): Identification {
  return {
    schemaVersion: 1, input: { name: 'fw.bin', size: 1, sha1: '', sha256: '' }, files: [], components, problems: [],
    startedAt: '2025-05-01T00:00:00Z', finishedAt: '2025-05-01T00:00:01Z',
  };
}

const cpe = (part: string, vendor: string, product: string, version: string): string => `cpe:2.3:${part}:${vendor}:${product}:${version}:*:*:*:*:*:*:*`;
const bookworm = { name: 'debian', release: '12' };
const urllib3 = (version: string): Component => component(`urllib3-${version}`, {
  name: 'urllib3', version, codetype: 'PY', purl: `pkg:pypi/urllib3@${version}`, cpes: [cpe('a', 'python', 'urllib3', version)],
});

const COMPONENTS: Component[] = [
  component('kernel-2.4.1', { name: 'linux', version: '2.4.1', purl: 'pkg:generic/linux@2.4.1', cpes: [cpe('o', 'linux', 'linux_kernel', '2.4.1')] }),
  component('kernel-2.4.20', { name: 'linux', version: '2.4.20', purl: 'pkg:generic/linux@2.4.20', cpes: [cpe('o', 'linux', 'linux_kernel', '2.4.20')] }),
  component('windows-2000', { name: 'windows_2000', version: '5.0', purl: '', cpes: [cpe('o', 'microsoft', 'windows_2000', '5.0')] }),
  component('windows-2000-unknown', { name: 'windows_2000', version: '', purl: '', cpes: [cpe('o', 'microsoft', 'windows_2000', '*')] }),
  urllib3('1.26.16'), urllib3('1.26.18'), urllib3('2.0.5'), urllib3('2.0.6'),
  component('lodash-4.17.21', { name: 'lodash', version: '4.17.21', codetype: 'JS', purl: 'pkg:npm/lodash@4.17.21', cpes: [cpe('a', 'lodash', 'lodash', '4.17.21')] }),
  component('openssl-1.0.1', { name: 'openssl', version: '1.0.1', purl: 'pkg:generic/openssl@1.0.1', cpes: [cpe('a', 'openssl', 'openssl', '1.0.1')] }),
  component('openssl-1.0.2zd', { name: 'openssl', version: '1.0.2zd', purl: 'pkg:generic/openssl@1.0.2zd', cpes: [cpe('a', 'openssl', 'openssl', '1.0.2zd')] }),
  component('openssl-3.0.1', { name: 'openssl', version: '3.0.1', purl: 'pkg:generic/openssl@3.0.1', cpes: [cpe('a', 'openssl', 'openssl', '3.0.1')] }),
  component('openssh-deb12u3', {
    name: 'openssh-server', version: '1:9.2p1-2+deb12u3', codetype: 'DP', distro: bookworm,
    purl: 'pkg:deb/debian/openssh-server@1:9.2p1-2+deb12u3?arch=amd64&distro=debian-12&upstream=openssh',
    cpes: [cpe('a', 'openbsd', 'openssh', '9.2p1')],
  }),
  component('requests-2.31.0', { name: 'requests', version: '2.31.0', codetype: 'PY', purl: 'pkg:pypi/requests@2.31.0' }),
  component('protobuf', { name: 'protobuf', version: '4.25.7', purl: '', cpes: [cpe('a', 'google', 'protobuf-python', '4.25.7')] }),
];

type Listing = Record<string, string[]>;

/** Per component: `id[?] source+source` (? when not exact). */
function listing(vulns: Evaluation['components'] | undefined): Listing {
  return Object.fromEntries(Object.entries(vulns ?? {}).map(([uid, list]) => [uid, list.map((v) => `${v.vuln_id}${v.exact ? '' : '?'} ${v.matched_by.map((m) => m.source).join('+')}`)]));
}

describe.each(DATABASES)('evaluation options on %s', (kind) => {
  let t: TestKb;
  let kb: KnowledgeBase;
  beforeAll(async () => {
    t = await openTestKb(kind);
    kb = createKnowledgeBase(t.db);
    for (const name of ['nvd-page.json', 'nvd-options-page.json', 'osv-ghsa-35jh-r3h4-6jhm.json', 'osv-ghsa-v845-jxx5-vc9f.json', 'osv-array.json', 'osv-go-2023-1864.json', 'debian-tracker.json']) {
      const report = await importFeed(t.db, fixture(name));
      if (report.status !== 'complete') throw new Error(`${name}: ${report.error ?? ''}`);
    }
  });
  afterAll(() => t.dispose());

  const run = (options: EvaluateOptions = {}): Promise<Evaluation> => evaluate(identification(COMPONENTS), kb, options);

  const EXACT: Listing = {
    'kernel-2.4.1': ['CVE-2003-0001 nvd-cpe'],
    'kernel-2.4.20': [],
    'windows-2000': [],
    'windows-2000-unknown': [],
    'urllib3-1.26.16': ['CVE-2023-43804 osv-purl+nvd-cpe'],
    'urllib3-1.26.18': [],
    'urllib3-2.0.5': ['CVE-2023-43804 osv-purl+nvd-cpe'],
    'urllib3-2.0.6': [],
    'lodash-4.17.21': [],
    'openssl-1.0.1': [],
    'openssl-1.0.2zd': [],
    'openssl-3.0.1': ['CVE-2022-0778 nvd-cpe'],
    'openssh-deb12u3': [],
    'requests-2.31.0': [],
    protobuf: ['CVE-2025-4565 nvd-cpe'],
  };

  it('reports only exact matches by default: a CPE claiming every version matches nothing', async () => {
    const evaluation = await run();
    expect(listing(evaluation.components)).toEqual(EXACT);
    expect(evaluation.historical).toBeUndefined();
  });

  it('reports not exact matches with low risk tolerance: every-version claims and unknown versions', async () => {
    const evaluation = await run({ lowRiskTolerance: true });
    expect(listing(evaluation.components)).toEqual({
      ...EXACT,
      'windows-2000': ['CVE-2003-0001? nvd-cpe'],
      'windows-2000-unknown': ['CVE-2003-0001? nvd-cpe'],
    });
    expect(evaluation.components['windows-2000']?.[0]?.matched_by[0]).toMatchObject({
      exact: false, criteria: 'cpe:2.3:o:microsoft:windows_2000:*:*:*:*:*:*:*:*', range: 'all versions', fixed: null,
    });
  });

  it('assumes unknown versions latest without reporting every-version claims on known versions', async () => {
    const evaluation = await run({ assumeUnknownAsLatest: true });
    expect(listing(evaluation.components)).toEqual({ ...EXACT, 'windows-2000-unknown': ['CVE-2003-0001? nvd-cpe'] });
  });

  it('returns vulnerabilities fixed at or below the version found apart, only when asked', async () => {
    const evaluation = await run({ historical: true });
    expect(listing(evaluation.components)).toEqual(EXACT);
    expect(listing(evaluation.historical)).toEqual({
      // Listed for 2.4.1 and 2.4.19 only: both below 2.4.20.
      'kernel-2.4.1': [],
      'kernel-2.4.20': ['CVE-2003-0001 nvd-cpe+nvd-cpe'],
      'windows-2000': [],
      'windows-2000-unknown': [],
      'urllib3-1.26.16': [],
      'urllib3-1.26.18': ['CVE-2023-43804 osv-purl+nvd-cpe'],
      'urllib3-2.0.5': [],
      'urllib3-2.0.6': ['CVE-2023-43804 osv-purl+osv-purl+nvd-cpe+nvd-cpe'],
      'lodash-4.17.21': ['CVE-2021-23337 osv-purl+nvd-cpe'],
      // Below every range: never affected, not history.
      'openssl-1.0.1': [],
      'openssl-1.0.2zd': ['CVE-2022-0778 nvd-cpe'],
      // Still affected by CVE-2022-0778 (3.0.0 to 3.0.2): it is not history, even if 1.0.2zd fixed it.
      'openssl-3.0.1': [],
      // NVD's range holds 9.2p1, but the tracker says bookworm fixed it: only the tracker's fix counts.
      'openssh-deb12u3': ['CVE-2024-6387 distro'],
      // Its ECOSYSTEM range and its versions list.
      'requests-2.31.0': ['CVE-2023-32681 osv-purl+osv-purl'],
      protobuf: [],
    });
    expect(evaluation.historical?.['urllib3-2.0.6']?.[0]?.matched_by.map((m) => [m.range, m.fixed])).toEqual([
      ['introduced 2.0.0, fixed 2.0.6', '2.0.6'],
      ['introduced 0, fixed 1.26.17', '1.26.17'],
      ['< 1.26.17', '1.26.17'],
      ['>= 2.0.0, < 2.0.6', '2.0.6'],
    ]);
    expect(evaluation.vulnerabilities['CVE-2003-0001']).toMatchObject({ score: 5, severity: 'medium', score_version: '2.0' });
  });

  const scores = (evaluation: Evaluation, id: string) => {
    const v = evaluation.vulnerabilities[id];
    return v ? [v.score, v.severity, v.score_version, v.cvss3_score, v.cvss2_score] : null;
  };

  it('scores in the asked CVSS version, falling back to older versions', async () => {
    const v3 = await run();
    expect(scores(v3, 'CVE-2003-0001')).toEqual([5, 'medium', '2.0', null, 5]);
    expect(scores(v3, 'CVE-2025-4565')).toEqual([null, null, null, null, null]);
    expect(scores(v3, 'CVE-2022-0778')).toEqual([7.5, 'high', '3.1', 7.5, 5]);
    const v3Only = await run({ cvssFallback: false });
    expect(scores(v3Only, 'CVE-2003-0001')).toEqual([null, null, null, null, 5]);
    const v4 = await run({ cvssVersion: 4 });
    expect(scores(v4, 'CVE-2025-4565')).toEqual([8.2, 'high', '4.0', null, null]);
    expect(scores(v4, 'CVE-2022-0778')).toEqual([7.5, 'high', '3.1', 7.5, 5]);
    expect(scores(v4, 'CVE-2003-0001')).toEqual([5, 'medium', '2.0', null, 5]);
    const v2 = await run({ cvssVersion: 2 });
    expect(scores(v2, 'CVE-2022-0778')).toEqual([5, 'medium', '2.0', 7.5, 5]);
    expect(scores(v2, 'CVE-2025-4565')).toEqual([null, null, null, null, null]);
  });

  it('takes the advisory score unless NVD is prioritised', async () => {
    // GHSA-v845-jxx5-vc9f rates CVE-2023-43804 5.9; NVD's own analysis 8.1.
    expect(scores(await run(), 'CVE-2023-43804')).toEqual([5.9, 'medium', '3.1', 5.9, null]);
    expect(scores(await run({ prioritiseNvd: true }), 'CVE-2023-43804')).toEqual([8.1, 'high', '3.1', 8.1, null]);
  });

  it('gives each component the nearest version fixing every known vulnerability and the latest known', async () => {
    const { upgrade } = await run();
    const table = Object.fromEntries(Object.entries(upgrade).map(([uid, u]) => [uid, [u.nearest_fix, u.latest_known]]));
    expect(table).toEqual({
      // Only exact versions are known to be affected: no fix is named.
      'kernel-2.4.1': [null, '2.4.19'],
      'kernel-2.4.20': [null, '2.4.19'],
      // A criteria without any version says nothing about versions.
      'windows-2000': [null, null],
      'windows-2000-unknown': [null, null],
      'urllib3-1.26.16': ['1.26.17', '2.0.6'],
      'urllib3-1.26.18': [null, '2.0.6'],
      'urllib3-2.0.5': ['2.0.6', '2.0.6'],
      'urllib3-2.0.6': [null, '2.0.6'],
      'lodash-4.17.21': [null, '4.17.21'],
      'openssl-1.0.1': [null, '3.0.2'],
      'openssl-1.0.2zd': [null, '3.0.2'],
      'openssl-3.0.1': ['3.0.2', '3.0.2'],
      // A distro package: the tracker's versions, not upstream's.
      'openssh-deb12u3': [null, '1:9.2p1-2+deb12u3'],
      'requests-2.31.0': [null, '2.31.0'],
      protobuf: ['4.25.8', '5.29.5'],
    });
  });

  it('leaves withdrawn records out of upgrade guidance', async () => {
    // GO-2022-0617 (withdrawn) claimed every k8s.io/kubernetes version; GO-2023-1864 is fixed in 1.27.2.
    const kubernetes = component('kubernetes-1.27.1', { name: 'kubernetes', version: '1.27.1', codetype: 'GO', purl: 'pkg:golang/k8s.io/kubernetes@1.27.1' });
    const evaluation = await evaluate(identification([kubernetes]), kb);
    expect(listing(evaluation.components)).toEqual({ 'kubernetes-1.27.1': ['CVE-2023-2431 osv-purl'] });
    expect(evaluation.upgrade).toEqual({ 'kubernetes-1.27.1': { nearest_fix: '1.27.2', latest_known: '1.27.2' } });
  });
});
