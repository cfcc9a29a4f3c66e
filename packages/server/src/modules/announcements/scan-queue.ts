import { count, inArray, min } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BUSY_SCAN_STATUSES, scans } from '../../db/schema/index.ts';
import type { ScanQueueState } from './system-status-service.ts';

/** Spec §4: B, S, P and D are busy. */

/** How many scans wait or run, and since when the oldest: the system status's scan-queue entry. */
export async function scanQueueState(db: Db): Promise<ScanQueueState> {
  const [row] = await db.select({ busy: count(), oldest: min(scans.createdAt) }).from(scans).where(inArray(scans.status, [...BUSY_SCAN_STATUSES]));
  return { busy: row?.busy ?? 0, oldest: row?.oldest ?? null };
}
