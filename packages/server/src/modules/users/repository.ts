import { and, arrayContains, asc, count, eq, exists, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { apiKeys, groupMemberships, groups, scans, sessions, type UserRow, users } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';
import { visibleGroupsWhere } from '../groups/scope.ts';
import { seesAllGroups, type Viewer } from './viewer.ts';

export interface NewUser {
  email: string;
  passwordHash: string;
  roles: string[];
  displayLocalTime?: boolean;
  containerDefaultView?: string;
}

/** A new user's row: the email lower-cased, also as the username until they choose one. */
function newUserValues(user: NewUser) {
  const email = user.email.toLowerCase();
  return {
    email,
    username: email,
    passwordHash: user.passwordHash,
    roles: user.roles,
    ...(user.displayLocalTime === undefined ? {} : { displayLocalTime: user.displayLocalTime }),
    ...(user.containerDefaultView === undefined ? {} : { containerDefaultView: user.containerDefaultView }),
  };
}

/** Columns a change of a user writes; each absent one stays. */
export interface UserFields {
  username?: string;
  isActive?: boolean;
  passwordHash?: string;
  displayLocalTime?: boolean;
  containerDefaultView?: string;
  otpActive?: boolean;
  roles?: string[];
}

export interface UserFilter {
  /** Part of the email or username, any case; `%` and `_` are literal. */
  q?: string | undefined;
  ids?: number[] | undefined;
}

export interface UsersRepository {
  findByEmail(email: string): Promise<UserRow | undefined>;
  findById(id: number): Promise<UserRow | undefined>;
  count(): Promise<number>;
  create(user: NewUser): Promise<UserRow>;
  /** Creates the user unless the email (any case) is taken: then null. */
  createIfNew(user: NewUser): Promise<UserRow | null>;
  /** The users the viewer sees (see `visibleUsersWhere`), by id. */
  list(viewer: Viewer, filter: UserFilter, page: PageRequest): Promise<{ rows: UserRow[]; count: number }>;
  findVisible(viewer: Viewer, id: number): Promise<UserRow | undefined>;
  /** Per user, the ids of the groups they are a direct member of, among those the viewer sees, ascending. */
  groupsOf(viewer: Viewer, userIds: number[]): Promise<Map<number, number[]>>;
  /** Which of these group ids exist. */
  existingGroups(ids: number[]): Promise<number[]>;
  /** Makes the user a member (GU) of each group. */
  addMemberships(userId: number, groupIds: number[]): Promise<void>;
  update(id: number, fields: UserFields): Promise<void>;
  /** Ends the user's sessions (but `exceptSessionId`) and API key: what a deactivation or new password ends. */
  endSessions(userId: number, exceptSessionId?: number | null): Promise<void>;
  /** Serialises changes that could leave the account without an active administrator, until the transaction ends. */
  lockAdministrators(): Promise<void>;
  activeAdministrators(): Promise<number>;
  /** Whether a stored scan was uploaded by the user. */
  ownsScans(userId: number): Promise<boolean>;
  delete(id: number): Promise<void>;
  /**
   * The top-level groups the user alone manages (M), by name, with their rows locked until
   * the transaction ends so that no other change of their managers slips in meanwhile.
   */
  lockSoleManagedTopGroups(userId: number): Promise<string[]>;
}

/** pg_advisory_xact_lock key of the "at least one active AU" rule (groups' tree lock has its own). */
const ADMINISTRATORS_LOCK_KEY = 0x62_6c_61_75; // "blau"

export function createUsersRepository(db: Db): UsersRepository {
  return {
    async findByEmail(email) {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },
    async findById(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async count() {
      const [row] = await db.select({ value: count() }).from(users);
      return row?.value ?? 0;
    },
    async create(user) {
      const [row] = await db
        .insert(users)
        .values(newUserValues(user))
        .returning();
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },
    async createIfNew(user) {
      const [row] = await db
        .insert(users)
        .values(newUserValues(user))
        .onConflictDoNothing({ target: users.email })
        .returning();
      return row ?? null;
    },
    async list(viewer, filter, page) {
      const where = and(
        visibleUsersWhere(db, viewer),
        filter.q ? or(ilike(users.email, containing(filter.q)), ilike(users.username, containing(filter.q))) : undefined,
        filter.ids ? inArray(users.id, filter.ids) : undefined,
      );
      const rows = await db.select().from(users).where(where).orderBy(asc(users.id)).limit(page.limit).offset(page.offset);
      const [total] = await db.select({ value: count() }).from(users).where(where);
      return { rows, count: total?.value ?? 0 };
    },
    async findVisible(viewer, id) {
      const [row] = await db.select().from(users).where(and(eq(users.id, id), visibleUsersWhere(db, viewer)));
      return row;
    },
    async groupsOf(viewer, userIds) {
      const found = new Map<number, number[]>(userIds.map((id) => [id, []]));
      if (userIds.length === 0) return found;
      const rows = await db
        .select({ userId: groupMemberships.userId, groupId: groupMemberships.groupId })
        .from(groupMemberships)
        .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
        .where(and(inArray(groupMemberships.userId, userIds), visibleGroupsWhere(db, viewer)))
        .orderBy(asc(groupMemberships.groupId));
      for (const row of rows) found.get(row.userId)?.push(row.groupId);
      return found;
    },
    async existingGroups(ids) {
      if (ids.length === 0) return [];
      const rows = await db.select({ id: groups.id }).from(groups).where(inArray(groups.id, ids));
      return rows.map((row) => row.id);
    },
    async addMemberships(userId, groupIds) {
      if (groupIds.length === 0) return;
      await db.insert(groupMemberships).values(groupIds.map((groupId) => ({ groupId, userId, role: 'GU' as const }))).onConflictDoNothing();
    },
    async update(id, fields) {
      if (Object.keys(fields).length > 0) await db.update(users).set(fields).where(eq(users.id, id));
    },
    async endSessions(userId, exceptSessionId) {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
      await db.delete(apiKeys).where(eq(apiKeys.userId, userId));
    },
    async lockAdministrators() {
      await db.execute(sql`select pg_advisory_xact_lock(${ADMINISTRATORS_LOCK_KEY})`);
    },
    async activeAdministrators() {
      const [row] = await db.select({ value: count() }).from(users).where(and(eq(users.isActive, true), arrayContains(users.roles, ['AU'])));
      return row?.value ?? 0;
    },
    async ownsScans(userId) {
      const [row] = await db.select({ id: scans.id }).from(scans).where(eq(scans.createdBy, userId)).limit(1);
      return row !== undefined;
    },
    async delete(id) {
      await db.delete(users).where(eq(users.id, id));
    },
    async lockSoleManagedTopGroups(userId) {
      const managed = await db
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .innerJoin(groupMemberships, eq(groupMemberships.groupId, groups.id))
        .where(and(isNull(groups.parentId), eq(groupMemberships.userId, userId), eq(groupMemberships.role, 'M')))
        .orderBy(asc(groups.name))
        .for('update', { of: groups });
      if (managed.length === 0) return [];
      const others = await db
        .select({ groupId: groupMemberships.groupId })
        .from(groupMemberships)
        .where(and(inArray(groupMemberships.groupId, managed.map((group) => group.id)), eq(groupMemberships.role, 'M'), ne(groupMemberships.userId, userId)));
      const covered = new Set(others.map((row) => row.groupId));
      return managed.filter((group) => !covered.has(group.id)).map((group) => group.name);
    },
  };
}

/**
 * Who a viewer sees among the users: everyone with change_companyaccount; else themselves and
 * every user who is a direct member of a group the viewer sees (its members tab lists them).
 * Members of an ancestor the viewer cannot see stay hidden: that would tell of the group.
 */
function visibleUsersWhere(db: Db, viewer: Viewer): SQL | undefined {
  if (seesAllGroups(viewer)) return undefined;
  const sharesGroup = db
    .select({ one: sql`1` })
    .from(groupMemberships)
    .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
    .where(and(eq(groupMemberships.userId, users.id), visibleGroupsWhere(db, viewer)));
  return or(eq(users.id, viewer.userId), exists(sharesGroup));
}
