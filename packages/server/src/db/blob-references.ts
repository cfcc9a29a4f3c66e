// Blobs are addressed by their content, so one blob may be the file of several scans and the
// document of reports (a report downloaded and uploaded again as a scan has the same bytes):
// whoever removes a scan's file or a report asks here before deleting the blob.
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from './client.ts';
import { reports, scans } from './schema/index.ts';

/** Whether a scan still holding its file, or a report (other than `exceptReport`), names the blob. */
export async function blobReferenced(db: Db, blobKey: string, exceptReport?: number): Promise<boolean> {
  const [scan] = await db.select({ id: scans.id }).from(scans).where(and(eq(scans.blobKey, blobKey), isNull(scans.binaryRemovedAt))).limit(1);
  if (scan) return true;
  const [report] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.blobKey, blobKey), exceptReport === undefined ? undefined : ne(reports.id, exceptReport)))
    .limit(1);
  return report !== undefined;
}
