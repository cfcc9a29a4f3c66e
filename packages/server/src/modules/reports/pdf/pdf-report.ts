// The PDF report of a scan, drawn with pdfkit's standard fonts (no font files, no browser):
// a title page with the verdict, the facts of the file and a severity chart, then the
// components, the vulnerabilities (CVSS in the version asked for, EPSS, KEV, triage), the
// executables missing mitigations and the information leaks by kind, each page numbered.
import PDFDocument from 'pdfkit';
import type { ReportComponent, ReportData, ReportVulnerability } from '../report-data.ts';
import { POLICY_NAMES } from '../components-csv.ts';
import { CODE_TYPE_NAMES, type CvssVersion, INFOLEAK_KIND_NAMES, scoreOf, severityOf } from '../words.ts';
import { PALETTE, SEVERITY_COLOURS, VERDICT_COLOURS } from './palette.ts';
import { drawSeverityChart } from './severity-chart.ts';
import { drawTable, put, type TableColumn } from './pdf-table.ts';
import { printable, wrapLines } from './pdf-text.ts';

/** Rows of the vulnerability table at most; the rest are counted, not drawn. */
export const MAX_PDF_VULNERABILITY_ROWS = 10_000;
/** Rows of the component and hardening tables at most. */
export const MAX_PDF_COMPONENT_ROWS = 10_000;
export const MAX_PDF_HARDENING_ROWS = 2_000;

const MARGIN = 40;
const VERDICT_LABELS = { pass: 'PASS', vulns: 'VULNS', na: 'N/A', verify: 'VERIFY' } as const;
const VERDICT_SENTENCES = {
  pass: 'No known vulnerabilities were found in the identified components.',
  vulns: 'Known vulnerabilities were found in the identified components.',
  na: 'No components or licences were identified.',
  verify: 'The vulnerabilities of the components are not counted yet.',
} as const;
const SEVERITY_RANK: Readonly<Record<string, number>> = { critical: 0, high: 1, medium: 2, low: 3, unscored: 4 };

