/**
 * GET /rest/scans/{id}/dotbdba/: the scan as a portable scan file (`<scan name>.bdba`), which an
 * upload into any group (here or on another server) imports as a ready scan.
 */
export function portableScanUrl(scanId: number): string {
  return `/rest/scans/${scanId}/dotbdba/`;
}
