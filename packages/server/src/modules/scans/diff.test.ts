import type { EvaluatedVuln, VulnerabilitySummary } from '@binlens/vulndb';
import { describe, expect, it } from 'vitest';
import { type DiffInputComponent, type DiffSide, diffScans } from './diff.ts';

const component = (name: string, version: string, fields: Partial<DiffInputComponent> = {}): DiffInputComponent => ({
  id: `${fields.codetype ?? 'JS'}:${fields.vendor ?? ''}:${name}@${version}`,
  name,
  version,
  codetype: 'JS',
  vendor: '',
  purl: `pkg:npm/${name}@${version}`,
  licenses: [],
  ...fields,
});

const vuln = (vuln_id: string): EvaluatedVuln => ({ vuln_id, exact: true, triages: [], unresolved_triages: [], matched_by: [] });

const summary = (vuln_id: string, fields: Partial<VulnerabilitySummary> = {}): VulnerabilitySummary => ({
  vuln_id,
  aliases: [],
  summary: '',
  cwes: [],
  cvss: [],
  cvss3_score: null,
  cvss3_severity: null,
  cvss2_score: null,
  cvss2_severity: null,
  score: null,
  severity: null,
  score_version: null,
  epss: null,
  kev: null,
  distro_cvss: [],
  ...fields,
});

function side(components: DiffInputComponent[], vulns: Record<string, string[]> = {}, summaries: VulnerabilitySummary[] = [], executables: DiffSide['executables'] = []): DiffSide {
  return {
    inputName: 'firmware.tar',
    components,
    evaluation: {
      components: Object.fromEntries(Object.entries(vulns).map(([id, ids]) => [id, ids.map(vuln)])),
      vulnerabilities: Object.fromEntries(summaries.map((s) => [s.vuln_id, s])),
    },
    executables,
  };
}

const LODASH_OLD = component('lodash', '4.17.20', { licenses: ['MIT'] });
const LODASH_NEW = component('lodash', '4.17.21', { licenses: ['MIT'] });
const CVE_LODASH = summary('CVE-2021-23337', {
  cvss3_score: 7.2, cvss3_severity: 'HIGH', epss: { score: 0.5, percentile: 0.99, date: '2026-09-29' }, kev: { date_added: '2024-01-02', due_date: null, ransomware: 'Unknown' },
});
const CVE_URLLIB3 = summary('CVE-2023-43804', { cvss3_score: 5.9, cvss3_severity: 'MEDIUM' });
const CVE_OLD = summary('CVE-2003-0001', { cvss2_score: 5, cvss2_severity: 'MEDIUM' });
const CVE_UNSCORED = summary('CVE-2099-12345');

