// The scan lists' filters beside q/ordering/limit/offset (lib/list-search.ts): status and a
// created date range, kept in the URL as status, created_from and created_to (YYYY-MM-DD).
import { type SearchSchemaInput, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import type { ScanStatus } from '../../../lib/api-schemas.ts';
import type { ListParams } from '../../../lib/list-search.ts';
import { scanListParams, type ScanListParams, scanListSearch, type ScanOrderingField } from './scans.ts';

export const STATUS_FILTERS: { value: ScanStatus; label: string }[] = [
  { value: 'R', label: 'Ready' },
  { value: 'B', label: 'Queued' },
  { value: 'S', label: 'Started' },
  { value: 'P', label: 'Processing' },
  { value: 'D', label: 'Finishing' },
  { value: 'F', label: 'Failed' },
];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00`)));

export const scanFilterSchema = z.object({
  status: z.enum(['R', 'B', 'S', 'P', 'D', 'F']).optional().catch(undefined),
  created_from: day.optional().catch(undefined),
  created_to: day.optional().catch(undefined),
});
export type ScanFilters = z.infer<typeof scanFilterSchema>;

/** The API's filter parameters: the days are the browser's local days, from midnight to the last millisecond. */
export function scanFilterParams(filters: ScanFilters): { status?: ScanStatus; created__gte?: string; created__lte?: string } {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.created_from ? { created__gte: new Date(`${filters.created_from}T00:00:00`).toISOString() } : {}),
    ...(filters.created_to ? { created__lte: new Date(`${filters.created_to}T23:59:59.999`).toISOString() } : {}),
  };
}

/** Reads the filters from the URL and writes them back; a change goes back to the first page. */
export function useScanFilters(): { filters: ScanFilters; setFilters: (next: Partial<ScanFilters>) => void } {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const { status, created_from, created_to } = raw;
  const filters = useMemo(() => scanFilterSchema.parse({ status, created_from, created_to }), [status, created_from, created_to]);
  const setFilters = useCallback(
    (next: Partial<ScanFilters>) => {
      void navigate({
        to: '.',
        // Cleared filters and the page offset leave the URL.
        search: (prev: Record<string, unknown>) =>
          Object.fromEntries(Object.entries({ ...prev, ...next }).filter(([key, value]) => key !== 'offset' && value !== undefined && value !== '')),
      } as never);
    },
    [navigate],
  );
  return { filters, setFilters };
}

/** A list route's search: the list's q/ordering/limit/offset and the filters. */
/** Every key optional, so links to a list need no search. */
type RawScanListSearch = Partial<Record<'q' | 'ordering' | 'limit' | 'offset' | keyof ScanFilters, unknown>>;

export function validateScanListSearch(search: RawScanListSearch & SearchSchemaInput) {
  return { ...scanListSearch.schema.parse(search), ...scanFilterSchema.parse(search) };
}

/** The GET /rest/scans/ parameters of a list route's search, for its loader and its page alike. */
export function scanListRequest(search: ListParams<ScanOrderingField> & ScanFilters, group?: number): ScanListParams {
  return { ...scanListParams(search, group), ...scanFilterParams(search) };
}
