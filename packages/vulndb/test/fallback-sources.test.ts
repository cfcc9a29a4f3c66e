// CVE JSON 5 (CNA + CISA ADP), community NVD overrides and vendor advisories: imported
// from fixtures in their real formats, matched with the source each match came from.
import type { Component, Identification } from '@binlens/engine/model';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vulnCpeMatches, vulnPackageRanges, vulnRecords } from '../src/db/schema.ts';
import { evaluate } from '../src/evaluate.ts';
import { importFeed } from '../src/import/import-file.ts';
import { detectFeed } from '../src/import/registry.ts';
import { createKnowledgeBase, type KnowledgeBase } from '../src/kb/knowledge-base.ts';
import { DATABASES, fixture, openTestKb, type TestKb } from './knowledge-bases.ts';

function component(id: string, fields: Partial<Component> & Pick<Component, 'name' | 'version' | 'purl'>): Component {
  return { id, codetype: 'NA', vendor: '', cpes: [], licenses: [], evidence: [], ...fields };
}

function identification(components: Component[]): Identification {
  return {
    schemaVersion: 1, input: { name: 'fw.bin', size: 1, sha1: '', sha256: '' }, files: [], components, problems: [],
    startedAt: '2024-08-01T00:00:00Z', finishedAt: '2024-08-01T00:00:01Z',
  };
}

const cpe = (vendor: string, product: string, version: string, part = 'a'): string => `cpe:2.3:${part}:${vendor}:${product}:${version}:*:*:*:*:*:*:*`;

const COMPONENTS: Component[] = [
  component('curl-8.9.0', { name: 'curl', version: '8.9.0', purl: 'pkg:generic/curl@8.9.0', cpes: [cpe('curl', 'curl', '8.9.0'), cpe('haxx', 'curl', '8.9.0')] }),
  component('curl-8.5.0', { name: 'curl', version: '8.5.0', purl: 'pkg:generic/curl@8.5.0', cpes: [cpe('curl', 'curl', '8.5.0'), cpe('haxx', 'curl', '8.5.0')] }),
  component('curl-8.9.1', { name: 'curl', version: '8.9.1', purl: 'pkg:generic/curl@8.9.1', cpes: [cpe('curl', 'curl', '8.9.1'), cpe('haxx', 'curl', '8.9.1')] }),
  component('libcurl-8.9.0', { name: 'libcurl', version: '8.9.0', purl: 'pkg:generic/libcurl@8.9.0', cpes: [cpe('haxx', 'libcurl', '8.9.0')] }),
  component('gitlab-18.0', { name: 'gitlab', version: '18.0', purl: 'pkg:generic/gitlab@18.0', cpes: [cpe('gitlab', 'gitlab', '18.0')] }),
  component('gitlab-18.0.1', { name: 'gitlab', version: '18.0.1', purl: 'pkg:generic/gitlab@18.0.1', cpes: [cpe('gitlab', 'gitlab', '18.0.1')] }),
  component('xz-5.6.1', { name: 'xz', version: '5.6.1', purl: 'pkg:generic/xz@5.6.1', cpes: [cpe('tukaani', 'xz', '5.6.1')] }),
  component('xz-5.6.2', { name: 'xz', version: '5.6.2', purl: 'pkg:generic/xz@5.6.2', cpes: [cpe('tukaani', 'xz', '5.6.2')] }),
  component('fw-2.3.0', { name: 'acme-router-firmware', version: '2.3.0', purl: 'pkg:generic/acme/acme-router-firmware@2.3.0' }),
  component('fw-cpe-2.4.0', { name: 'router_firmware', version: '2.4.0', purl: '', cpes: [cpe('acme', 'router_firmware', '2.4.0', 'o')] }),
  component('fw-2.4.1', { name: 'acme-router-firmware', version: '2.4.1', purl: 'pkg:generic/acme/acme-router-firmware@2.4.1', cpes: [cpe('acme', 'router_firmware', '2.4.1', 'o')] }),
];

