import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { readVexDocument } from './detect.ts';
import { readCsaf } from './read-csaf.ts';

const CURL_7 = 'pkg:generic/curl@7.81.0';
const CURL_8 = 'pkg:generic/curl@8.4.0';
const LODASH = 'pkg:npm/lodash@4.17.20';
const purl = (text: string, version: string) => ({ purl: text, name: null, version, label: text });

/**
 * A CSAF 2.0 VEX in the profile's shape: a product tree of vendor → product → version branches
 * with purls, a full product name, relationships ("curl as a component of Router 2.1"), a
 * product group; per vulnerability its product status, flags, threats and remediations.
 */
const CSAF = {
  document: {
    category: 'csaf_vex',
    csaf_version: '2.0',
    publisher: { category: 'vendor', name: 'Example Vendor', namespace: 'https://example.com' },
    title: 'Router 2.1: curl and lodash',
    tracking: {
      id: 'EX-VEX-2026-001', status: 'final', version: '1',
      initial_release_date: '2026-01-10T09:00:00Z', current_release_date: '2026-01-10T09:00:00Z',
      revision_history: [{ date: '2026-01-10T09:00:00Z', number: '1', summary: 'First version.' }],
    },
  },
  product_tree: {
    branches: [{
      category: 'vendor', name: 'Example Vendor', branches: [
        {
          category: 'product_name', name: 'Router', branches: [
            { category: 'product_version', name: '2.1', product: { product_id: 'ROUTER-2.1', name: 'Router 2.1', product_identification_helper: { cpe: 'cpe:2.3:h:example:router:2.1:*:*:*:*:*:*:*' } } },
          ],
        },
        {
          category: 'product_name', name: 'curl', branches: [
            { category: 'product_version', name: '7.81.0', product: { product_id: 'CURL-7.81.0', name: 'curl 7.81.0', product_identification_helper: { purl: CURL_7 } } },
            { category: 'product_version', name: '8.4.0', product: { product_id: 'CURL-8.4.0', name: 'curl 8.4.0', product_identification_helper: { purl: CURL_8 } } },
          ],
        },
      ],
    }],
    full_product_names: [{ product_id: 'LODASH-4.17.20', name: 'lodash 4.17.20', product_identification_helper: { purl: LODASH } }],
    relationships: [
      {
        category: 'default_component_of', product_reference: 'CURL-7.81.0', relates_to_product_reference: 'ROUTER-2.1',
        full_product_name: { product_id: 'ROUTER-2.1:CURL-7.81.0', name: 'curl 7.81.0 as a component of Router 2.1' },
      },
      {
        category: 'default_component_of', product_reference: 'LODASH-4.17.20', relates_to_product_reference: 'ROUTER-2.1',
        full_product_name: { product_id: 'ROUTER-2.1:LODASH', name: 'lodash as a component of Router 2.1' },
      },
    ],
    product_groups: [{ group_id: 'CURLS', product_ids: ['CURL-7.81.0', 'CURL-8.4.0'] }],
  },
  vulnerabilities: [
    {
      cve: 'CVE-2023-38545',
      product_status: { fixed: ['CURL-8.4.0'], known_affected: ['ROUTER-2.1:CURL-7.81.0'], known_not_affected: ['ROUTER-2.1'] },
      flags: [{ label: 'component_not_present', product_ids: ['ROUTER-2.1'] }],
      threats: [{ category: 'impact', details: 'Critical', product_ids: ['ROUTER-2.1'] }],
      remediations: [
        { category: 'vendor_fix', details: 'Update to firmware 2.2.', url: 'https://example.com/firmware/2.2', product_ids: ['CURL-8.4.0'] },
        { category: 'no_fix_planned', details: 'Router 2.1 is at its end of life.', product_ids: ['ROUTER-2.1:CURL-7.81.0'] },
      ],
    },
    {
      ids: [{ system_name: 'Example advisories', text: 'EX-2026-17' }],
      product_status: { known_not_affected: ['ROUTER-2.1:LODASH', 'LODASH-4.17.20'], under_investigation: ['CURL-8.4.0'], recommended: ['CURL-8.4.0'] },
      flags: [{ label: 'vulnerable_code_not_in_execute_path', group_ids: ['CURLS'] }],
      threats: [{ category: 'impact', details: 'The template function is never called.', product_ids: ['ROUTER-2.1:LODASH', 'LODASH-4.17.20'] }],
    },
    {
      cve: 'CVE-2024-0003',
      product_status: { known_not_affected: ['CURL-7.81.0'], known_affected: ['CURL-8.4.0'], fixed: ['LODASH-4.17.20'] },
      flags: [{ label: 'vulnerable_code_not_in_execute_path', group_ids: ['CURLS'] }],
      remediations: [
        { category: 'mitigation', details: 'Turn SOCKS5 off.', group_ids: ['CURLS'] },
        { category: 'optional_patch', details: 'A patch is available.', product_ids: ['LODASH-4.17.20'] },
      ],
    },
  ],
};

