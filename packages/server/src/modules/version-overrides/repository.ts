import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type VersionOverrideRow, versionOverrides } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';
import { escapeLike } from '../../db/like.ts';
import { type OverrideScope, overrideVisibleWhere } from '../component-adjustments/override-scope.ts';
import type { Viewer } from '../users/viewer.ts';

export type NewVersionOverride = Omit<typeof versionOverrides.$inferInsert, 'id' | 'createdAt'>;

export interface VersionOverrideFilter {
  ids?: readonly number[];
  componentName?: string;
  scope?: OverrideScope;
}

export interface VersionOverridesRepository {
  /** Newest first. */
  list(viewer: Viewer, filter: VersionOverrideFilter, page: PageRequest): Promise<{ rows: VersionOverrideRow[]; count: number }>;
  findVisible(viewer: Viewer, id: number): Promise<VersionOverrideRow | undefined>;
  create(row: NewVersionOverride): Promise<VersionOverrideRow>;
  remove(id: number): Promise<VersionOverrideRow | undefined>;
}

export function createVersionOverridesRepository(db: Db): VersionOverridesRepository {
  const where = (viewer: Viewer, filter: VersionOverrideFilter): SQL | undefined => and(
    overrideVisibleWhere(db, viewer, versionOverrides),
    filter.ids ? inArray(versionOverrides.id, [...filter.ids]) : undefined,
    filter.componentName ? ilike(versionOverrides.componentName, escapeLike(filter.componentName)) : undefined,
    filter.scope ? eq(versionOverrides.scope, filter.scope) : undefined,
  );
  return {
    async list(viewer, filter, page) {
      if (filter.ids?.length === 0) return { rows: [], count: 0 };
      const condition = where(viewer, filter);
      const [rows, [total]] = await Promise.all([
        db.select().from(versionOverrides).where(condition).orderBy(desc(versionOverrides.id)).limit(page.limit).offset(page.offset),
        db.select({ value: count() }).from(versionOverrides).where(condition),
      ]);
      return { rows, count: total?.value ?? 0 };
    },
    async findVisible(viewer, id) {
      const [row] = await db.select().from(versionOverrides).where(and(eq(versionOverrides.id, id), overrideVisibleWhere(db, viewer, versionOverrides)));
      return row;
    },
    async create(row) {
      const [made] = await db.insert(versionOverrides).values(row).returning();
      if (!made) throw new Error('the version override was not stored');
      return made;
    },
    async remove(id) {
      const [removed] = await db.delete(versionOverrides).where(eq(versionOverrides.id, id)).returning();
      return removed;
    },
  };
}
