import { and, asc, count, desc, eq, exists, ilike, isNull, like, max, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containing, escapeLike } from '../../db/like.ts';
import { type GroupRole, groupFavourites, groupMemberships, groups, scans } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';
import type { Viewer } from '../users/viewer.ts';
import type { GroupOrdering } from './schemas.ts';
import { viewerRoleOnGroup, visibleGroupsWhere } from './scope.ts';

export interface GroupRecord {
  id: number;
  name: string;
  description: string;
  parentId: number | null;
  searchPath: string;
  depth: number;
  /** The viewer's highest role along the search path, null when they hold none. */
  role: GroupRole | null;
  /** Whether the viewer marked the group as a favourite. */
  favourite: boolean;
}

export interface GroupFilter {
  q?: string | undefined;
  /** Only the subgroups of this group. */
  parent?: number | undefined;
  /** Only the viewer's favourites (true) or only the others (false). */
  favourite?: boolean | undefined;
  ordering: GroupOrdering;
}

export interface NewGroup {
  name: string;
  description: string;
  parent: { id: number; searchPath: string; depth: number } | null;
  createdBy: number;
}

/** Where a group sits in the tree. */
export type TreePlace = Pick<GroupRecord, 'id' | 'searchPath' | 'depth'>;

export interface GroupsRepository {
  list(viewer: Viewer, filter: GroupFilter, page: PageRequest): Promise<{ rows: GroupRecord[]; count: number }>;
  findVisible(viewer: Viewer, id: number): Promise<GroupRecord | undefined>;
  /** Creates the group and makes its creator a manager, atomically. */
  create(group: NewGroup): Promise<number>;
  /** Serialises changes of the tree (names under a parent, moves) until the transaction ends. */
  lockTree(): Promise<void>;
  /**
   * Whether another group the viewer sees under `parentId` (null: the top level) has this
   * name, compared case-insensitively. Only groups the viewer sees: the answer must not tell
   * them of a group they cannot see (everyone's top-level groups share the top level).
   */
  nameTaken(viewer: Viewer, parentId: number | null, name: string, exceptId?: number): Promise<boolean>;
  /** The depth of the deepest group in the subtree rooted at `group` (the group's own when it has none). */
  deepestBelow(group: TreePlace): Promise<number>;
  update(id: number, fields: { name?: string; description?: string }): Promise<void>;
  /** Puts `group` and its subtree under `parent` (null: the top level), rewriting their search paths and depths. */
  move(group: TreePlace, parent: TreePlace | null): Promise<void>;
  /** Marks or unmarks the group as one of the user's favourites; answers whether anything changed. */
  setFavourite(userId: number, groupId: number, favourite: boolean): Promise<boolean>;
  /** Whether the group has a subgroup or a scan. */
  holdsAnything(id: number): Promise<boolean>;
  /** Removes the group and, by cascade, its memberships, settings, custom data and rules scoped to it. */
  remove(id: number): Promise<void>;
}

/** pg_advisory_xact_lock key of group tree changes ("bl" "gt" in ASCII). */
const TREE_LOCK_KEY = 0x626c6774;

/** The group at `searchPath` and every group below it. */
const inSubtree = (searchPath: string) => or(eq(groups.searchPath, searchPath), like(groups.searchPath, `${escapeLike(searchPath)}.%`));

const ORDER_BY: Record<GroupOrdering, SQL[]> = {
  name: [asc(groups.name), asc(groups.id)],
  '-name': [desc(groups.name), desc(groups.id)],
  id: [asc(groups.id)],
  '-id': [desc(groups.id)],
  created: [asc(groups.createdAt), asc(groups.id)],
  '-created': [desc(groups.createdAt), desc(groups.id)],
};