describe('CSAF 2.0 VEX reader', () => {
  it('reads each product status as a statement, products by their purl or the purl of what a relationship refers to, products saying the same together', () => {
    expect(readCsaf(CSAF)).toEqual([
      { number: 1, vulnId: 'CVE-2023-38545', products: [purl(CURL_8, '8.4.0')], rationale: 'VP', description: 'Update to firmware 2.2.\n\nhttps://example.com/firmware/2.2', binlens: null },
      { number: 2, vulnId: 'CVE-2023-38545', products: [purl(CURL_7, '7.81.0')], rationale: 'WF', description: 'Router 2.1 is at its end of life.', binlens: null },
      { number: 3, vulnId: 'CVE-2023-38545', products: [{ purl: null, name: null, version: null, label: 'Router 2.1' }], rationale: 'FP', description: '', binlens: null },
      { number: 4, vulnId: 'EX-2026-17', products: [purl(LODASH, '4.17.20')], rationale: 'OT', description: 'The template function is never called.', binlens: null },
      { number: 5, vulnId: 'EX-2026-17', products: [purl(CURL_8, '8.4.0')], rationale: 'CO', description: '', binlens: null },
      { number: 6, vulnId: 'CVE-2024-0003', products: [purl(CURL_7, '7.81.0')], rationale: 'FD', description: '', binlens: null },
      { number: 7, vulnId: 'CVE-2024-0003', products: [purl(CURL_8, '8.4.0')], rationale: 'CO', description: 'Turn SOCKS5 off.', binlens: null },
      { number: 8, vulnId: 'CVE-2024-0003', products: [purl(LODASH, '4.17.20')], rationale: 'PA', description: 'A patch is available.', binlens: null },
    ]);
  });

  it('is detected by its content and read through the same entry as the other dialects', () => {
    const document = readVexDocument(Buffer.from(JSON.stringify(CSAF)));
    expect([document.dialect, document.statements.length]).toEqual(['csaf', 8]);
  });

  it.each([
    [{ vulnerabilities: [{ product_status: { fixed: ['CURL-8.4.0'] } }] }, 'CSAF: Vulnerability 1: its cve (or ids) is missing.'],
    [{ vulnerabilities: [{ cve: 'CVE-1', product_status: { fixed: 'CURL-8.4.0' } }] }, 'CSAF: Vulnerability 1: product_status fixed is not a list.'],
    [{ product_tree: { branches: [{ name: 'x', branches: {} }] } }, 'CSAF: product_tree branches 1 branches is not a list.'],
  ])('refuses a damaged document naming where: %j', (content, message) => {
    expect(() => readVexDocument(Buffer.from(JSON.stringify({ ...CSAF, ...content })))).toThrow(new AppError('vex_invalid', message));
  });
});
