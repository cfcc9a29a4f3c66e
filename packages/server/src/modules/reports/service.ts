// Reports of one ready scan: the PDF for people, the components CSV and the vulnerabilities
// CSV for other tools. The scan is evaluated as its SBOM is (sbom-service.ts), at the time of
// the request, with every adjustment that reaches it.
import type { LicensePolicyOverrides } from '@binlens/engine';
import type { KnowledgeBase, RecordFact } from '@binlens/vulndb';
import type { Attachment } from '../../lib/attachment.ts';
import { AppError } from '../../lib/errors.ts';
import type { KnowledgeBaseSummary } from '../knowledge-base/schemas.ts';
import { type AdjustmentsSource, evaluateScan } from '../scans/evaluation.ts';
import type { ScansRepository } from '../scans/repository.ts';
import type { Viewer } from '../users/viewer.ts';
import { componentsCsv } from './components-csv.ts';
import { pdfReport } from './pdf/pdf-report.ts';
import { type ReportData, reportData } from './report-data.ts';
import { vulnerabilitiesCsv } from './vulnerabilities-csv.ts';
import type { CvssVersion } from './words.ts';

export const REPORT_FORMATS = ['pdf', 'csv-components', 'csv-vulnerabilities'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ReportsService {
  report(viewer: Viewer, scanId: number, format: ReportFormat, cvssVersion: CvssVersion): Promise<Attachment>;
}

export interface ReportsServiceDeps {
  scans: Pick<ScansRepository, 'findVisible' | 'findIdentification'>;
  knowledgeBase: KnowledgeBase;
  adjustments: AdjustmentsSource;
  knowledgeBaseSummary: () => Promise<KnowledgeBaseSummary>;
  /** The company's licence policy overrides (modules/settings), read per report. */
  policyOverrides: () => Promise<LicensePolicyOverrides>;
  now?: () => Date;
}

/** Vulnerability ids asked of the knowledge base at once (bounds each query's parameter list). */
const RECORD_BATCH = 1000;

export function createReportsService(deps: ReportsServiceDeps): ReportsService {
  const now = deps.now ?? (() => new Date());

  async function dataOf(viewer: Viewer, scanId: number): Promise<ReportData> {
    const scan = await deps.scans.findVisible(viewer, scanId);
    if (!scan) throw new AppError('not_found');
    if (scan.status === 'F') throw new AppError('scan_not_ready', 'The scan failed, so there is nothing to report: rescan the file or upload it again.');
    if (scan.status !== 'R') throw new AppError('scan_not_ready', 'The scan is still being analysed: ask for its report once it is ready.');
    const found = await deps.scans.findIdentification(viewer, scanId);
    if (!found || found.status !== 'R' || !found.identification) throw new AppError('scan_not_ready');
    const identification = found.identification;
    const adjustments = await deps.adjustments.forScan(scanId);
    const [evaluated, summary, policyOverrides] = await Promise.all([
      evaluateScan(identification, deps.knowledgeBase, adjustments),
      deps.knowledgeBaseSummary(),
      deps.policyOverrides(),
    ]);
    const listed = new Set(Object.values(evaluated.evaluation.components).flatMap((vulns) => vulns.map((v) => v.vuln_id)));
    const ids = [...new Set([...listed].flatMap((id) => [id, ...(evaluated.evaluation.vulnerabilities[id]?.aliases ?? [])]))];
    const records: RecordFact[] = [];
    for (let i = 0; i < ids.length; i += RECORD_BATCH) records.push(...await deps.knowledgeBase.records(ids.slice(i, i + RECORD_BATCH)));
    return reportData({
      scan: {
        id: scan.id, name: scan.filename, group: scan.groupName, filename: scan.filename, size: scan.size, sha1: scan.sha1,
        sha256: identification.input.sha256, createdAt: scan.createdAt, finishedAt: scan.finishedAt, verdictReason: scan.verdictReason,
      },
      identification,
      evaluated,
      adjustments,
      records,
      knowledgeBaseUpdated: summary.updated,
      vulnerabilitiesEvaluated: summary.state !== 'empty',
      policyOverrides,
      now: now(),
    });
  }

  return {
    async report(viewer, scanId, format, cvssVersion) {
      const data = await dataOf(viewer, scanId);
      const base = data.scan.filename;
      switch (format) {
        case 'pdf':
          return { body: await pdfReport(data, cvssVersion), mediaType: 'application/pdf', fileName: `${base}.pdf` };
        case 'csv-components':
          return { body: componentsCsv(data), mediaType: 'text/csv', fileName: `${base}-components.csv` };
        case 'csv-vulnerabilities':
          return { body: vulnerabilitiesCsv(data), mediaType: 'text/csv', fileName: `${base}-vulnerabilities.csv` };
      }
    },
  };
}
