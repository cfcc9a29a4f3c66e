// toSarif within GitHub code scanning's upload limits, on an evaluation made up for the
// purpose (the knowledge base and the schema are exercised in commands/scan-ci.test.ts: the
// schema's uniqueItems make checking 25,000 rules quadratic).
import { IDENTIFICATION_SCHEMA_VERSION, type Identification, toScanResult } from '@binlens/engine';
import { type EvaluatedVuln, type Evaluation, type VulnerabilitySummary, withVulns } from '@binlens/vulndb';
import { describe, expect, it } from 'vitest';
import { SARIF_LIMITS, toSarif } from './sarif.ts';

function summary(id: string, severity: string, score: number, fields: Partial<VulnerabilitySummary> = {}): VulnerabilitySummary {
  return {
    vuln_id: id, aliases: [], summary: `Summary of ${id}`, cwes: [], cvss: [], cvss3_score: score, cvss3_severity: severity, cvss2_score: null, cvss2_severity: null,
    score, severity, score_version: '3.1', epss: null, kev: null, distro_cvss: [], ...fields,
  };
}

function vuln(id: string): EvaluatedVuln {
  return { vuln_id: id, exact: true, triages: [], unresolved_triages: [], matched_by: [{ source: 'osv-purl', record: id, exact: true, criteria: 'x', range: 'introduced 0', fixed: null }] };
}

const COPIES = 150;
const MANY = SARIF_LIMITS.results + 1;

/** `router` found in 150 files with one critical vulnerability (a long summary, 12 CWEs); `libx` with 25,001 vulnerabilities, all low but one high. */
function madeUp(): { identification: Identification; evaluation: Evaluation } {
  const component = (name: string, paths: string[][]) => ({
    id: `C:${name}`, name, version: '1.0', codetype: 'C' as const, vendor: '', purl: `pkg:generic/${name}@1.0`, cpes: [], licenses: [],
    evidence: paths.map((path) => ({ method: 'signature' as const, foundBy: 'test', path })),
  });
  const identification = {
    schemaVersion: IDENTIFICATION_SCHEMA_VERSION,
    input: { name: 'firmware.bin', size: 1, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64) },
    files: [],
    components: [
      component('router', Array.from({ length: COPIES }, (_, i) => [`rootfs.squashfs`, `usr/lib/copy-${String(i).padStart(3, '0')}.so`])),
      component('libx', [['rootfs.squashfs', 'usr/lib/libx.so']]),
    ],
    problems: [],
    startedAt: '2024-01-01T00:00:00.000Z',
    finishedAt: '2024-01-01T00:00:01.000Z',
  } as unknown as Identification;
  const manyIds = Array.from({ length: MANY }, (_, i) => `CVE-2000-${String(i + 1000)}`);
  const vulnerabilities: Record<string, VulnerabilitySummary> = {
    'CVE-2024-0001': summary('CVE-2024-0001', 'CRITICAL', 9.8, { summary: 'x'.repeat(5000), cwes: Array.from({ length: 12 }, (_, i) => `CWE-${i + 1}`) }),
  };
  for (const id of manyIds) vulnerabilities[id] = summary(id, id === 'CVE-2000-26000' ? 'HIGH' : 'LOW', id === 'CVE-2000-26000' ? 7.5 : 2.0);
  const evaluation: Evaluation = {
    components: { 'C:router': [vuln('CVE-2024-0001')], 'C:libx': manyIds.map(vuln) },
    upgrade: {},
    vulnerabilities,
  };
  return { identification, evaluation };
}

describe('toSarif within GitHub\'s limits', () => {
  const { identification, evaluation } = madeUp();
  const log = toSarif(identification, withVulns(toScanResult(identification), evaluation), evaluation, { knowledgeBase: { state: 'ready', updated: null } }) as {
    runs: {
      tool: { driver: { rules: { id: string; shortDescription: { text: string }; fullDescription: { text: string }; properties: { tags: string[] } }[] } };
      results: { ruleId: string; message: { text: string }; locations: unknown[] }[];
      invocations: { toolExecutionNotifications: { level: string; message: { text: string } }[] }[];
    }[];
  };
  const run = log.runs[0];
  if (!run) throw new Error('no run');

  it('keeps the 25,000 most severe results and says how many were left out', () => {
    expect(run.results.length).toBe(SARIF_LIMITS.results);
    expect(run.tool.driver.rules.length).toBe(SARIF_LIMITS.results);
    const kept = new Set(run.results.map((r) => r.ruleId));
    expect([kept.has('CVE-2024-0001'), kept.has('CVE-2000-26000'), kept.has('CVE-2000-1000'), kept.has('CVE-2000-25999')]).toEqual([true, true, true, false]);
    expect(run.invocations[0]?.toolExecutionNotifications).toEqual([
      { level: 'warning', message: { text: `2 of ${MANY + 1} results were left out (the least severe): GitHub accepts at most 25000 per run.` } },
    ]);
  });

  it('gives a result 100 locations at most, 10 tags to a rule and 1,024 characters to a text', () => {
    const critical = run.results.find((r) => r.ruleId === 'CVE-2024-0001');
    expect(critical?.locations.length).toBe(SARIF_LIMITS.locations);
    expect(critical?.message.text.length).toBe(SARIF_LIMITS.text);
    expect(critical?.message.text.startsWith('router 1.0 has CVE-2024-0001 (critical, CVSS 9.8): xxx')).toBe(true);
    expect(critical?.message.text.endsWith('x…')).toBe(true);
    const rule = run.tool.driver.rules.find((r) => r.id === 'CVE-2024-0001');
    expect([rule?.shortDescription.text.length, rule?.fullDescription.text.length]).toEqual([SARIF_LIMITS.text, SARIF_LIMITS.text]);
    expect(rule?.properties.tags).toEqual([
      'security', 'vulnerability', 'critical', 'external/cwe/cwe-1', 'external/cwe/cwe-2', 'external/cwe/cwe-3',
      'external/cwe/cwe-4', 'external/cwe/cwe-5', 'external/cwe/cwe-6', 'external/cwe/cwe-7',
    ]);
  });

  it('names the other files in the message when a component was found in several', () => {
    const { identification: id2, evaluation: ev2 } = madeUp();
    const longSummary = { ...ev2, vulnerabilities: { ...ev2.vulnerabilities, 'CVE-2024-0001': summary('CVE-2024-0001', 'CRITICAL', 9.8) } };
    const small = toSarif(id2, withVulns(toScanResult(id2), longSummary), longSummary, { knowledgeBase: { state: 'ready', updated: null } }) as typeof log;
    expect(small.runs[0]?.results.find((r) => r.ruleId === 'CVE-2024-0001')?.message.text).toBe(
      'router 1.0 has CVE-2024-0001 (critical, CVSS 9.8): Summary of CVE-2024-0001. No fixed version is known. Found in firmware.bin > rootfs.squashfs > usr/lib/copy-000.so and 149 more files.',
    );
  });
});
