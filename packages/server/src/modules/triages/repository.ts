import { and, asc, count, desc, eq, exists, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containing, escapeLike } from '../../db/like.ts';
import { groups, scans, type TriageRationale, type TriageRow, type TriageScope, triages } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';
import { inVisibleGroupWhere } from '../groups/scope.ts';
import type { Viewer } from '../users/viewer.ts';
import type { TRIAGE_ORDERINGS } from './schemas.ts';

export type NewTriage = Omit<typeof triages.$inferInsert, 'id' | 'createdAt' | 'modifiedAt'>;
export type TriagePatch = Partial<NewTriage>;

export interface TriageFilter {
  ids?: readonly number[];
  vulnId?: string;
  componentName?: string;
  scope?: TriageScope;
  rationale?: TriageRationale;
  q?: string;
  ordering: (typeof TRIAGE_ORDERINGS)[number];
}

export interface TriagesRepository {
  list(viewer: Viewer, filter: TriageFilter, page: PageRequest): Promise<{ rows: TriageRow[]; count: number }>;
  /** The triages with these ids the viewer sees. */
  findVisible(viewer: Viewer, ids: readonly number[]): Promise<TriageRow[]>;
  visibleGroup(viewer: Viewer, id: number): Promise<boolean>;
  visibleScan(viewer: Viewer, id: number): Promise<{ id: number; filename: string; groupId: number; status: string } | undefined>;
  createMany(rows: readonly NewTriage[]): Promise<TriageRow[]>;
  update(id: number, patch: TriagePatch): Promise<TriageRow | undefined>;
  remove(ids: readonly number[]): Promise<void>;
}

export function createTriagesRepository(db: Db): TriagesRepository {
  /**
   * Who sees a triage: a group's to whoever sees the group, a result's to whoever sees the
   * result; account-wide ones (CA, and FN and FH, which hold across groups) to every user.
   */
  const visible = (viewer: Viewer): SQL | undefined => {
    const groupSeen = inVisibleGroupWhere(db, viewer, triages.groupScope);
    if (groupSeen === undefined) return undefined;
    const resultSeen = exists(db.select({ one: sql`1` }).from(scans).where(and(eq(scans.id, triages.resultScope), inVisibleGroupWhere(db, viewer, scans.groupId))));
    return or(notInArray(triages.scope, ['G', 'R']), and(eq(triages.scope, 'G'), groupSeen), and(eq(triages.scope, 'R'), resultSeen));
  };
  const filterWhere = (viewer: Viewer, filter: TriageFilter): SQL | undefined => and(
    visible(viewer),
    filter.ids ? inArray(triages.id, [...filter.ids]) : undefined,
    filter.vulnId ? eq(triages.vulnId, filter.vulnId) : undefined,
    filter.componentName ? ilike(triages.componentName, escapeLike(filter.componentName)) : undefined,
    filter.scope ? eq(triages.scope, filter.scope) : undefined,
    filter.rationale ? eq(triages.rationale, filter.rationale) : undefined,
    filter.q ? or(ilike(triages.vulnId, containing(filter.q)), ilike(triages.componentName, containing(filter.q)), ilike(triages.description, containing(filter.q))) : undefined,
  );
  return {
    async list(viewer, filter, page) {
      const where = filterWhere(viewer, filter);
      const [rows, [total]] = await Promise.all([
        db.select().from(triages).where(where).orderBy(...orderOf(filter.ordering)).limit(page.limit).offset(page.offset),
        db.select({ value: count() }).from(triages).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },
    async findVisible(viewer, ids) {
      if (ids.length === 0) return [];
      return db.select().from(triages).where(and(visible(viewer), inArray(triages.id, [...ids]))).orderBy(asc(triages.id));
    },
    async visibleGroup(viewer, id) {
      const [row] = await db.select({ id: groups.id }).from(groups).where(and(eq(groups.id, id), inVisibleGroupWhere(db, viewer, groups.id)));
      return row !== undefined;
    },
    async visibleScan(viewer, id) {
      const [row] = await db
        .select({ id: scans.id, filename: scans.filename, groupId: scans.groupId, status: scans.status })
        .from(scans)
        .where(and(eq(scans.id, id), inVisibleGroupWhere(db, viewer, scans.groupId)));
      return row;
    },
    async createMany(rows) {
      if (rows.length === 0) return [];
      return db.insert(triages).values([...rows]).returning();
    },
    async update(id, patch) {
      const [row] = await db.update(triages).set({ ...patch, modifiedAt: new Date() }).where(eq(triages.id, id)).returning();
      return row;
    },
    async remove(ids) {
      if (ids.length > 0) await db.delete(triages).where(inArray(triages.id, [...ids]));
    },
  };
}

function orderOf(ordering: TriageFilter['ordering']): SQL[] {
  const column = { id: triages.id, modified: triages.modifiedAt, vuln_id: triages.vulnId, component_name: triages.componentName }[ordering.replace(/^-/, '') as 'id'];
  const primary = ordering.startsWith('-') ? desc(column) : asc(column);
  return ordering === 'id' || ordering === '-id' ? [primary] : [primary, asc(triages.id)];
}
