import type { ScanStatus } from '../../../lib/api-schemas.ts';

/** Spec §4: R ready; B, S, P, D busy; F failed. */
export const BUSY_STATUSES: readonly ScanStatus[] = ['B', 'S', 'P', 'D'];

/** Spec §9: a busy scan is polled every 3000 ms. */
export const SCAN_POLL_INTERVAL_MS = 3000;

export type StatusKind = 'ready' | 'busy' | 'failed';

export function statusKind(status: ScanStatus): StatusKind {
  if (status === 'R') return 'ready';
  if (status === 'F') return 'failed';
  return 'busy';
}

export function isBusy(status: ScanStatus | undefined): boolean {
  return status !== undefined && BUSY_STATUSES.includes(status);
}

export const STATUS_LABELS: Record<StatusKind, string> = {
  ready: 'Ready',
  busy: 'Busy',
  failed: 'Failed',
};
