// The details of a ready scan: its input, its run and the settings the engine recorded, the
// size of each of its lists, and what its vulnerabilities are matched with (evaluation.ts).
import type { Identification } from '@binlens/engine/model';
import { AppError } from '../../lib/errors.ts';
import type { KnowledgeBaseSummary } from '../knowledge-base/schemas.ts';
import type { Viewer } from '../users/viewer.ts';
import { SCAN_MATCHING } from './evaluation.ts';
import type { ScanMetadataRepository } from './metadata-repository.ts';
import type { ScanMetadata } from './metadata.schemas.ts';
import type { ScansRepository } from './repository.ts';

export interface ScanMetadataService {
  /** 404 for a scan the viewer cannot see, 409 scan_not_ready while it is busy or failed. */
  metadata(viewer: Viewer, scanId: number): Promise<ScanMetadata>;
}

export interface ScanMetadataServiceDeps {
  metadata: ScanMetadataRepository;
  scans: Pick<ScansRepository, 'findResultCore'>;
  knowledgeBaseSummary: () => Promise<KnowledgeBaseSummary>;
  /** Triaged findings by kind, documentation examples left out (modules/infoleak-triages): the count is of matched ones. */
  triagedLeaks: (scanId: number) => Promise<ReadonlyMap<string, number>>;
}

export function createScanMetadataService(deps: ScanMetadataServiceDeps): ScanMetadataService {
  return {
    async metadata(viewer, scanId) {
      const facts = await deps.metadata.facts(viewer, scanId);
      if (!facts) throw new AppError('not_found');
      if (facts.status !== 'R') throw new AppError('scan_not_ready');
      const [found, knowledgeBase, triagedLeaks] = await Promise.all([deps.scans.findResultCore(viewer, scanId), deps.knowledgeBaseSummary(), deps.triagedLeaks(scanId)]);
      if (!found) throw new AppError('not_found');
      if (found.status !== 'R' || !found.core) throw new AppError('scan_not_ready');
      const core = found.core;
      const size = (key: string) => facts.sizes.get(key) ?? 0;
      return {
        input: { ...core.input, format: core.input.format ?? null },
        created_at: facts.createdAt.toISOString(),
        started_at: facts.startedAt?.toISOString() ?? null,
        finished_at: facts.finishedAt?.toISOString() ?? null,
        analysis_ms: analysisMs(core),
        analysis_settings: core.analysis
          ? { limits: { ...core.analysis.limits }, infoleak_decoy_filter: core.analysis.infoleakDecoyFilter, custom_patterns: core.analysis.customPatterns }
          : null,
        vulnerability_matching: { ...SCAN_MATCHING },
        counts: {
          files: facts.sizes.has('file') ? size('file') : null,
          components: core.components.length,
          licenses: licenseCount(core),
          executables: size('executable'),
          code_findings: size('code_finding'),
          infoleaks: size('infoleak') - [...triagedLeaks.values()].reduce((sum, n) => sum + n, 0),
          mobile_apps: size('mobile_app'),
          docker_images: core.dockerImages?.length ?? 0,
          kernel_configs: core.kernelConfig?.length ?? 0,
          errors: size('problem:error'),
          warnings: size('problem:warning'),
          info: size('problem:info'),
        },
        kernel_configs: (core.kernelConfig ?? []).map((config) => ({ ...config, path: config.path.length === 0 ? [core.input.name] : config.path })),
        knowledge_base: knowledgeBase,
      };
    },
  };
}

function analysisMs(core: Identification): number | null {
  const ms = Date.parse(core.finishedAt) - Date.parse(core.startedAt);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/** Distinct expressions, as the native JSON's licences list them: declared by components or found in files. */
function licenseCount(core: Identification): number {
  return new Set([...core.components.flatMap((c) => c.licenses), ...(core.licenses ?? []).map((l) => l.expression)]).size;
}
