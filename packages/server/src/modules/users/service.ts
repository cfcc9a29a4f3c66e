import { randomBytes } from 'node:crypto';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import { hashPassword } from '../../lib/password.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { bootstrapAdmin, type BootstrapOptions } from './bootstrap.ts';
import { changeEvent, changesOf, fieldsOf, type UserChanges } from './changes.ts';
import { permissionsOf } from './permissions.ts';
import type { UsersRepository } from './repository.ts';
import { type AccountUser, MAX_USER_IDS, type UserCreateBody, type UserListQuery, type UserMe, type UserMeUpdateBody, type UserUpdateBody, type UsersBulkUpdateBody, type UsersBulkUpdateResult } from './schemas.ts';
import type { Viewer } from './viewer.ts';
import { bulkUpdate } from './bulk-update.ts';
import type { PasswordMailService } from './password-mail-service.ts';
import { type AccountPolicy, checkPasswordLength, DEFAULT_ACCOUNT_POLICY } from './account-policy.ts';

export interface UsersService {
  me(viewer: Viewer): Promise<UserMe>;
  /** The viewer's own username, display settings, or two-factor off; nothing differing, nothing is written. */
  updateMe(viewer: Viewer, body: UserMeUpdateBody): Promise<UserMe>;
  list(viewer: Viewer, query: UserListQuery, page: PageRequest, path: string): Promise<Page<AccountUser>>;
  get(viewer: Viewer, id: number): Promise<AccountUser>;
  create(viewer: Viewer, body: UserCreateBody): Promise<AccountUser>;
  /** An administrator's change of a user; nothing differing, nothing is written. */
  update(viewer: Viewer, id: number, body: UserUpdateBody): Promise<AccountUser>;
  /** One change of several users (POST /rest/users/update/), all or none; changed fields only. */
  bulkUpdate(viewer: Viewer, body: UsersBulkUpdateBody): Promise<UsersBulkUpdateResult>;
  /** Removes a user who uploaded no stored scan and is not the last manager of a top-level group (else 409). */
  remove(viewer: Viewer, id: number): Promise<void>;
  /** The first administrator, made when no user exists (at start); its email, or null. */
  bootstrapAdmin(options: BootstrapOptions): Promise<string | null>;
}

export interface UsersServiceDeps {
  users: UsersRepository;
  /** Writes a user change with its audit event (modules/audit/audited.ts). */
  change: AuditedChange<{ users: UsersRepository }>;
  /** Invitations (send_email_invite). */
  passwordMail: Pick<PasswordMailService, 'requireMail' | 'invite'>;
  /** The company's password minimum and new-user defaults; the built-in ones without it. */
  policy?: AccountPolicy;
}

