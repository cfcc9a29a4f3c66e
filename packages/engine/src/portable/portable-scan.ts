// The portable scan file (`<scan name>.bdba`): one scan's Identification, gzip-compressed JSON
// that `binlens scan --format bdba` and GET /rest/scans/{id}/dotbdba/ write and that an upload
// or `binlens import` reads back, so a scan moves between servers without being scanned again.
// docs/portable-scan.md describes the format.
import type { Identification } from '../model/identification.ts';

export const PORTABLE_SCAN_FORMAT = 'binlens-scan';
/** The version this engine writes. */
export const PORTABLE_SCAN_VERSION = 1;
/** The versions this engine reads. */
export const PORTABLE_SCAN_READ_VERSIONS: readonly number[] = [1];
export const PORTABLE_SCAN_EXTENSION = '.bdba';
export const PORTABLE_SCAN_MEDIA_TYPE = 'application/gzip';

/** The document inside the gzip stream; `format` is its first member, which is how the file is recognised. */
export interface PortableScanDocument {
  format: typeof PORTABLE_SCAN_FORMAT;
  version: number;
  /** ISO 8601. */
  exported_at: string;
  identification: Identification;
}

/** What a reader answers of a valid file. */
export interface PortableScan {
  version: number;
  exportedAt: string;
  identification: Identification;
}

/** A file that is not a portable scan file, or a damaged one; the message says what is wrong, first bad field first. */
export class PortableScanError extends Error {
  override name = 'PortableScanError';
}

/** `firmware.bin` → `firmware.bin.bdba`. */
export function portableScanFileName(scanName: string): string {
  return `${scanName}${PORTABLE_SCAN_EXTENSION}`;
}
