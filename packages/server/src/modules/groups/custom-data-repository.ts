import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groupCustomData } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';
import type { Viewer } from '../users/viewer.ts';
import { inVisibleGroupWhere } from './scope.ts';

export interface GroupCustomDataRecord {
  id: number;
  key: string;
  value: string;
}

/** A group's key/value pairs; reads go through the viewer's group visibility. */
export interface GroupCustomDataRepository {
  list(viewer: Viewer, groupId: number, page: PageRequest): Promise<{ rows: GroupCustomDataRecord[]; count: number }>;
  find(viewer: Viewer, groupId: number, key: string): Promise<GroupCustomDataRecord | undefined>;
  /** The new entry; undefined when the group already has this key. */
  create(groupId: number, key: string, value: string): Promise<GroupCustomDataRecord | undefined>;
  /** The changed entry; undefined when the group no longer has this key. */
  update(groupId: number, key: string, value: string): Promise<GroupCustomDataRecord | undefined>;
  /** The removed entry; undefined when the group no longer has this key. */
  remove(groupId: number, key: string): Promise<GroupCustomDataRecord | undefined>;
}

const columns = { id: groupCustomData.id, key: groupCustomData.key, value: groupCustomData.value };

export function createGroupCustomDataRepository(db: Db): GroupCustomDataRepository {
  const ofGroup = (viewer: Viewer, groupId: number) => and(eq(groupCustomData.groupId, groupId), inVisibleGroupWhere(db, viewer, groupCustomData.groupId));
  const entry = (groupId: number, key: string) => and(eq(groupCustomData.groupId, groupId), eq(groupCustomData.key, key));
  return {
    async list(viewer, groupId, page) {
      const where = ofGroup(viewer, groupId);
      const [rows, [total]] = await Promise.all([
        db.select(columns).from(groupCustomData).where(where).orderBy(asc(groupCustomData.key)).limit(page.limit).offset(page.offset),
        db.select({ value: count() }).from(groupCustomData).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },
    async find(viewer, groupId, key) {
      const [row] = await db.select(columns).from(groupCustomData).where(and(ofGroup(viewer, groupId), eq(groupCustomData.key, key)));
      return row;
    },
    async create(groupId, key, value) {
      const [row] = await db.insert(groupCustomData).values({ groupId, key, value }).onConflictDoNothing().returning(columns);
      return row;
    },
    async update(groupId, key, value) {
      const [row] = await db.update(groupCustomData).set({ value }).where(entry(groupId, key)).returning(columns);
      return row;
    },
    async remove(groupId, key) {
      const [row] = await db.delete(groupCustomData).where(entry(groupId, key)).returning(columns);
      return row;
    },
  };
}
