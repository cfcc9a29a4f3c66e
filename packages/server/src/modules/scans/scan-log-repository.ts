import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ScanLogLevel, scanLogLines } from '../../db/schema/index.ts';

/** Lines kept per scan: a scan retried and rescanned many times keeps its newest lines. */
export const SCAN_LOG_MAX_LINES = 200;
/** Longest message kept; the server's log has the rest. */
export const SCAN_LOG_MAX_MESSAGE = 500;

export interface ScanLogLine {
  at: Date;
  level: ScanLogLevel;
  message: string;
}

/** A scan's own log: written by the intake and the scan job, read by GET /rest/scans/{id}/scan-log. */
export interface ScanLogRepository {
  append(scanId: number, level: ScanLogLevel, message: string): Promise<void>;
  /** Oldest first; at most SCAN_LOG_MAX_LINES. */
  list(scanId: number): Promise<ScanLogLine[]>;
}

export function createScanLogRepository(db: Db): ScanLogRepository {
  return {
    async append(scanId, level, message) {
      const text = message.length > SCAN_LOG_MAX_MESSAGE ? `${message.slice(0, SCAN_LOG_MAX_MESSAGE - 1)}…` : message;
      await db.transaction(async (tx) => {
        await tx.insert(scanLogLines).values({ scanId, level, message: text });
        // Drops the lines older than the newest SCAN_LOG_MAX_LINES of this scan.
        const [oldestKept] = await tx
          .select({ id: scanLogLines.id })
          .from(scanLogLines)
          .where(eq(scanLogLines.scanId, scanId))
          .orderBy(desc(scanLogLines.id))
          .offset(SCAN_LOG_MAX_LINES - 1)
          .limit(1);
        if (oldestKept) await tx.delete(scanLogLines).where(and(eq(scanLogLines.scanId, scanId), lt(scanLogLines.id, oldestKept.id)));
      });
    },
    async list(scanId) {
      return db
        .select({ at: scanLogLines.at, level: scanLogLines.level, message: scanLogLines.message })
        .from(scanLogLines)
        .where(eq(scanLogLines.scanId, scanId))
        .orderBy(asc(scanLogLines.id))
        .limit(SCAN_LOG_MAX_LINES);
    },
  };
}