export function createGroupsRepository(db: Db): GroupsRepository {
  const columns = (viewer: Viewer) => ({
    id: groups.id,
    name: groups.name,
    description: groups.description,
    parentId: groups.parentId,
    searchPath: groups.searchPath,
    depth: groups.depth,
    role: viewerRoleOnGroup(db, viewer),
    favourite: sql<boolean>`${isFavourite(db, viewer)}`,
  });

  return {
    async list(viewer, filter, page) {
      const where = and(
        visibleGroupsWhere(db, viewer),
        filter.q ? ilike(groups.name, containing(filter.q)) : undefined,
        filter.parent === undefined ? undefined : eq(groups.parentId, filter.parent),
        filter.favourite === undefined ? undefined : filter.favourite ? isFavourite(db, viewer) : not(isFavourite(db, viewer)),
      );
      const [rows, [total]] = await Promise.all([
        db.select(columns(viewer)).from(groups).where(where).orderBy(...ORDER_BY[filter.ordering]).limit(page.limit).offset(page.offset),
        db.select({ value: count() }).from(groups).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },

    async findVisible(viewer, id) {
      const [row] = await db
        .select(columns(viewer))
        .from(groups)
        .where(and(eq(groups.id, id), visibleGroupsWhere(db, viewer)));
      return row;
    },

    async create(group) {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(groups)
          .values({
            name: group.name,
            description: group.description,
            parentId: group.parent?.id ?? null,
            searchPath: '',
            depth: (group.parent?.depth ?? 0) + 1,
            createdBy: group.createdBy,
          })
          .returning({ id: groups.id });
        if (!inserted) throw new Error('insert into groups returned no row');
        const searchPath = group.parent ? `${group.parent.searchPath}.${inserted.id}` : String(inserted.id);
        await tx.update(groups).set({ searchPath }).where(eq(groups.id, inserted.id));
        await tx.insert(groupMemberships).values({ groupId: inserted.id, userId: group.createdBy, role: 'M' });
        return inserted.id;
      });
    },

    async holdsAnything(id) {
      const [child] = await db.select({ id: groups.id }).from(groups).where(eq(groups.parentId, id)).limit(1);
      if (child) return true;
      const [scan] = await db.select({ id: scans.id }).from(scans).where(eq(scans.groupId, id)).limit(1);
      return scan !== undefined;
    },

    async remove(id) {
      await db.delete(groups).where(eq(groups.id, id));
    },

    async lockTree() {
      await db.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK_KEY})`);
    },

    async nameTaken(viewer, parentId, name, exceptId) {
      const [row] = await db
        .select({ id: groups.id })
        .from(groups)
        .where(and(
          visibleGroupsWhere(db, viewer),
          parentId === null ? isNull(groups.parentId) : eq(groups.parentId, parentId),
          eq(sql`lower(${groups.name})`, name.toLowerCase()),
          exceptId === undefined ? undefined : ne(groups.id, exceptId),
        ))
        .limit(1);
      return row !== undefined;
    },

    async deepestBelow(group) {
      const [row] = await db.select({ depth: max(groups.depth) }).from(groups).where(inSubtree(group.searchPath));
      return row?.depth ?? group.depth;
    },

    async update(id, fields) {
      await db.update(groups).set(fields).where(eq(groups.id, id));
    },

    async move(group, parent) {
      const newPath = parent ? `${parent.searchPath}.${group.id}` : String(group.id);
      const shift = (parent?.depth ?? 0) + 1 - group.depth;
      await db.update(groups).set({ parentId: parent?.id ?? null }).where(eq(groups.id, group.id));
      // `1.4.9` under `7` becomes `7.4.9`: the moved group's prefix is replaced in every path below it.
      await db
        .update(groups)
        .set({
          searchPath: sql`${newPath} || substr(${groups.searchPath}, ${group.searchPath.length + 1})`,
          depth: sql`${groups.depth} + ${shift}`,
        })
        .where(inSubtree(group.searchPath));
    },

    async setFavourite(userId, groupId, favourite) {
      const changed = favourite
        ? await db.insert(groupFavourites).values({ userId, groupId }).onConflictDoNothing().returning({ groupId: groupFavourites.groupId })
        : await db.delete(groupFavourites).where(and(eq(groupFavourites.userId, userId), eq(groupFavourites.groupId, groupId))).returning({ groupId: groupFavourites.groupId });
      return changed.length > 0;
    },
  };
}

/** Where-condition on `groups`: the viewer marked the row's group as a favourite. */
function isFavourite(db: Db, viewer: Viewer): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(groupFavourites)
      .where(and(eq(groupFavourites.groupId, groups.id), eq(groupFavourites.userId, viewer.userId))),
  );
}
