// A ready scan's bill of materials as a document other tools read: the engine's writers (the
// same the CLI's `scan --format` uses) over the stored Identification, with the evaluation of
// now, or the reason vulnerabilities were not evaluated when the knowledge base is empty.
import { findSbomWriter, type SbomWriter } from '@binlens/engine';
import { type KnowledgeBase, toSbomVulnerabilities } from '@binlens/vulndb';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../users/viewer.ts';
import { type AdjustmentsSource, evaluateScan, withoutResolved } from './evaluation.ts';
import type { ScansRepository } from './repository.ts';

/** The formats of GET /rest/scans/{id}/sbom/?format=, each with its engine writer and file extension. */
export const SBOM_FORMATS = {
  'cyclonedx-json': { writer: 'cyclonedx', extension: '.cdx.json' },
  'cyclonedx-xml': { writer: 'cyclonedx-xml', extension: '.cdx.xml' },
  'spdx-json': { writer: 'spdx', extension: '.spdx.json' },
  'spdx-tag-value': { writer: 'spdx-tag-value', extension: '.spdx' },
} as const;
/** The triages that hold in the scan as a CycloneDX 1.6 VEX: what GET /rest/scans/{id}/vex/?format=cyclonedx answers. */
export const SBOM_VEX_FORMAT = 'cyclonedx-vex';
export const SBOM_FORMAT_NAMES = [...(Object.keys(SBOM_FORMATS) as (keyof typeof SBOM_FORMATS)[]), SBOM_VEX_FORMAT] as const;
export type SbomFormat = (typeof SBOM_FORMAT_NAMES)[number];

/** What the document says instead of listing no vulnerabilities, as the CLI says it. */
export const SBOM_NOT_EVALUATED =
  'not evaluated: no vulnerability data: the knowledge base was empty; sync it (account menu → Vulnerability data) or upload a bundle';

export interface SbomDocument {
  body: string;
  mediaType: string;
  fileName: string;
}

export interface ScanSbomService {
  sbom(viewer: Viewer, scanId: number, format: SbomFormat): Promise<SbomDocument>;
}

export interface ScanSbomServiceDeps {
  scans: Pick<ScansRepository, 'findIdentification'>;
  knowledgeBase: KnowledgeBase;
  adjustments: AdjustmentsSource;
  /** Whether the knowledge base holds any data (modules/knowledge-base summary state). */
  knowledgeBaseEmpty: () => Promise<boolean>;
  /** The scan's triages as CycloneDX VEX (modules/vex), checked and named as that download is. */
  vex: (viewer: Viewer, scanId: number) => Promise<SbomDocument>;
}

export function createScanSbomService(deps: ScanSbomServiceDeps): ScanSbomService {
  return {
    async sbom(viewer, scanId, format) {
      if (format === SBOM_VEX_FORMAT) return deps.vex(viewer, scanId);
      const found = await deps.scans.findIdentification(viewer, scanId);
      if (!found) throw new AppError('not_found');
      if (found.status !== 'R' || !found.identification) throw new AppError('scan_not_ready');
      const { writer: name, extension } = SBOM_FORMATS[format];
      const writer: SbomWriter | undefined = await findSbomWriter(name);
      if (!writer) throw new Error(`the engine has no ${name} writer`);
      // Users' versions, licences and moves hold in the SBOM too; its vulnerabilities are those not resolved by triage.
      const { evaluation, adjusted } = await evaluateScan(found.identification, deps.knowledgeBase, await deps.adjustments.forScan(scanId));
      const options = (await deps.knowledgeBaseEmpty())
        ? { notEvaluated: SBOM_NOT_EVALUATED }
        : { vulnerabilities: toSbomVulnerabilities(withoutResolved(evaluation)) };
      return { body: writer.write(adjusted.identification, options), mediaType: writer.mediaType, fileName: `${found.filename}${extension}` };
    },
  };
}