export async function pdfReport(data: ReportData, cvssVersion: CvssVersion): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 16, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: printable(`Scan report: ${data.scan.name}`), Author: 'Binlens', Creator: 'Binlens', CreationDate: data.generatedAt },
  });
  const done = collect(doc);
  titlePage(doc, data, cvssVersion);
  doc.addPage();
  componentsSection(doc, data.components);
  vulnerabilitiesSection(doc, data.components, cvssVersion);
  hardeningSection(doc, data.hardening);
  infoleakSection(doc, data.infoleaks);
  pageNumbers(doc, data.scan.name);
  doc.end();
  return done;
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function contentWidth(doc: PDFKit.PDFDocument): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function titlePage(doc: PDFKit.PDFDocument, data: ReportData, cvssVersion: CvssVersion): void {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  doc.font('Helvetica').fontSize(10).fillColor(PALETTE.muted);
  put(doc, 'Binlens scan report', left, MARGIN, width);
  doc.font('Helvetica-Bold').fontSize(22).fillColor(PALETTE.text);
  let y = MARGIN + 24;
  for (const line of wrapLines(doc, data.scan.name, width, 2)) {
    put(doc, line, left, y, width);
    y += 27;
  }

  // The verdict as a coloured badge, with the sentence that explains it.
  y += 6;
  doc.font('Helvetica-Bold').fontSize(14);
  const label = VERDICT_LABELS[data.verdict];
  const badgeWidth = doc.widthOfString(label) + 24;
  doc.roundedRect(left, y, badgeWidth, 26, 4).fill(VERDICT_COLOURS[data.verdict]);
  doc.fillColor('#ffffff');
  put(doc, label, left, y + 7, badgeWidth, 'center');
  doc.font('Helvetica').fontSize(10).fillColor(PALETTE.text);
  const sentence = !data.vulnerabilitiesEvaluated && data.verdict === 'verify'
    ? 'Vulnerabilities were not evaluated: the knowledge base holds no vulnerability data yet.'
    : data.verdict === 'na' && data.scan.verdictReason ? data.scan.verdictReason : VERDICT_SENTENCES[data.verdict];
  for (const [n, line] of wrapLines(doc, sentence, width - badgeWidth - 12, 2).entries()) put(doc, line, left + badgeWidth + 12, y + (n === 0 ? 4 : 15), width - badgeWidth - 12);
  y += 44;

  const facts: [string, string][] = [
    ['Group', data.scan.group],
    ['File', data.scan.filename],
    ['Size', `${data.scan.size.toLocaleString('en-GB')} bytes`],
    ['SHA-1', data.scan.sha1],
    ['SHA-256', data.scan.sha256],
    ['Uploaded', dateTime(data.scan.createdAt)],
    ['Scanned', data.scan.finishedAt ? dateTime(data.scan.finishedAt) : '-'],
    ['Knowledge base', data.knowledgeBaseUpdated ? `updated ${dateTime(new Date(data.knowledgeBaseUpdated))}` : 'no vulnerability data'],
    ['Report made', `${dateTime(data.generatedAt)}, scores in CVSS v${cvssVersion === 3 ? '3' : '2'}`],
    ['Components', String(data.components.length)],
    ['Vulnerabilities', vulnerabilitySummary(data)],
    ['Executables', data.hardening.length === 0 ? 'none misses a mitigation' : `${data.hardening.length.toLocaleString('en-GB')} missing mitigations`],
    ['Information leaks', leakSummary(data.infoleaks)],
  ];
  for (const [name, value] of facts) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(PALETTE.muted);
    put(doc, name, left, y, 100);
    doc.font('Helvetica').fontSize(9).fillColor(PALETTE.text);
    const lines = wrapLines(doc, value, width - 110, 2);
    lines.forEach((line, n) => put(doc, line, left + 110, y + n * 11, width - 110));
    y += lines.length * 11 + 5;
  }

  y += 14;
  doc.font('Helvetica-Bold').fontSize(13).fillColor(PALETTE.text);
  put(doc, 'Vulnerabilities by severity', left, y, width);
  y += 22;
  const counts = data.counts;
  drawSeverityChart(doc, left, y, width, [
    { label: 'Critical', count: counts.critical, colour: SEVERITY_COLOURS.critical },
    { label: 'High', count: counts.high, colour: SEVERITY_COLOURS.high },
    { label: 'Medium', count: counts.medium, colour: SEVERITY_COLOURS.medium },
    { label: 'Low', count: counts.low, colour: SEVERITY_COLOURS.low },
    { label: 'Unscored', count: counts.missing, colour: SEVERITY_COLOURS.unscored },
    { label: 'Triaged', count: counts.triaged ?? 0, colour: SEVERITY_COLOURS.triaged },
  ]);
}

/** "1 open (1 critical), 1 triaged"; what the chart shows, in words. */
function vulnerabilitySummary(data: ReportData): string {
  if (!data.vulnerabilitiesEvaluated) return 'not evaluated: no vulnerability data';
  const { critical, high, medium, low, missing } = data.counts;
  const open = critical + high + medium + low + missing;
  const worst = [['critical', critical], ['high', high], ['medium', medium], ['low', low], ['unscored', missing]] as const;
  const parts = worst.filter(([, count]) => count > 0).map(([name, count]) => `${count.toLocaleString('en-GB')} ${name}`);
  return `${open.toLocaleString('en-GB')} open${parts.length > 0 ? ` (${parts.join(', ')})` : ''}, ${(data.counts.triaged ?? 0).toLocaleString('en-GB')} triaged`;
}

function leakSummary(infoleaks: ReportData['infoleaks']): string {
  const total = infoleaks.reduce((sum, leak) => sum + leak.count, 0);
  return total === 0 ? 'none found' : `${total.toLocaleString('en-GB')} found`;
}