export function createUsersService(deps: UsersServiceDeps): UsersService {
  const policy = deps.policy ?? DEFAULT_ACCOUNT_POLICY;
  const withGroups = async (viewer: Viewer, rows: UserRow[]): Promise<AccountUser[]> => {
    const groups = await deps.users.groupsOf(viewer, rows.map((row) => row.id));
    return rows.map((row) => toAccountUser(row, groups.get(row.id) ?? []));
  };

  /** Writes `changes` of `current` with their event; the rules that need the lock are checked under it. */
  const write = async (viewer: Viewer, current: UserRow, changes: UserChanges): Promise<void> => {
    if (changes.password !== undefined) await checkPasswordLength(changes.password, policy);
    const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);
    const event = changeEvent(current, changes);
    await deps.change(
      async (tx) => {
        if (changes.is_active === false) {
          await tx.users.lockAdministrators();
          const user = await tx.users.findById(current.id);
          if (user && isActiveAdministrator(user) && (await tx.users.activeAdministrators()) <= 1) throw new AppError('user_last_administrator');
        }
        await tx.users.update(current.id, fieldsOf(changes, passwordHash));
        // A deactivated user's sessions and key end; a new password ends the others' sessions (not the one setting it).
        if (changes.is_active === false || passwordHash !== undefined) {
          await tx.users.endSessions(current.id, current.id === viewer.userId ? viewer.sessionId : null);
        }
      },
      () => ({ actorId: viewer.userId, action: event.action, object: `user:${current.id}`, level: event.level, details: event.details }),
    );
  };

  return {
    bootstrapAdmin: (options) => bootstrapAdmin(deps, options),

    async me(viewer) {
      const user = await deps.users.findById(viewer.userId);
      if (!user) throw new AppError('not_authenticated');
      return toUserMe(user);
    },

    async updateMe(viewer, body) {
      const current = await deps.users.findById(viewer.userId);
      if (!current) throw new AppError('not_authenticated');
      // Only these fields, whatever else the body holds (its schema lets unknown fields through).
      const { username, display_local_time, container_default_view, otp_active } = body;
      const changes = changesOf(current, { username, display_local_time, container_default_view, otp_active });
      if (Object.keys(changes).length === 0) return toUserMe(current);
      await write(viewer, current, changes);
      return this.me(viewer);
    },

    async list(viewer, query, page, path) {
      const ids = query.ids === undefined ? undefined : parseIds(query.ids);
      const { rows, count } = await deps.users.list(viewer, { q: query.q, ids }, page);
      return pageOf(await withGroups(viewer, rows), count, page, path, query);
    },

    async get(viewer, id) {
      const row = await deps.users.findVisible(viewer, id);
      if (!row) throw new AppError('not_found');
      const [user] = await withGroups(viewer, [row]);
      if (!user) throw new AppError('not_found');
      return user;
    },

    async create(viewer, body) {
      const email = body.email.trim().toLowerCase();
      if (!isEmail(email)) throw new AppError('user_email_invalid');
      const groupIds = [...new Set(body.groups ?? [])].sort((a, b) => a - b);
      const existing = await deps.users.existingGroups(groupIds);
      if (existing.length !== groupIds.length) throw new AppError('user_group_not_found');
      if (body.send_email_invite === true) deps.passwordMail.requireMail();
      if (body.password !== undefined) await checkPasswordLength(body.password, policy);
      const defaults = await policy.newUserDefaults();
      // Without a password nobody can sign in as the user until they set one from the invitation.
      const passwordHash = await hashPassword(body.password ?? randomBytes(32).toString('base64url'));
      const id = await deps.change(
        async (tx) => {
          const user = await tx.users.createIfNew({ email, passwordHash, roles: [], ...defaults });
          if (!user) throw new AppError('user_email_taken');
          await tx.users.addMemberships(user.id, groupIds);
          return user.id;
        },
        (created) => ({
          actorId: viewer.userId,
          action: 'user.create',
          object: `user:${created}`,
          level: 3,
          details: { email, groups: groupIds, password_set: body.password !== undefined },
        }),
      );
      // The user stays when the mail fails (502): an administrator's reset_password sends a new link.
      if (body.send_email_invite === true) await deps.passwordMail.invite(viewer, id);
      return this.get(viewer, id);
    },

    bulkUpdate: (viewer, body) => bulkUpdate(deps, withGroups, viewer, body),

    async update(viewer, id, body) {
      const current = await deps.users.findVisible(viewer, id);
      if (!current) throw new AppError('not_found');
      const { username, is_active, password, display_local_time, container_default_view } = body;
      const changes = changesOf(current, { username, is_active, password, display_local_time, container_default_view });
      if (Object.keys(changes).length === 0) return this.get(viewer, id);
      if (changes.is_active === false && id === viewer.userId) throw new AppError('user_deactivate_self');
      await write(viewer, current, changes);
      return this.get(viewer, id);
    },

    async remove(viewer, id) {
      const current = await deps.users.findVisible(viewer, id);
      if (!current) throw new AppError('not_found');
      if (id === viewer.userId) throw new AppError('user_delete_self');
      await deps.change(
        async (tx) => {
          await tx.users.lockAdministrators();
          const user = await tx.users.findById(id);
          if (!user) throw new AppError('not_found');
          if (isActiveAdministrator(user) && (await tx.users.activeAdministrators()) <= 1) throw new AppError('user_last_administrator');
          if (await tx.users.ownsScans(id)) throw new AppError('user_owns_scans');
          const managed = await tx.users.lockSoleManagedTopGroups(id);
          if (managed.length > 0) {
            throw new AppError('user_last_group_manager', `The user is the only manager of the top-level group ${managed.map((name) => `"${name}"`).join(', ')}: make another member its manager first.`);
          }
          await tx.users.delete(id);
        },
        () => ({ actorId: viewer.userId, action: 'user.delete', object: `user:${id}`, level: 4, details: { email: current.email, roles: current.roles } }),
      );
    },
  };
}

export function isActiveAdministrator(user: UserRow): boolean {
  return user.isActive && user.roles.includes('AU');
}

/** `ids=3,17,42` → [3, 17, 42]; at most 300 (spec §9), each a positive integer. */
function parseIds(text: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  // "17" or "2147483647": 1 to 10 digits, checked against the integer maximum below.
  if (parts.some((part) => !/^[1-9]\d{0,9}$/.test(part) || Number(part) > 2147483647)) throw new AppError('user_ids_invalid');
  if (parts.length > MAX_USER_IDS) throw new AppError('user_ids_too_many');
  return [...new Set(parts.map(Number))];
}

/** One @ with something on each side and no spaces: "ada@example.com", "admin@localhost" (mail checks the rest). */
function isEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(email);
}

export function toUserMe(user: UserRow): UserMe {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    display_local_time: user.displayLocalTime,
    container_default_view: user.containerDefaultView,
    otp_active: user.otpActive,
    roles: user.roles,
    permissions: permissionsOf(user.roles),
  };
}

function toAccountUser(user: UserRow, groups: number[]): AccountUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    is_active: user.isActive,
    groups,
    display_local_time: user.displayLocalTime,
    container_default_view: user.containerDefaultView,
    otp_active: user.otpActive,
  };
}
