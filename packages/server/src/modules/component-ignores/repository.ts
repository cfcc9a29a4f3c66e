import { and, count, desc, eq, exists, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ComponentIgnoreRow, componentIgnores, scans, type TriageScope } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';
import { escapeLike } from '../../db/like.ts';
import { inVisibleGroupWhere } from '../groups/scope.ts';
import type { Viewer } from '../users/viewer.ts';

export type NewComponentIgnore = Omit<typeof componentIgnores.$inferInsert, 'id' | 'createdAt'>;

export interface ComponentIgnoreFilter {
  ids?: readonly number[];
  componentName?: string;
  scope?: TriageScope;
}

export interface ComponentIgnoresRepository {
  /** Newest first. */
  list(viewer: Viewer, filter: ComponentIgnoreFilter, page: PageRequest): Promise<{ rows: ComponentIgnoreRow[]; count: number }>;
  findVisible(viewer: Viewer, id: number): Promise<ComponentIgnoreRow | undefined>;
  /** The application's name (its file name), for scope FN. */
  applicationName(scanId: number): Promise<string | undefined>;
  create(row: NewComponentIgnore): Promise<ComponentIgnoreRow>;
  remove(id: number): Promise<ComponentIgnoreRow | undefined>;
}

export function createComponentIgnoresRepository(db: Db): ComponentIgnoresRepository {
  /** As triages: a group's to whoever sees the group, a result's to whoever sees the result, the others (CA, FN, FH) to every user. */
  const visible = (viewer: Viewer): SQL | undefined => {
    const groupSeen = inVisibleGroupWhere(db, viewer, componentIgnores.groupScope);
    if (groupSeen === undefined) return undefined;
    const resultSeen = exists(db.select({ one: sql`1` }).from(scans).where(and(eq(scans.id, componentIgnores.resultScope), inVisibleGroupWhere(db, viewer, scans.groupId))));
    return or(notInArray(componentIgnores.scope, ['G', 'R']), and(eq(componentIgnores.scope, 'G'), groupSeen), and(eq(componentIgnores.scope, 'R'), resultSeen));
  };
  return {
    async list(viewer, filter, page) {
      if (filter.ids?.length === 0) return { rows: [], count: 0 };
      const where = and(
        visible(viewer),
        filter.ids ? inArray(componentIgnores.id, [...filter.ids]) : undefined,
        filter.componentName ? ilike(componentIgnores.componentName, escapeLike(filter.componentName)) : undefined,
        filter.scope ? eq(componentIgnores.scope, filter.scope) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(componentIgnores).where(where).orderBy(desc(componentIgnores.id)).limit(page.limit).offset(page.offset),
        db.select({ value: count() }).from(componentIgnores).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },
    async findVisible(viewer, id) {
      const [row] = await db.select().from(componentIgnores).where(and(eq(componentIgnores.id, id), visible(viewer)));
      return row;
    },
    async applicationName(scanId) {
      const [row] = await db.select({ filename: scans.filename }).from(scans).where(eq(scans.id, scanId));
      return row?.filename;
    },
    async create(row) {
      const [made] = await db.insert(componentIgnores).values(row).returning();
      if (!made) throw new Error('the component ignore was not stored');
      return made;
    },
    async remove(id) {
      const [removed] = await db.delete(componentIgnores).where(eq(componentIgnores.id, id)).returning();
      return removed;
    },
  };
}
