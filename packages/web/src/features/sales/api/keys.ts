import type { ScanListParams } from './ready-scans.ts';

/** The sales view's own cache: its scans are loaded through the sales endpoints (spec §2), apart from the scan page's. */
export const salesKeys = {
  all: ['sales'] as const,
  lists: () => [...salesKeys.all, 'list'] as const,
  list: (params: ScanListParams) => [...salesKeys.lists(), params] as const,
  scans: () => [...salesKeys.all, 'scan'] as const,
  scan: (id: number) => [...salesKeys.scans(), id] as const,
  summary: (id: number) => [...salesKeys.scan(id), 'summary'] as const,
  result: (id: number) => [...salesKeys.scan(id), 'result'] as const,
};
