// The sales view (spec §1, §2): one scan's results as shown to people outside the team. The
// same rules as the scan page (verdict.ts, the summary), through answers that carry nothing of
// the account's internals (sales.schemas.ts).
import type { KnowledgeBase } from '@binlens/vulndb';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../users/viewer.ts';
import { type AdjustmentsSource, evaluateStoredScan, type StoredScanJobs } from './evaluation.ts';
import type { SalesRepository, SalesScanRecord } from './sales-repository.ts';
import type { SalesScan } from './sales.schemas.ts';
import type { ScanSummaryService } from './summary-service.ts';
import type { ScanSummary } from './summary.schemas.ts';
import { verdictOf } from './verdict.ts';

export interface SalesService {
  /** 404 for a scan the viewer cannot see. */
  scan(viewer: Viewer, id: number): Promise<SalesScan>;
  /** The scan page's summary: 404 for a scan the viewer cannot see, 409 scan_not_ready while it is busy or failed. */
  summary(viewer: Viewer, id: number): Promise<ScanSummary>;
}

export interface SalesServiceDeps {
  sales: SalesRepository;
  summary: Pick<ScanSummaryService, 'summary'>;
  /** Where a ready scan's counts are stored when a read finds them missing, as the scan page does. */
  scanJobs: StoredScanJobs;
  knowledgeBase: KnowledgeBase;
  adjustments: AdjustmentsSource;
}

export function createSalesService(deps: SalesServiceDeps): SalesService {
  return {
    async scan(viewer, id) {
      const row = await deps.sales.findVisible(viewer, id);
      if (!row) throw new AppError('not_found');
      // A ready scan whose evaluation failed when it finished is counted now (service.ts does the same).
      if (row.status === 'R' && row.vulnerabilityCounts === null) {
        return toSalesScan({ ...row, vulnerabilityCounts: await evaluateStoredScan({ scans: deps.scanJobs, knowledgeBase: deps.knowledgeBase, adjustments: deps.adjustments }, id) });
      }
      return toSalesScan(row);
    },
    summary: (viewer, id) => deps.summary.summary(viewer, id),
  };
}

export function toSalesScan(row: SalesScanRecord): SalesScan {
  return {
    id: row.id,
    name: row.filename,
    status: row.status,
    size: row.size,
    sha1: row.sha1,
    sha256: row.sha256,
    created: row.createdAt.toISOString(),
    finished: row.finishedAt?.toISOString() ?? null,
    component_count: row.componentCount,
    vulnerability_counts: row.vulnerabilityCounts,
    ...verdictOf(row),
  };
}
