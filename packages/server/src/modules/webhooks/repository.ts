import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type GroupWebhookRow, groups, groupWebhooks, scans, type ScanStatus, type VulnerabilityCounts } from '../../db/schema/index.ts';

/** A finished scan with its group's webhook, as the delivery job reads it. */
export interface WebhookTarget {
  url: string;
  secret: string;
  scan: {
    id: number;
    filename: string;
    groupId: number;
    groupName: string;
    status: ScanStatus;
    error: string | null;
    componentCount: number | null;
    vulnerabilityCounts: VulnerabilityCounts | null;
    finishedAt: Date | null;
  };
}

export interface WebhooksRepository {
  find(groupId: number): Promise<GroupWebhookRow | undefined>;
  /** Inserts or replaces the group's webhook; a null secret keeps the stored one. */
  save(groupId: number, url: string, secret: string | null): Promise<GroupWebhookRow>;
  delete(groupId: number): Promise<GroupWebhookRow | undefined>;
  target(scanId: number): Promise<WebhookTarget | undefined>;
  /** The scan as a completion announcement describes it, webhook or not (the public API's Callback). */
  scan(scanId: number): Promise<WebhookTarget['scan'] | undefined>;
}

/** What a scan's summary (the webhook's payload) is made of. */
const SUMMARY_COLUMNS = {
  id: scans.id,
  filename: scans.filename,
  groupId: scans.groupId,
  groupName: groups.name,
  status: scans.status,
  error: scans.error,
  componentCount: scans.componentCount,
  vulnerabilityCounts: scans.vulnerabilityCounts,
  finishedAt: scans.finishedAt,
};

export function createWebhooksRepository(db: Db): WebhooksRepository {
  return {
    async find(groupId) {
      const [row] = await db.select().from(groupWebhooks).where(eq(groupWebhooks.groupId, groupId));
      return row;
    },
    async save(groupId, url, secret) {
      const now = new Date();
      const [row] = await db
        .insert(groupWebhooks)
        .values({ groupId, url, secret: secret ?? '', createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: groupWebhooks.groupId,
          set: { url, updatedAt: now, ...(secret !== null ? { secret } : {}) },
        })
        .returning();
      if (!row) throw new Error('the webhook was not saved');
      return row;
    },
    async delete(groupId) {
      const [row] = await db.delete(groupWebhooks).where(eq(groupWebhooks.groupId, groupId)).returning();
      return row;
    },
    async target(scanId) {
      const [row] = await db
        .select({ url: groupWebhooks.url, secret: groupWebhooks.secret, ...SUMMARY_COLUMNS })
        .from(scans)
        .innerJoin(groupWebhooks, eq(groupWebhooks.groupId, scans.groupId))
        .innerJoin(groups, eq(groups.id, scans.groupId))
        .where(eq(scans.id, scanId));
      if (!row) return undefined;
      const { url, secret, ...scan } = row;
      return { url, secret, scan };
    },
    async scan(scanId) {
      const [row] = await db
        .select(SUMMARY_COLUMNS)
        .from(scans)
        .innerJoin(groups, eq(groups.id, scans.groupId))
        .where(eq(scans.id, scanId));
      return row;
    },
  };
}
