import { describe, expect, it } from 'vitest';
import { splitStatusNotes, writeOpenVex } from './openvex.ts';
import { readOpenVex } from './read-openvex.ts';
import { EXPORT, LODASH, OPENSSL } from './test-documents.ts';

const product = (purl: string) => ({ '@id': purl, identifiers: { purl } });
const nvd = (id: string) => ({ '@id': `https://nvd.nist.gov/vuln/detail/${id}`, name: id });
const TIMESTAMP = '2026-02-02T11:00:00.000Z';

/** The OpenVEX 0.2.0 schema's rules on statements (openvex_json_schema.json). */
const STATEMENT_FIELDS = ['@id', 'version', 'vulnerability', 'timestamp', 'last_updated', 'products', 'status', 'supplier', 'status_notes',
  'justification', 'impact_statement', 'action_statement', 'action_statement_timestamp'];
function schemaProblems(statement: Record<string, unknown>): string[] {
  const problems = Object.keys(statement).filter((key) => !STATEMENT_FIELDS.includes(key)).map((key) => `field ${key}`);
  if (statement.status === 'not_affected' && ('justification' in statement) === ('impact_statement' in statement)) problems.push('not_affected needs one of justification, impact_statement');
  if (statement.status === 'affected' && !('action_statement' in statement)) problems.push('affected needs an action_statement');
  return problems;
}

describe('OpenVEX writer', () => {
  it('writes each triage as a statement on the components it holds for, the Binlens facts in its status notes', () => {
    expect(JSON.parse(writeOpenVex(EXPORT))).toEqual({
      '@context': 'https://openvex.dev/ns/v0.2.0',
      '@id': 'urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79',
      author: 'alice@example.com',
      timestamp: '2026-03-04T05:06:07.000Z',
      version: 1,
      tooling: 'binlens',
      statements: [
        {
          vulnerability: nvd('CVE-2021-23337'),
          timestamp: TIMESTAMP,
          products: [product(LODASH.purl)],
          status: 'not_affected',
          justification: 'vulnerable_code_not_present',
          status_notes: 'template() is never called.\n\nbinlens: {"rationale":"NA","triage":11,"scope":"R","scan_id":7,"result_scope":7,"component_name":"lodash"}',
        },
        {
          vulnerability: nvd('CVE-2023-5678'),
          timestamp: TIMESTAMP,
          products: [product(OPENSSL.purl)],
          status: 'fixed',
          status_notes: 'Debian backported the fix.\n\nbinlens: {"rationale":"VP","triage":12,"scope":"G","scan_id":7,"group_scope":2,"component_name":"openssl","version_range":">=3.0.11-1~deb12u1 <3.0.14"}',
        },
        {
          vulnerability: { '@id': 'https://github.com/advisories/GHSA-35jh-r3h4-6jhm', name: 'GHSA-35jh-r3h4-6jhm' },
          timestamp: TIMESTAMP,
          products: [product(LODASH.purl)],
          status: 'affected',
          action_statement: 'Counts as medium severity (CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H/MAV:L). Only reachable from the console.',
          status_notes: 'Only reachable from the console.\n\nbinlens: {"rationale":"MI","triage":13,"scope":"CA","scan_id":7,"component_name":"lodash",'
            + '"adjusted_severity":"medium","environmental_vector":"CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H/MAV:L"}',
        },
        {
          vulnerability: nvd('CVE-2020-8203'),
          timestamp: TIMESTAMP,
          products: [product(LODASH.purl)],
          status: 'affected',
          action_statement: 'Counts as low severity.',
          status_notes: 'binlens: {"rationale":"WF","triage":14,"scope":"FN","scan_id":7,"application_name":"router.bin","component_name":"lodash","adjusted_severity":"low"}',
        },
        {
          vulnerability: nvd('CVE-2021-23337'),
          timestamp: TIMESTAMP,
          products: [product(LODASH.purl)],
          status: 'under_investigation',
          status_notes: 'Asked the vendor.\n\nbinlens: {"rationale":"CO","triage":15,"scope":"FH","scan_id":7,"triaged_obj":"0123456789abcdef0123456789abcdef01234567","component_name":"lodash"}',
        },
      ],
    });
  });

  it('says each rationale as OpenVEX does, within the schema: a justification or an impact statement when not affected, an action when affected', () => {
    const [first] = EXPORT.entries;
    if (!first) throw new Error('no entry');
    const said = (['VP', 'PA', 'FD', 'NA', 'MI', 'FP', 'OT', 'WF', 'IG', 'CO'] as const).map((rationale) => {
      const text = writeOpenVex({ ...EXPORT, entries: [{ ...first, triage: { ...first.triage, rationale, description: '' } }] });
      const [statement] = (JSON.parse(text) as { statements: Record<string, unknown>[] }).statements;
      if (!statement) throw new Error('no statement');
      expect(schemaProblems(statement)).toEqual([]);
      return [rationale, statement.status, statement.justification ?? statement.impact_statement ?? statement.action_statement ?? null];
    });
    expect(said).toEqual([
      ['VP', 'fixed', null],
      ['PA', 'fixed', null],
      ['FD', 'not_affected', 'vulnerable_code_not_in_execute_path'],
      ['NA', 'not_affected', 'vulnerable_code_not_present'],
      ['MI', 'not_affected', 'inline_mitigations_already_exist'],
      ['FP', 'not_affected', 'component_not_present'],
      ['OT', 'not_affected', 'Not affected.'],
      ['WF', 'affected', 'Will not fix.'],
      ['IG', 'affected', 'Ignored: the risk is accepted.'],
      ['CO', 'under_investigation', null],
    ]);
  });

  it('reads back what it wrote: the same vulnerabilities, products, rationales, descriptions and facts', () => {
    const statements = readOpenVex(JSON.parse(writeOpenVex(EXPORT)) as Record<string, unknown>);
    expect(statements.map((s) => [s.number, s.vulnId, s.products.map((p) => p.purl), s.rationale, s.description])).toEqual([
      [1, 'CVE-2021-23337', [LODASH.purl], 'NA', 'template() is never called.'],
      [2, 'CVE-2023-5678', [OPENSSL.purl], 'VP', 'Debian backported the fix.'],
      [3, 'GHSA-35jh-r3h4-6jhm', [LODASH.purl], 'MI', 'Only reachable from the console.'],
      [4, 'CVE-2020-8203', [LODASH.purl], 'WF', ''],
      [5, 'CVE-2021-23337', [LODASH.purl], 'CO', 'Asked the vendor.'],
    ]);
    expect(statements[3]?.binlens).toEqual({ rationale: 'WF', triage: 14, scope: 'FN', scan_id: 7, application_name: 'router.bin', component_name: 'lodash', adjusted_severity: 'low' });
  });

  it('splits status notes into the description and the facts only when the facts are its own last line', () => {
    expect(splitStatusNotes('binlens: {"rationale":"NA"}')).toEqual({ description: '', facts: { rationale: 'NA' } });
    expect(splitStatusNotes('Two\n\nparagraphs.\n\nbinlens: {"rationale":"FP"}')).toEqual({ description: 'Two\n\nparagraphs.', facts: { rationale: 'FP' } });
    expect(splitStatusNotes('Someone else mentions binlens: {"a":1} in passing')).toEqual({ description: 'Someone else mentions binlens: {"a":1} in passing', facts: null });
    expect(splitStatusNotes('Broken\n\nbinlens: {"rationale":')).toEqual({ description: 'Broken\n\nbinlens: {"rationale":', facts: null });
  });
});
