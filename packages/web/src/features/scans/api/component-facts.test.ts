import { describe, expect, it } from 'vitest';
import { buildComponent } from '../../../testing/builders.ts';
import { buildTriage } from '../../../testing/triage-builders.ts';
import type { ScanResult } from '../../../lib/api-schemas.ts';
import { factsOf, matchesFilter, policyMap } from './component-facts.ts';

const VULNS: ScanResult['vulnerabilities'] = {
  'CVE-2022-37434': { vuln_id: 'CVE-2022-37434', summary: 'inflate overflow', severity: 'CRITICAL', score: 9.8, score_version: '3.1', epss: { score: 0.12, percentile: 0.95, date: null }, kev: null },
  'CVE-2018-25032': { vuln_id: 'CVE-2018-25032', summary: 'deflate', severity: 'HIGH', score: 7.5, score_version: '3.1', epss: { score: 0.4, percentile: 0.99, date: null }, kev: { date_added: '2023-01-01', due_date: null, ransomware: 'Unknown' } },
  'CVE-2000-0001': { vuln_id: 'CVE-2000-0001', summary: 'old', severity: null, score: null, score_version: null, epss: null, kev: null },
};

const vuln = (id: string) => ({ vuln_id: id, exact: true, triages: [], unresolved_triages: [], matched_by: [] });

describe('component facts', () => {
  const policies = policyMap([
    { name: 'Zlib', expression: 'Zlib', policy: 'PE', components: [], files: [] },
    { name: 'GPL-2.0-only', expression: 'GPL-2.0-only', policy: 'RE', components: [], files: [] },
    { name: 'LicenseRef-x', expression: 'LicenseRef-x', policy: null, components: [], files: [] },
  ]);

  it('takes the worst severity, any KEV, the highest EPSS, the most restrictive licence and the methods in order', () => {
    const zlib = buildComponent({
      license: ['Zlib', 'GPL-2.0-only'],
      vulns: [vuln('CVE-2018-25032'), vuln('CVE-2022-37434')],
      objects: [
        { sha1: 'a', exe_flags: [], matching_methods: ['soname', 'signature'], extended_fullpath: ['fw', 'libz.so'], docker: null },
        { sha1: 'b', exe_flags: [], matching_methods: ['package-metadata'], extended_fullpath: ['fw', 'status'], docker: null },
      ],
    });
    expect(factsOf(zlib, VULNS, policies)).toEqual({ severity: 'critical', policy: 'RE', kev: true, epss: 0.4, methods: ['package-metadata', 'signature', 'soname'], open: 2, triaged: 0 });
  });

  it('leaves out what a triage resolves and counts a re-scored vulnerability at its adjusted severity', () => {
    const zlib = buildComponent({
      vulns: [
        { ...vuln('CVE-2022-37434'), triages: [buildTriage({ vuln_id: 'CVE-2022-37434' })] },
        { ...vuln('CVE-2018-25032'), unresolved_triages: [buildTriage({ vuln_id: 'CVE-2018-25032', adjusted_severity: 'low' }), buildTriage({ vuln_id: 'CVE-2018-25032', rationale: 'CO' })] },
      ],
    });
    expect(factsOf(zlib, VULNS, policies)).toMatchObject({ severity: 'low', kev: true, epss: 0.4, open: 1, triaged: 1 });
    const resolved = buildComponent({ vulns: [{ ...vuln('CVE-2022-37434'), triages: [buildTriage({ vuln_id: 'CVE-2022-37434' })] }] });
    expect(factsOf(resolved, VULNS, policies)).toMatchObject({ severity: null, kev: false, epss: null, open: 0, triaged: 1 });
  });

  it('reads a component without vulnerabilities or licences as no severity and unknown class; an unscored vulnerability as missing', () => {
    expect(factsOf(buildComponent({ license: [], vulns: [] }), VULNS, policies)).toMatchObject({ severity: null, policy: 'unknown', kev: false, epss: null });
    expect(factsOf(buildComponent({ license: ['LicenseRef-x', 'Zlib'], vulns: [vuln('CVE-2000-0001')] }), VULNS, policies)).toMatchObject({ severity: 'missing', policy: 'unknown' });
    expect(factsOf(buildComponent({ license: ['Zlib'] }), VULNS, policies).policy).toBe('PE');
  });

  it('filters by type, class, severity at or above, and text in names, paths and ids', () => {
    const zlib = buildComponent({ lib: 'zlib', vendor: 'zlib', purl: 'pkg:generic/zlib@1.2.13', codetype: 'NA', license: ['Zlib'], vulns: [vuln('CVE-2018-25032')], objects: [] });
    const facts = factsOf(zlib, VULNS, policies);
    expect(matchesFilter(zlib, facts, { q: '' })).toBe(true);
    expect(matchesFilter(zlib, facts, { q: '', type: 'JA' })).toBe(false);
    expect(matchesFilter(zlib, facts, { q: '', policy: 'PE' })).toBe(true);
    expect(matchesFilter(zlib, facts, { q: '', policy: 'RE' })).toBe(false);
    expect(matchesFilter(zlib, facts, { q: '', severity: 'high' })).toBe(true);
    expect(matchesFilter(zlib, facts, { q: '', severity: 'critical' })).toBe(false);
    expect(matchesFilter(zlib, facts, { q: '', severity: 'missing' })).toBe(true);
    expect(matchesFilter(zlib, facts, { q: 'cve-2018' })).toBe(true);
    expect(matchesFilter(zlib, facts, { q: 'ZLIB' })).toBe(true);
    expect(matchesFilter(zlib, facts, { q: 'openssl' })).toBe(false);
    const clean = buildComponent({ vulns: [] });
    expect(matchesFilter(clean, factsOf(clean, VULNS, policies), { q: '', severity: 'missing' })).toBe(false);
  });
});
