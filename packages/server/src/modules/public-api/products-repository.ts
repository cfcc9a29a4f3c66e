// What the public /api/ product calls read besides the /rest/ services: a product named by
// the SHA1 of its file, its custom data as one map, and the people who made its triages.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scanCustomData, scans, users } from '../../db/schema/index.ts';
import { inVisibleGroupWhere } from '../groups/scope.ts';
import type { Viewer } from '../users/viewer.ts';

/** A user as a triage record names them (public-api.md §3.8). */
export interface TriageAuthor {
  id: number;
  email: string;
  username: string;
}

export interface ProductsRepository {
  /** The newest scan of the file with this SHA1 (lower-case hex) in a group the viewer sees. */
  newestVisibleBySha1(viewer: Viewer, sha1: string): Promise<number | undefined>;
  /** The scan's custom data, key → value, by key. The caller has checked the viewer sees the scan. */
  customData(scanId: number): Promise<Record<string, string>>;
  /** These users, by id; removed ones are missing. */
  authors(ids: readonly number[]): Promise<Map<number, TriageAuthor>>;
}

export function createProductsRepository(db: Db): ProductsRepository {
  return {
    async newestVisibleBySha1(viewer, sha1) {
      const [row] = await db
        .select({ id: scans.id })
        .from(scans)
        .where(and(eq(scans.sha1, sha1), inVisibleGroupWhere(db, viewer, scans.groupId)))
        .orderBy(desc(scans.createdAt), desc(scans.id))
        .limit(1);
      return row?.id;
    },

    async customData(scanId) {
      const rows = await db
        .select({ key: scanCustomData.key, value: scanCustomData.value })
        .from(scanCustomData)
        .where(eq(scanCustomData.scanId, scanId))
        .orderBy(asc(scanCustomData.key));
      return Object.fromEntries(rows.map((row) => [row.key, row.value]));
    },

    async authors(ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: users.id, email: users.email, username: users.username }).from(users).where(inArray(users.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, row]));
    },
  };
}
