import { count, inArray, min } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scans } from '../../db/schema/index.ts';
import type { ScanQueueState } from './system-status-service.ts';

/** Spec §4: B, S, P and D are busy. */
const BUSY = ['B', 'S', 'P', 'D'] as const;

/** How many scans wait or run, and since when the oldest: the system status's scan-queue entry. */
export async function scanQueueState(db: Db): Promise<ScanQueueState> {
  const [row] = await db.select({ busy: count(), oldest: min(scans.createdAt) }).from(scans).where(inArray(scans.status, [...BUSY]));
  return { busy: row?.busy ?? 0, oldest: row?.oldest ?? null };
}
