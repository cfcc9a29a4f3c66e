import { describe, expect, it } from 'vitest';
import { type FailOnComponent, failOnSummary, failOnVerdict, parseSeverity } from './fail-on.ts';

const SEVERITY: Record<string, string | null> = { 'CVE-2024-1': 'CRITICAL', 'CVE-2024-2': 'HIGH', 'CVE-2024-3': 'MEDIUM', 'CVE-2024-10': 'LOW', 'CVE-2024-4': null };
const severityOf = (id: string) => SEVERITY[id] ?? null;
const open = (vuln_id: string, unresolved_triages: unknown[] = []) => ({ vuln_id, triages: [], unresolved_triages });
const triaged = (vuln_id: string) => ({ vuln_id, triages: [{ rationale: 'FP' }], unresolved_triages: [] });

describe('failOnVerdict', () => {
  it('lists each open vulnerability at or above the threshold once, most severe first, with its components', () => {
    const components: FailOnComponent[] = [
      { lib: 'zlib', version: '1.2.13', vulns: [open('CVE-2024-3'), open('CVE-2024-1')] },
      { lib: 'busybox', version: '', vulns: [open('CVE-2024-1'), open('CVE-2024-10'), open('CVE-2024-4')] },
    ];
    expect(failOnVerdict(components, severityOf, 'medium')).toEqual({
      threshold: 'medium',
      failing: [
        { vulnId: 'CVE-2024-1', severity: 'critical', components: ['zlib 1.2.13', 'busybox'] },
        { vulnId: 'CVE-2024-3', severity: 'medium', components: ['zlib 1.2.13'] },
      ],
      resolved: 0,
    });
    // An unscored vulnerability never fails the build, even at the lowest threshold.
    expect(failOnVerdict(components, severityOf, 'low').failing.map((f) => f.vulnId)).toEqual(['CVE-2024-1', 'CVE-2024-3', 'CVE-2024-10']);
  });

  it('leaves out what a triage resolved; open in another component, it still counts', () => {
    const everywhere: FailOnComponent[] = [{ lib: 'a', version: '1', vulns: [triaged('CVE-2024-2')] }, { lib: 'b', version: '1', vulns: [triaged('CVE-2024-2')] }];
    expect(failOnVerdict(everywhere, severityOf, 'high')).toEqual({ threshold: 'high', failing: [], resolved: 1 });
    const once: FailOnComponent[] = [{ lib: 'a', version: '1', vulns: [triaged('CVE-2024-2')] }, { lib: 'b', version: '1', vulns: [open('CVE-2024-2')] }];
    expect(failOnVerdict(once, severityOf, 'high')).toEqual({ threshold: 'high', failing: [{ vulnId: 'CVE-2024-2', severity: 'high', components: ['b 1'] }], resolved: 0 });
  });

  it('counts a re-scored vulnerability at its adjusted severity, the highest where components differ', () => {
    const lowered: FailOnComponent[] = [{ lib: 'a', version: '1', vulns: [open('CVE-2024-1', [{ adjusted_severity: 'low' }])] }];
    expect(failOnVerdict(lowered, severityOf, 'high').failing).toEqual([]);
    const raised: FailOnComponent[] = [
      { lib: 'a', version: '1', vulns: [open('CVE-2024-10', [{ adjusted_severity: 'medium' }, { rationale: 'CO', adjusted_severity: null }])] },
      { lib: 'b', version: '2', vulns: [open('CVE-2024-10', [{ adjusted_severity: 'high' }])] },
    ];
    expect(failOnVerdict(raised, severityOf, 'high').failing).toEqual([{ vulnId: 'CVE-2024-10', severity: 'high', components: ['a 1', 'b 2'] }]);
  });

  it('reads severities in any case, and says the verdict in one line', () => {
    expect([parseSeverity('High'), parseSeverity('MODERATE'), parseSeverity(null)]).toEqual(['high', null, null]);
    const failing = failOnVerdict([{ lib: 'a', version: '1', vulns: [open('CVE-2024-2')] }], severityOf, 'high');
    expect(failOnSummary(failing)).toBe('Fails: 1 vulnerability at or above high: CVE-2024-2 high (a 1)');
    expect(failOnSummary({ threshold: 'critical', failing: [], resolved: 0 })).toBe('Passes: no open vulnerability at or above critical');
  });
});
