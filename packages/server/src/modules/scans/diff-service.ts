// Compares two ready scans (spec §2 /diff). The route's guard has checked the base; the target
// is checked here by the guard's own rule, so a scan the viewer cannot see answers 404 on either
// side. Both are evaluated against one snapshot of the knowledge base, so an import finishing
// between the two evaluations cannot show as a vulnerability fixed or new.
import type { KnowledgeBase } from '@binlens/vulndb';
import type { ScopeResolver } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import type { KnowledgeBaseSummary } from '../knowledge-base/schemas.ts';
import type { Viewer } from '../users/viewer.ts';
import { type DiffSide, diffScans } from './diff.ts';
import type { ScanDiffRepository } from './diff-repository.ts';
import type { ScanDiff, ScanDiffScan } from './diff.schemas.ts';
import { type AdjustmentsSource, evaluateScan } from './evaluation.ts';
import type { ScanRecord, ScansRepository } from './repository.ts';

export interface ScanDiffService {
  /** 400 for one scan twice or a scan without a result, 404 for a scan the viewer cannot see. */
  diff(viewer: Viewer, baseId: number, targetId: number): Promise<ScanDiff>;
}

export interface ScanDiffServiceDeps {
  scans: Pick<ScansRepository, 'findVisible' | 'findResultCore'>;
  diff: ScanDiffRepository;
  /** The route guard's resolver (modules/groups/access-service.ts). */
  access: ScopeResolver;
  /** The knowledge base's state and last import, as every scan result carries it. */
  knowledgeBaseSummary: () => Promise<KnowledgeBaseSummary>;
  /** Runs `work` against one state of the knowledge base that no import changes meanwhile. */
  knowledgeBaseSnapshot: <T>(work: (knowledgeBase: KnowledgeBase) => Promise<T>) => Promise<T>;
  adjustments: AdjustmentsSource;
}

export function createScanDiffService(deps: ScanDiffServiceDeps): ScanDiffService {
  /** A scan the viewer may view, ready; 404 or 400 otherwise. */
  const readyScan = async (viewer: Viewer, id: number): Promise<ScanRecord> => {
    const access = await deps.access.resolve(viewer, { scan: id });
    const scan = access?.permissions.includes('view_appcheckgroup') ? await deps.scans.findVisible(viewer, id) : undefined;
    if (!scan) throw new AppError('not_found');
    if (scan.status === 'F') throw new AppError('diff_scan_failed', `${scanLabel(scan)} has no result to compare: it failed.`);
    if (scan.status !== 'R') throw new AppError('diff_scan_busy', `${scanLabel(scan)} has no result to compare: it is still being scanned.`);
    return scan;
  };

  /** The components and executables of a ready scan, before evaluation. */
  const contents = async (viewer: Viewer, scan: ScanRecord) => {
    const [found, executables] = await Promise.all([deps.scans.findResultCore(viewer, scan.id), deps.diff.executables(scan.id)]);
    if (!found) throw new AppError('not_found');
    if (found.status !== 'R' || !found.core) throw new AppError('diff_scan_busy', `${scanLabel(scan)} has no result to compare: it is still being scanned.`);
    return { core: found.core, executables };
  };

  return {
    async diff(viewer, baseId, targetId) {
      if (baseId === targetId) throw new AppError('diff_same_scan');
      const base = await readyScan(viewer, baseId);
      const target = await readyScan(viewer, targetId);
      const [before, after, knowledgeBase] = await Promise.all([contents(viewer, base), contents(viewer, target), deps.knowledgeBaseSummary()]);
      // One after the other: a snapshot is one connection (one transaction).
      const [beforeAdjustments, afterAdjustments] = await Promise.all([deps.adjustments.forScan(base.id), deps.adjustments.forScan(target.id)]);
      const [beforeEvaluation, afterEvaluation] = await deps.knowledgeBaseSnapshot(async (kb) => [await evaluateScan(before.core, kb, beforeAdjustments), await evaluateScan(after.core, kb, afterAdjustments)] as const);
      const side = (contents: typeof before, evaluation: typeof beforeEvaluation): DiffSide => ({
        components: evaluation.adjusted.identification.components,
        evaluation: evaluation.evaluation,
        executables: contents.executables,
        inputName: contents.core.input.name,
      });
      return {
        base: toDiffScan(base),
        target: toDiffScan(target),
        ...diffScans(side(before, beforeEvaluation), side(after, afterEvaluation)),
        knowledge_base: knowledgeBase,
      };
    },
  };
}

/** "firmware-2.1.bin (scan 12)": two uploads of one file name are told apart by id. */
function scanLabel(scan: Pick<ScanRecord, 'id' | 'filename'>): string {
  return `${scan.filename} (scan ${scan.id})`;
}

function toDiffScan(scan: ScanRecord): ScanDiffScan {
  return {
    id: scan.id,
    name: scan.filename,
    group: scan.groupId,
    group_name: scan.groupName,
    sha1: scan.sha1,
    created: scan.createdAt.toISOString(),
    finished: scan.finishedAt?.toISOString() ?? null,
    component_count: scan.componentCount,
  };
}