describe('diffScans', () => {
  it('pairs a component found in another version as changed, and lists what came and went', () => {
    const base = side([LODASH_OLD, component('left-pad', '1.3.0', { licenses: ['WTFPL'] }), component('zlib', '1.2.13', { codetype: 'NA', vendor: 'zlib' })]);
    const target = side([LODASH_NEW, component('urllib3', '2.0.5', { codetype: 'PY', purl: 'pkg:pypi/urllib3@2.0.5', licenses: ['MIT'] }), component('zlib', '1.2.13', { codetype: 'NA', vendor: 'zlib' })]);
    const diff = diffScans(base, target);
    expect(diff.components).toEqual({
      added: [{ codetype: 'PY', vendor: '', name: 'urllib3', version: '2.0.5', purl: 'pkg:pypi/urllib3@2.0.5', licenses: ['MIT'], vulnerabilities: 0 }],
      removed: [{ codetype: 'JS', vendor: '', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0', licenses: ['WTFPL'], vulnerabilities: 0 }],
      changed: [{
        codetype: 'JS', vendor: '', name: 'lodash', base_version: '4.17.20', target_version: '4.17.21', purl: 'pkg:npm/lodash@4.17.21', base_vulnerabilities: 0, target_vulnerabilities: 0,
      }],
    });
    expect(diff.summary.components).toEqual({ added: 1, removed: 1, changed: 1, unchanged: 1 });
    expect(diff.licenses).toEqual({ added: [], removed: [{ name: 'WTFPL', components: ['left-pad'] }] });
    expect(diff.summary.licenses).toEqual({ added: 0, removed: 1 });
  });

  it('tells components apart by codetype and vendor, not by name alone', () => {
    const diff = diffScans(side([component('json', '2.0', { codetype: 'RB' })]), side([component('json', '2.1', { codetype: 'PY' })]));
    expect(diff.summary.components).toEqual({ added: 1, removed: 1, changed: 0, unchanged: 0 });
    expect([diff.components.added[0]?.codetype, diff.components.removed[0]?.codetype]).toEqual(['PY', 'RB']);
  });

  it('pairs several versions of one component in version order and leaves the rest added or removed', () => {
    const base = side([component('openssl', '1.1.1w'), component('openssl', '3.0.9'), component('openssl', '1.0.2u')]);
    const target = side([component('openssl', '3.0.9'), component('openssl', '3.0.13'), component('openssl', '3.1.10'), component('openssl', '3.2.0')]);
    const diff = diffScans(base, target);
    expect(diff.components.changed.map((c) => [c.base_version, c.target_version])).toEqual([['1.0.2u', '3.0.13'], ['1.1.1w', '3.1.10']]);
    expect(diff.components.added.map((c) => c.version)).toEqual(['3.2.0']);
    expect(diff.components.removed).toEqual([]);
    expect(diff.summary.components).toEqual({ added: 1, removed: 0, changed: 2, unchanged: 1 });
  });

  it('counts one component found twice in one version (two distros) once, with both its licences', () => {
    const diff = diffScans(
      side([]),
      side([component('zlib1g', '1.2.13', { id: 'a', codetype: 'DP', licenses: ['Zlib'] }), component('zlib1g', '1.2.13', { id: 'b', codetype: 'DP', licenses: ['Zlib', 'MIT'] })], { a: ['CVE-2023-45853'], b: ['CVE-2023-45853'] }),
    );
    expect(diff.components.added.map((c) => [c.name, c.licenses, c.vulnerabilities])).toEqual([['zlib1g', ['MIT', 'Zlib'], 1]]);
    expect(diff.licenses.added).toEqual([{ name: 'MIT', components: ['zlib1g'] }, { name: 'Zlib', components: ['zlib1g'] }]);
  });

  it('lists vulnerabilities new in the target and fixed since the base, worst first, with their scores and components', () => {
    const urllib3 = component('urllib3', '2.0.5', { codetype: 'PY' });
    const kernel = component('linux', '2.4.0', { codetype: 'NA' });
    const base = side([LODASH_OLD, kernel], { [LODASH_OLD.id]: ['CVE-2021-23337', 'CVE-2099-12345'], [kernel.id]: ['CVE-2003-0001'] }, [CVE_LODASH, CVE_UNSCORED, CVE_OLD]);
    const target = side([LODASH_NEW, urllib3, kernel], { [urllib3.id]: ['CVE-2023-43804'], [kernel.id]: ['CVE-2003-0001'] }, [CVE_URLLIB3, CVE_OLD]);
    const diff = diffScans(base, target);
    expect(diff.vulnerabilities).toEqual({
      new: [{ vuln_id: 'CVE-2023-43804', severity: 'medium', score: 5.9, epss: null, kev: null, components: [{ name: 'urllib3', version: '2.0.5' }] }],
      fixed: [
        {
          vuln_id: 'CVE-2021-23337', severity: 'high', score: 7.2, epss: { score: 0.5, percentile: 0.99, date: '2026-09-29' },
          kev: { date_added: '2024-01-02', due_date: null, ransomware: 'Unknown' }, components: [{ name: 'lodash', version: '4.17.20' }],
        },
        { vuln_id: 'CVE-2099-12345', severity: 'missing', score: null, epss: null, kev: null, components: [{ name: 'lodash', version: '4.17.20' }] },
      ],
    });
    expect(diff.summary.vulnerabilities).toEqual({
      new: { critical: 0, high: 0, medium: 1, low: 0, missing: 0 },
      fixed: { critical: 0, high: 1, medium: 0, low: 0, missing: 1 },
    });
    expect(diff.components.changed.map((c) => [c.name, c.base_vulnerabilities, c.target_vulnerabilities])).toEqual([['lodash', 2, 0]]);
  });

  it('names each component a vulnerability came with once, and v2 severity when v3 is missing', () => {
    const a = component('busybox', '1.30.0', { codetype: 'NA' });
    const b = component('busybox', '1.30.0', { id: 'copy', codetype: 'NA' });
    const c = component('aaa-tool', '0.1', { codetype: 'NA' });
    const diff = diffScans(side([]), side([a, b, c], { [a.id]: ['CVE-2003-0001'], copy: ['CVE-2003-0001'], [c.id]: ['CVE-2003-0001'] }, [CVE_OLD]));
    expect(diff.vulnerabilities.new).toEqual([{
      vuln_id: 'CVE-2003-0001', severity: 'medium', score: 5, epss: null, kev: null,
      components: [{ name: 'aaa-tool', version: '0.1' }, { name: 'busybox', version: '1.30.0' }],
    }]);
  });

  it('compares executables at the same path: mitigations lost are regressions, mitigations gained improvements', () => {
    const base = side([], {}, [], [
      { path: ['usr/bin/agent'], missing: [] },
      { path: ['usr/bin/legacy'], missing: ['no-pie', 'no-canary'] },
      { path: ['usr/bin/same'], missing: ['no-fortify'] },
      { path: ['usr/bin/gone'], missing: [] },
    ]);
    const target = side([], {}, [], [
      { path: ['usr/bin/agent'], missing: ['no-pie', 'execstack'] },
      { path: ['usr/bin/legacy'], missing: ['no-canary', 'partial-relro'] },
      { path: ['usr/bin/same'], missing: ['no-fortify'] },
      { path: ['usr/bin/new'], missing: ['no-pie'] },
      { path: ['usr/lib/libnew.so'], missing: [] },
    ]);
    const diff = diffScans(base, target);
    expect(diff.hardening).toEqual([
      { path: ['usr/bin/agent'], regressions: ['no-pie', 'execstack'], improvements: [] },
      { path: ['usr/bin/legacy'], regressions: ['partial-relro'], improvements: ['no-pie'] },
    ]);
    expect(diff.summary.executables).toEqual({ compared: 3, added: 2, removed: 1, regressed: 2, improved: 1 });
  });

  it('lists improvements alone after every regression, by path', () => {
    const base = side([], {}, [], [{ path: ['a'], missing: ['no-pie'] }, { path: ['z'], missing: [] }]);
    const target = side([], {}, [], [{ path: ['a'], missing: [] }, { path: ['z'], missing: ['no-relro'] }]);
    expect(diffScans(base, target).hardening.map((change) => change.path)).toEqual([['z'], ['a']]);
  });

  it('compares an executable uploaded alone with the one of the other upload, whatever each was named', () => {
    const base = { ...side([], {}, [], [{ path: ['agent-1.0'], missing: [] }]), inputName: 'agent-1.0' };
    const target = { ...side([], {}, [], [{ path: ['agent-1.1'], missing: ['no-canary'] }]), inputName: 'agent-1.1' };
    const diff = diffScans(base, target);
    expect(diff.hardening).toEqual([{ path: ['agent-1.1'], regressions: ['no-canary'], improvements: [] }]);
    expect(diff.summary.executables).toEqual({ compared: 1, added: 0, removed: 0, regressed: 1, improved: 0 });
  });

  it('finds nothing between a scan and its copy', () => {
    const scan = side([LODASH_OLD], { [LODASH_OLD.id]: ['CVE-2021-23337'] }, [CVE_LODASH], [{ path: ['bin/x'], missing: ['no-pie'] }]);
    expect(diffScans(scan, scan)).toEqual({
      summary: {
        components: { added: 0, removed: 0, changed: 0, unchanged: 1 },
        vulnerabilities: { new: { critical: 0, high: 0, medium: 0, low: 0, missing: 0 }, fixed: { critical: 0, high: 0, medium: 0, low: 0, missing: 0 } },
        licenses: { added: 0, removed: 0 },
        executables: { compared: 1, added: 0, removed: 0, regressed: 0, improved: 0 },
      },
      components: { added: [], removed: [], changed: [] },
      vulnerabilities: { new: [], fixed: [] },
      licenses: { added: [], removed: [] },
      hardening: [],
    });
  });
});
