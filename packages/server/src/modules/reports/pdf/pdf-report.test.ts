import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { ReportComponent, ReportData, ReportVulnerability } from '../report-data.ts';
import { MAX_PDF_VULNERABILITY_ROWS, pdfReport } from './pdf-report.ts';

const vulnerability = (n: number): ReportVulnerability => ({
  id: `CVE-2024-${String(10000 + n)}`, exact: true, summary: `Flaw ${n}`, published: '2024-01-01T00:00:00Z',
  cvss2: { score: 5, severity: 'MEDIUM', vector: 'AV:N/AC:L/Au:N/C:P/I:N/A:N' },
  cvss3: { score: 7.5, severity: 'HIGH', vector: 'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N' },
  epss: null, kev: null, resolving: [], unresolving: [], distro: null, url: `https://nvd.nist.gov/vuln/detail/CVE-2024-${String(10000 + n)}`,
});

const component = (name: string, vulnerabilities: ReportVulnerability[]): ReportComponent => ({
  uid: name, name, version: '1.0', detectedVersion: null, versionOverrideType: '', latestVersion: '', codetype: 'NA', vendor: '', purl: `pkg:generic/${name}@1.0`,
  licenses: ['MIT'], licensePolicy: 'PE', distribution: '', objects: [], vulnerabilities,
});

const data = (components: ReportComponent[], name = 'firmware.bin'): ReportData => ({
  scan: {
    id: 1, name, group: 'Devices', filename: name, size: 1024, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64),
    createdAt: new Date('2026-01-02T03:04:05Z'), finishedAt: new Date('2026-01-02T03:05:00Z'), verdictReason: null,
  },
  knowledgeBaseUpdated: '2026-01-01T00:00:00.000Z', vulnerabilitiesEvaluated: true, verdict: 'vulns',
  counts: { critical: 0, high: components.flatMap((c) => c.vulnerabilities).length, medium: 0, low: 0, missing: 0, triaged: 0 },
  components, hardening: [], infoleaks: [], generatedAt: new Date('2026-01-03T00:00:00Z'),
});

async function pages(bytes: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text;
}

describe('pdfReport', () => {
  it('repeats the table header on every page it continues on and numbers the pages', async () => {
    const text = await pages(await pdfReport(data([component('openssl', Array.from({ length: 120 }, (_, i) => vulnerability(i)))]), 3));
    expect(text.length).toBeGreaterThan(3);
    text.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${text.length}`));
    // Every page with vulnerability rows holds their header above them.
    const withRows = text.filter((page) => page.includes('CVE-2024-'));
    expect(withRows.length).toBeGreaterThan(2);
    for (const page of withRows) expect(page).toMatch(/Vulnerability\s+Component\s+Version\s+Severity\s+CVSS v3/);
    expect(text.join('\n')).toContain('CVE-2024-10119');
  });

  it('prints names outside Latin-1 with ? for the glyphs the fonts lack, and cuts long text with ...', async () => {
    const long = `libverylong-${'x'.repeat(300)}`;
    const text = (await pages(await pdfReport(data([component('压缩库', [vulnerability(1)]), component(long, [])], 'ファームウェア “v2” — 😀.bin'), 2))).join('\n');
    expect(text).toContain('??? ');
    expect(text).toContain('??????? "v2" - ?.bin');
    expect(text).toContain('CVSS v2');
    expect(text).toMatch(/libverylong-\s*x+\.\.\./);
    expect(text).not.toContain('x'.repeat(200));
  });

  it(`lists at most ${MAX_PDF_VULNERABILITY_ROWS.toLocaleString('en-GB')} vulnerabilities and says so`, async () => {
    const many = Array.from({ length: MAX_PDF_VULNERABILITY_ROWS + 5 }, (_, i) => vulnerability(i));
    const text = (await pages(await pdfReport(data([component('kernel', many)]), 3))).join('\n');
    expect(text).toContain('The first 10,000 of 10,005 vulnerabilities are listed; the CSV export holds them all.');
    expect(text).toContain('CVE-2024-19999');
    expect(text).not.toContain('CVE-2024-20000');
  }, 120_000);
});