function heading(doc: PDFKit.PDFDocument, text: string, note?: string): void {
  // A heading never ends a page: it needs room for itself and a few rows.
  if (doc.y + 90 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const left = doc.page.margins.left;
  doc.font('Helvetica-Bold').fontSize(14).fillColor(PALETTE.text);
  put(doc, text, left, doc.y, contentWidth(doc));
  doc.y += 20;
  if (note) {
    doc.font('Helvetica').fontSize(9).fillColor(PALETTE.muted);
    for (const line of wrapLines(doc, note, contentWidth(doc), 3)) {
      put(doc, line, left, doc.y, contentWidth(doc));
      doc.y += 11;
    }
    doc.y += 4;
  }
}

function componentsSection(doc: PDFKit.PDFDocument, components: readonly ReportComponent[]): void {
  const shown = components.slice(0, MAX_PDF_COMPONENT_ROWS);
  heading(doc, 'Components', cutNote(components.length, shown.length, 'components'));
  if (shown.length === 0) return nothing(doc, 'No component was identified.');
  const columns: TableColumn<ReportComponent>[] = [
    { header: 'Component', width: 110, value: (c) => c.name, maxLines: 2, bold: true },
    { header: 'Version', width: 70, value: (c) => (c.detectedVersion === null ? c.version : `${c.version} (found ${c.detectedVersion})`), maxLines: 2 },
    { header: 'Type', width: 55, value: (c) => CODE_TYPE_NAMES[c.codetype], maxLines: 2 },
    { header: 'Licences', width: 100, value: (c) => c.licenses.join(', ') || '-', maxLines: 3 },
    { header: 'Policy', width: 60, value: (c) => (c.licensePolicy ? POLICY_NAMES[c.licensePolicy] : '-'), maxLines: 2 },
    { header: 'Vulns', width: 35, value: (c) => String(c.vulnerabilities.filter((v) => v.resolving.length === 0).length), align: 'right' },
    { header: 'Triaged', width: 40, value: (c) => String(c.vulnerabilities.filter((v) => v.resolving.length > 0).length), align: 'right' },
    { header: 'Files', width: 45, value: (c) => String(c.objects.length), align: 'right' },
  ];
  drawTable(doc, columns, shown);
}

interface VulnerabilityRow {
  component: ReportComponent;
  vuln: ReportVulnerability;
  severity: string;
  score: number | null;
}

function vulnerabilitiesSection(doc: PDFKit.PDFDocument, components: readonly ReportComponent[], cvssVersion: CvssVersion): void {
  const rows: VulnerabilityRow[] = components.flatMap((component) =>
    component.vulnerabilities.map((vuln) => ({ component, vuln, severity: severityOf(vuln, cvssVersion), score: scoreOf(vuln, cvssVersion) })));
  // Open ones first, the worst first; triaged ones after them.
  rows.sort((a, b) => Number(a.vuln.resolving.length > 0) - Number(b.vuln.resolving.length > 0)
    || (SEVERITY_RANK[a.severity] ?? 9) - (SEVERITY_RANK[b.severity] ?? 9)
    || (b.score ?? -1) - (a.score ?? -1)
    || a.vuln.id.localeCompare(b.vuln.id) || a.component.name.localeCompare(b.component.name));
  const shown = rows.slice(0, MAX_PDF_VULNERABILITY_ROWS);
  doc.y += 10;
  heading(doc, 'Vulnerabilities', cutNote(rows.length, shown.length, 'vulnerabilities'));
  if (shown.length === 0) return nothing(doc, 'No known vulnerability affects the identified components.');
  const columns: TableColumn<VulnerabilityRow>[] = [
    { header: 'Vulnerability', width: 90, value: (r) => r.vuln.id, bold: true },
    { header: 'Component', width: 90, value: (r) => r.component.name, maxLines: 2 },
    { header: 'Version', width: 60, value: (r) => r.component.version, maxLines: 2 },
    { header: 'Severity', width: 58, value: (r) => r.severity.charAt(0).toUpperCase() + r.severity.slice(1), swatch: (r) => SEVERITY_COLOURS[r.severity as keyof typeof SEVERITY_COLOURS] ?? null },
    { header: `CVSS v${cvssVersion}`, width: 42, value: (r) => (r.score === null ? '-' : r.score.toFixed(1)), align: 'right' },
    { header: 'EPSS', width: 42, value: (r) => (r.vuln.epss ? `${(r.vuln.epss.score * 100).toFixed(2)}%` : '-'), align: 'right' },
    { header: 'KEV', width: 30, value: (r) => (r.vuln.kev ? 'yes' : '-') },
    { header: 'Triage', width: 103, value: triageState, maxLines: 2, swatch: (r) => (r.vuln.resolving.length > 0 ? SEVERITY_COLOURS.triaged : null) },
  ];
  drawTable(doc, columns, shown);
}

/** "Triaged (R/NA)", "Re-scored: low (G/OT)", "Commented (R/CO)" or "Open". */
function triageState({ vuln }: VulnerabilityRow): string {
  const codes = (list: typeof vuln.resolving) => list.map((t) => `${t.scope}/${t.rationale}`).join(', ');
  if (vuln.resolving.length > 0) return `Triaged (${codes(vuln.resolving)})`;
  const rescored = vuln.unresolving.find((t) => t.adjusted_severity !== null);
  if (rescored) return `Re-scored: ${rescored.adjusted_severity ?? ''} (${codes(vuln.unresolving)})`;
  if (vuln.unresolving.length > 0) return `Commented (${codes(vuln.unresolving)})`;
  return 'Open';
}

function hardeningSection(doc: PDFKit.PDFDocument, hardening: ReportData['hardening']): void {
  const shown = hardening.slice(0, MAX_PDF_HARDENING_ROWS);
  doc.y += 10;
  heading(doc, 'Hardening', cutNote(hardening.length, shown.length, 'executables') ?? 'Executables missing exploit mitigations.');
  if (shown.length === 0) return nothing(doc, 'No executable misses an exploit mitigation that could be determined.');
  drawTable(doc, [
    { header: 'Executable', width: 270, value: (r) => r.fullPath, maxLines: 3 },
    { header: 'Missing mitigations', width: 245, value: (r) => r.missing.join(', '), maxLines: 3 },
  ], shown);
}

function infoleakSection(doc: PDFKit.PDFDocument, infoleaks: ReportData['infoleaks']): void {
  doc.y += 10;
  heading(doc, 'Information leaks', 'Findings of the information-leak search, by kind (documentation examples left out).');
  if (infoleaks.length === 0) return nothing(doc, 'No information leak was found.');
  drawTable(doc, [
    { header: 'Kind', width: 300, value: (r) => INFOLEAK_KIND_NAMES[r.kind] },
    { header: 'Findings', width: 80, value: (r) => r.count.toLocaleString('en-GB'), align: 'right' },
  ], infoleaks);
}

function nothing(doc: PDFKit.PDFDocument, text: string): void {
  doc.font('Helvetica').fontSize(10).fillColor(PALETTE.text);
  put(doc, text, doc.page.margins.left, doc.y, contentWidth(doc));
  doc.y += 18;
}

function cutNote(total: number, shown: number, what: string): string | undefined {
  return shown < total ? `The first ${shown.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} ${what} are listed; the CSV export holds them all.` : undefined;
}

/** Every page's footer: the application and "Page n of m", drawn once the number of pages is known. */
function pageNumbers(doc: PDFKit.PDFDocument, name: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const width = contentWidth(doc);
    const y = doc.page.height - MARGIN;
    doc.font('Helvetica').fontSize(8).fillColor(PALETTE.muted);
    const [title = ''] = wrapLines(doc, `Binlens - ${name}`, width - 90, 1);
    put(doc, title, doc.page.margins.left, y, width - 90);
    put(doc, `Page ${i - range.start + 1} of ${range.count}`, doc.page.margins.left, y, width, 'right');
  }
}

/** "2026-12-06 14:40 UTC" */
function dateTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
