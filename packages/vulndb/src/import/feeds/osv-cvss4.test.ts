import { describe, expect, it } from 'vitest';
import { parseOsvRecord } from './osv.ts';

// OSV gives CVSS v4.0 as a vector only; the importer stores the score computed from it.
// Record: RUSTSEC-2025-0149 (below, CVE-2025-27591), trimmed.
describe('OSV CVSS_V4 severity', () => {
  it('is stored with its computed base score and severity', () => {
    const item = parseOsvRecord({
      id: 'RUSTSEC-2025-0149',
      modified: '2026-02-08T07:26:28Z',
      aliases: ['CVE-2025-27591', 'GHSA-9mc5-7qhg-fp3w'],
      severity: [{ type: 'CVSS_V4', score: 'CVSS:4.0/AV:L/AC:L/AT:P/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N' }],
      affected: [{ package: { ecosystem: 'crates.io', name: 'below' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0.0.0-0' }, { fixed: '0.9.0' }] }] }],
    });
    expect('rows' in item && item.rows.records?.[0]?.cvss).toEqual([
      { version: '4.0', vector: 'CVSS:4.0/AV:L/AC:L/AT:P/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', score: 7.3, severity: 'high', source: 'osv', type: '' },
    ]);
  });
});