type Row = [string, string, string, string];

describe.each(DATABASES)('CVE 5, overrides and vendor advisories on %s', (kind) => {
  let t: TestKb;
  let kb: KnowledgeBase;
  beforeAll(async () => {
    t = await openTestKb(kind);
    kb = createKnowledgeBase(t.db);
  });
  afterAll(() => t.dispose());

  /** Per component: [vuln id, match source, criteria, range], sorted. */
  const matches = async (): Promise<Record<string, Row[]>> => {
    const evaluation = await evaluate(identification(COMPONENTS), kb);
    return Object.fromEntries(Object.entries(evaluation.components).map(([uid, vulns]) => [uid, vulns
      .flatMap((v) => v.matched_by.map((m): Row => [v.vuln_id, m.source, m.criteria, m.range]))
      .sort((a, b) => a.join(' ').localeCompare(b.join(' ')))]));
  };

  it('detects the three formats by content', async () => {
    const kinds = [];
    for (const name of ['cve5-records.json', 'nvd-override-cve-2024-3094.json', 'vendor-advisories.json', 'nvd-cve-2024-7264.json']) {
      kinds.push((await detectFeed(fixture(name)))?.kind ?? null);
    }
    expect(kinds).toEqual(['cve5', 'nvd-override', 'vendor', 'nvd']);
  });

  it('imports CVE 5 records: CNA and ADP ranges, CVSS, rejected records, skips', async () => {
    const report = await importFeed(t.db, fixture('cve5-records.json'));
    expect(report).toMatchObject({ source: 'cve5', status: 'complete', records: 6, imported: 5, skipped: 1 });
    expect(report.skips).toEqual([
      { id: 'CVE-2024-3094', reason: 'unknown CVSS vector "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:Q": invalid value "Q" for metric A' },
    ]);
    const rows = await t.db.select().from(vulnCpeMatches).where(eq(vulnCpeMatches.source, 'cve5')).orderBy(asc(vulnCpeMatches.id));
    expect(rows.map((r) => [r.vulnId, r.provider, r.criteria, r.versionStartIncluding, r.versionEndIncluding, r.versionEndExcluding])).toEqual([
      ['CVE-2024-7264', 'cna', cpe('curl', 'curl', '*'), '8.9.0', '8.9.0', null],
      ['CVE-2024-7264', 'cna', cpe('curl', 'curl', '*'), '8.8.0', '8.8.0', null],
      ['CVE-2024-7264', 'cna', cpe('curl', 'curl', '*'), '7.32.0', '7.32.0', null],
      ['CVE-2024-7264', 'adp', cpe('haxx', 'curl', '*'), '7.32.0', null, '8.9.1'],
      ['CVE-2025-1110', 'cna', cpe('gitlab', 'gitlab', '*'), '18.0', null, '18.0.1'],
    ]);
    const [curl] = await t.db.select().from(vulnRecords).where(eq(vulnRecords.vulnId, 'CVE-2024-7264'));
    expect(curl).toMatchObject({
      source: 'cve5', status: 'Published', withdrawn: false, summary: 'ASN.1 date parser overread', cwes: ['CWE-125'],
      published: '2024-07-31T08:08:14.585Z',
      cvss: [{ version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:L/I:L/A:L', score: 6.3, severity: 'medium', source: 'CISA-ADP', type: 'Secondary' }],
    });
    const [rejected] = await t.db.select().from(vulnRecords).where(eq(vulnRecords.vulnId, 'CVE-2022-0094'));
    expect([rejected?.status, rejected?.withdrawn, rejected?.description]).toEqual(['Rejected', true, 'DO NOT USE THIS CANDIDATE NUMBER.']);
  });

  it('matches CNA and ADP ranges, each saying its source, while NVD has no configuration', async () => {
    await importFeed(t.db, fixture('nvd-override-cve-2024-3094.json'));
    const got = await matches();
    expect(got['curl-8.9.0']).toEqual([
      ['CVE-2024-7264', 'cve5-adp', cpe('haxx', 'curl', '*'), '>= 7.32.0, < 8.9.1'],
      ['CVE-2024-7264', 'cve5-cna', cpe('curl', 'curl', '*'), '>= 8.9.0, <= 8.9.0'],
    ]);
    expect(got['curl-8.5.0']).toEqual([['CVE-2024-7264', 'cve5-adp', cpe('haxx', 'curl', '*'), '>= 7.32.0, < 8.9.1']]);
    expect(got['curl-8.9.1']).toEqual([]);
    expect(got['gitlab-18.0']).toEqual([['CVE-2025-1110', 'cve5-cna', cpe('gitlab', 'gitlab', '*'), '>= 18.0, < 18.0.1']]);
    expect(got['gitlab-18.0.1']).toEqual([]);
    expect(got['xz-5.6.1']).toEqual([['CVE-2024-3094', 'nvd-override', cpe('tukaani', 'xz', '*'), '>= 5.6.0, < 5.6.2']]);
    expect(got['xz-5.6.2']).toEqual([]);
  });

  it('drops CVE 5 ranges once NVD configures the CVE', async () => {
    await importFeed(t.db, fixture('nvd-cve-2024-7264.json'));
    const got = await matches();
    expect(got['curl-8.9.0']).toEqual([]);
    expect(got['libcurl-8.9.0']).toEqual([['CVE-2024-7264', 'nvd-cpe', cpe('haxx', 'libcurl', '*'), '>= 7.32.0, < 8.9.1']]);
    expect(got['gitlab-18.0']).toEqual([['CVE-2025-1110', 'cve5-cna', cpe('gitlab', 'gitlab', '*'), '>= 18.0, < 18.0.1']]);
  });

  it('imports vendor advisories and matches them by purl and by CPE', async () => {
    const report = await importFeed(t.db, fixture('vendor-advisories.json'));
    expect(report).toMatchObject({ source: 'vendor', status: 'complete', records: 3, imported: 2, skipped: 1 });
    expect(report.skips).toEqual([{ id: 'ACME-SA-2024-0003', reason: 'purl type "deb" is not matched by package (use pkg:generic or CPEs)' }]);
    const ranges = await t.db.select().from(vulnPackageRanges).where(eq(vulnPackageRanges.source, 'vendor')).orderBy(asc(vulnPackageRanges.id));
    expect(ranges.map((r) => [r.vulnId, r.ecosystemBase, r.name, r.rangeType, r.events, r.versions])).toEqual([
      ['ACME-SA-2024-0001', 'generic', 'acme/acme-router-firmware', 'ECOSYSTEM', [{ introduced: '2.0' }, { fixed: '2.4.1' }], []],
      ['ACME-SA-2024-0002', 'generic', 'acme/acme-router-firmware', 'VERSIONS', [], ['2.3.0']],
    ]);
    const evaluation = await evaluate(identification(COMPONENTS), kb);
    const got = await matches();
    expect(got['fw-2.3.0']).toEqual([
      ['ACME-SA-2024-0002', 'vendor', 'generic/acme/acme-router-firmware', 'version 2.3.0'],
      ['CVE-2024-6387', 'vendor', 'generic/acme/acme-router-firmware', 'introduced 2.0, fixed 2.4.1'],
    ]);
    expect(got['fw-cpe-2.4.0']).toEqual([['CVE-2024-6387', 'vendor', cpe('acme', 'router_firmware', '*', 'o'), '>= 2.0, < 2.4.1']]);
    expect(got['fw-2.4.1']).toEqual([]);
    expect(evaluation.vulnerabilities['CVE-2024-6387']).toMatchObject({
      aliases: ['ACME-SA-2024-0001'], summary: 'regreSSHion in the OpenSSH server of ACME routers', cvss3_score: 8.1, cvss3_severity: 'high',
    });
  });
});
