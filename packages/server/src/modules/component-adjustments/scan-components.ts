// What an override, an ignore or a move may name in a ready application: its components as
// users adjusted them (moves, versions, licences), each with the SHA-1s of its files.
import { adjustIdentification } from '../adjustments/apply.ts';
import type { AdjustmentsSource } from '../scans/evaluation.ts';
import type { ScanJobRepository } from '../scans/job-repository.ts';

export interface AdjustableComponent {
  uid: string;
  name: string;
  /** As adjusted: a version override's version. */
  version: string;
  /** Lower-case hex SHA-1s of the files its evidence points at. */
  hashes: ReadonlySet<string>;
}

/** Null when the application is not ready. */
export type AdjustableComponents = (scanId: number) => Promise<readonly AdjustableComponent[] | null>;

export interface AdjustableComponentsDeps {
  scans: Pick<ScanJobRepository, 'loadIdentification'>;
  adjustments: AdjustmentsSource;
}

export function adjustableComponents(deps: AdjustableComponentsDeps): AdjustableComponents {
  return async (scanId) => {
    const core = await deps.scans.loadIdentification(scanId);
    if (!core) return null;
    const adjusted = adjustIdentification(core, await deps.adjustments.forScan(scanId));
    return adjusted.identification.components.map((component) => ({
      uid: component.id,
      name: component.name,
      version: component.version,
      hashes: new Set([...(adjusted.fileHashes[component.id] ?? [])].map((sha1) => sha1.toLowerCase())),
    }));
  };
}

export const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
