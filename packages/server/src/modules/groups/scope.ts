import { and, eq, exists, like, or, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { companySettings, groupMemberships, groups } from '../../db/schema/index.ts';
import type { GroupRole } from '../../db/schema/index.ts';
import { seesAllGroups, type Viewer } from '../users/viewer.ts';

// The one place group visibility is decided (spec §6): a viewer sees a group when they
// hold a role on it or, with the company's membership_inheritance_enabled (the default), on
// any ancestor along its search_path, or when they may change the company account. Every
// repository filters through these builders.

const memberGroup = alias(groups, 'member_group');

/**
 * The company's membership_inheritance_enabled, read in the same statement so that a change
 * holds from the next query on; true when the settings row is missing (migration 0010 adds it).
 */
export const inheritanceEnabled = sql<boolean>`coalesce((select ${companySettings.membershipInheritanceEnabled} from ${companySettings} where ${companySettings.id} = 1), true)`;

/**
 * A viewer's memberships on `groups` or, with inheritance on, its ancestors: `1.4` covers
 * `1.4` and, inheriting, `1.4.9`.
 */
function membershipsCovering(db: Db, viewer: Viewer) {
  return db
    .select({ role: groupMemberships.role })
    .from(groupMemberships)
    .innerJoin(memberGroup, eq(memberGroup.id, groupMemberships.groupId))
    .where(
      and(
        eq(groupMemberships.userId, viewer.userId),
        or(
          eq(groups.searchPath, memberGroup.searchPath),
          and(inheritanceEnabled, like(groups.searchPath, sql`${memberGroup.searchPath} || '.%'`)),
        ),
      ),
    );
}

/**
 * Viewers with the same key see the same groups, whatever else differs: everyone who sees all
 * groups shares one, every other viewer has their own (their memberships decide).
 */
export function visibilityKey(viewer: Viewer): string {
  return seesAllGroups(viewer) ? 'all' : `user:${viewer.userId}`;
}

/** Where-condition on `groups` for the groups the viewer sees; undefined means all. */
export function visibleGroupsWhere(db: Db, viewer: Viewer): SQL | undefined {
  if (seesAllGroups(viewer)) return undefined;
  return exists(membershipsCovering(db, viewer));
}

/** Where-condition on any table with a group id column: the row's group is visible. */
export function inVisibleGroupWhere(db: Db, viewer: Viewer, groupIdColumn: AnyPgColumn): SQL | undefined {
  if (seesAllGroups(viewer)) return undefined;
  return exists(
    db
      .select({ one: sql`1` })
      .from(groups)
      .where(and(eq(groups.id, groupIdColumn), exists(membershipsCovering(db, viewer)))),
  );
}

/** The viewer's highest role on a `groups` row along its search path, or its own with inheritance off ('M' sorts above 'GU'). */
export function viewerRoleOnGroup(db: Db, viewer: Viewer): SQL<GroupRole | null> {
  const roles = membershipsCovering(db, viewer);
  return sql<GroupRole | null>`(select max(covering.role) from (${roles}) as covering)`;
}
