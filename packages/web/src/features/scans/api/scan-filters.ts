// The scan lists' filters beside q/ordering/limit/offset (lib/list-search.ts): status and a
// created date range, kept in the URL as status, created_from and created_to (YYYY-MM-DD).
import { type SearchSchemaInput, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
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

/** Spec §4 verdicts of ready scans. */
export const VERDICT_FILTERS: { value: ScanVerdict; label: string }[] = [
  { value: 'vulns', label: 'Vulnerable' },
  { value: 'pass', label: 'Pass' },
  { value: 'verify', label: 'Verify' },
  { value: 'na', label: 'N/A' },
];
export type ScanVerdict = 'na' | 'verify' | 'pass' | 'vulns';

const STATUSES = new Set<string>(STATUS_FILTERS.map((filter) => filter.value));
const VERDICTS = new Set<string>(VERDICT_FILTERS.map((filter) => filter.value));

/** A calendar day as YYYY-MM-DD, or undefined for anything else. */
function day(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00`)) ? value : undefined;
}

export interface ScanFilters {
  status?: ScanStatus | undefined;
  verdict?: ScanVerdict | undefined;
  created_from?: string | undefined;
  created_to?: string | undefined;
}

/**
 * The filters of a URL's search; values that are not filters are dropped.
 */
export function parseScanFilters(raw: Partial<Record<keyof ScanFilters, unknown>>): ScanFilters {
  const status = typeof raw.status === 'string' && STATUSES.has(raw.status) ? (raw.status as ScanStatus) : undefined;
  const verdict = typeof raw.verdict === 'string' && VERDICTS.has(raw.verdict) ? (raw.verdict as ScanVerdict) : undefined;
  const from = day(raw.created_from);
  const to = day(raw.created_to);
  // Every key present, undefined when not a filter: the route's search overrides what its parents pass through as typed.
  return { status, verdict, created_from: from, created_to: to };
}

/** The API's filter parameters: the days are the browser's local days, from midnight to the last millisecond. */
export function scanFilterParams(filters: ScanFilters): { status?: ScanStatus; verdict?: ScanVerdict; created__gte?: string; created__lte?: string } {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.verdict ? { verdict: filters.verdict } : {}),
    ...(filters.created_from ? { created__gte: new Date(`${filters.created_from}T00:00:00`).toISOString() } : {}),
    ...(filters.created_to ? { created__lte: new Date(`${filters.created_to}T23:59:59.999`).toISOString() } : {}),
  };
}

/** Reads the filters from the URL and writes them back; a change goes back to the first page. */
export function useScanFilters(): { filters: ScanFilters; setFilters: (next: Partial<ScanFilters>) => void } {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const { status, verdict, created_from, created_to } = raw;
  const filters = useMemo(() => parseScanFilters({ status, verdict, created_from, created_to }), [status, verdict, created_from, created_to]);
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
  return { ...scanListSearch.schema.parse(search), ...parseScanFilters(search) };
}

/** The GET /rest/scans/ parameters of a list route's search, for its loader and its page alike. */
export function scanListRequest(search: ListParams<ScanOrderingField> & ScanFilters, group?: number): ScanListParams {
  return { ...scanListParams(search, group), ...scanFilterParams(search) };
}
