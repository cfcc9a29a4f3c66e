// A ready scan as a portable scan file (`<scan name>.bdba`, engine portable/): its stored
// Identification, as stored (no parse), written as a gzip stream by the engine's writer, the
// one `binlens scan --format bdba` uses.
import type { Readable } from 'node:stream';
import { PORTABLE_SCAN_MEDIA_TYPE, portableScanFileName, writePortableScan } from '@binlens/engine';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../users/viewer.ts';
import type { ScansRepository } from './repository.ts';

export interface PortableScanDownload {
  stream: Readable;
  mediaType: string;
  fileName: string;
}

export interface ScanPortableService {
  download(viewer: Viewer, scanId: number): Promise<PortableScanDownload>;
}

export interface ScanPortableServiceDeps {
  scans: Pick<ScansRepository, 'findIdentificationText'>;
  /** The export time written into the file; the clock by default. */
  now?: () => Date;
}

export function createScanPortableService(deps: ScanPortableServiceDeps): ScanPortableService {
  return {
    async download(viewer, scanId) {
      const found = await deps.scans.findIdentificationText(viewer, scanId);
      if (!found) throw new AppError('not_found');
      if (found.status !== 'R' || found.json === null) throw new AppError('scan_not_ready');
      const exportedAt = deps.now?.() ?? new Date();
      return { stream: writePortableScan(found.json, exportedAt), mediaType: PORTABLE_SCAN_MEDIA_TYPE, fileName: portableScanFileName(found.filename) };
    },
  };
}
