import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { seesAllGroups, type Viewer } from '../users/viewer.ts';
import type { AnnouncementChange, AnnouncementRow, AnnouncementsRepository } from './repository.ts';
import type { LoginMessage, LoginMessageCreate, LoginMessageListQuery, LoginMessageUpdate } from './schemas.ts';

/** Login messages (spec §7 GET /messages): shown after signing in while inside their window; administrators write them. */
export interface LoginMessagesService {
  list(viewer: Viewer, query: LoginMessageListQuery, page: PageRequest): Promise<Page<LoginMessage>>;
  create(viewer: Viewer, body: LoginMessageCreate): Promise<LoginMessage>;
  /** Changes only the fields sent; nothing sent or nothing different writes nothing. */
  update(viewer: Viewer, id: number, body: LoginMessageUpdate): Promise<LoginMessage>;
  remove(viewer: Viewer, id: number): Promise<void>;
}

export interface LoginMessagesServiceDeps {
  announcements: AnnouncementsRepository;
  change: AuditedChange<{ announcements: AnnouncementsRepository }>;
  now?: () => Date;
}

const PATH = '/rest/messages/';

export function createLoginMessagesService(deps: LoginMessagesServiceDeps): LoginMessagesService {
  const now = deps.now ?? (() => new Date());
  const event = (viewer: Viewer, action: string, id: number, details: Record<string, unknown>) =>
    ({ actorId: viewer.userId, action: `message.${action}`, object: `message:${id}`, level: 3 as const, details });
  return {
    async list(viewer, query, page) {
      // Messages outside their window are drafts or history: only who writes them sees them.
      if (query.all && !seesAllGroups(viewer)) throw new AppError('forbidden');
      const { rows, count } = await deps.announcements.list('login', page, query.all ? undefined : now());
      return pageOf(rows.map(toLoginMessage), count, page, PATH, query);
    },
    async create(viewer, body) {
      const startsAt = moment(body.starts_at);
      const endsAt = moment(body.ends_at);
      checkWindow(startsAt, endsAt);
      const text = nonBlank(body.text);
      const row = await deps.change(
        (tx) => tx.announcements.create({
          kind: 'login', level: body.level ?? 'info', tags: body.tags ?? [], title: '', text, startsAt, endsAt, createdBy: viewer.userId,
        }),
        (created) => event(viewer, 'create', created.id, { level: created.level, text: created.text }),
      );
      return toLoginMessage(row);
    },
    async update(viewer, id, body) {
      const current = await deps.announcements.find('login', id);
      if (!current) throw new AppError('not_found');
      const change = changedFields(current, body);
      checkWindow(change.startsAt === undefined ? current.startsAt : change.startsAt, change.endsAt === undefined ? current.endsAt : change.endsAt);
      if (Object.keys(change).length === 0) return toLoginMessage(current);
      const row = await deps.change(
        async (tx) => {
          const changed = await tx.announcements.update('login', id, change);
          if (!changed) throw new AppError('not_found');
          return changed;
        },
        () => event(viewer, 'update', id, { fields: Object.keys(change).sort() }),
      );
      return toLoginMessage(row);
    },
    async remove(viewer, id) {
      await deps.change(
        async (tx) => {
          const removed = await tx.announcements.remove('login', id);
          if (!removed) throw new AppError('not_found');
          return removed;
        },
        (removed) => event(viewer, 'delete', id, { text: removed.text }),
      );
    },
  };
}

export function toLoginMessage(row: AnnouncementRow): LoginMessage {
  return {
    id: row.id,
    level: row.level,
    tags: row.tags,
    text: row.text,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    created: row.createdAt.toISOString(),
  };
}

/** Text is stored trimmed and may not be blank. */
export function nonBlank(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw new AppError('announcement_text_blank');
  return trimmed;
}

function moment(value: string | null | undefined): Date | null {
  return value ? new Date(value) : null;
}

function checkWindow(startsAt: Date | null, endsAt: Date | null): void {
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) throw new AppError('message_window_invalid');
}

/** The fields of the body that differ from the stored message. */
function changedFields(current: AnnouncementRow, body: LoginMessageUpdate): AnnouncementChange {
  const change: AnnouncementChange = {};
  if (body.level !== undefined && body.level !== current.level) change.level = body.level;
  if (body.tags !== undefined && JSON.stringify(body.tags) !== JSON.stringify(current.tags)) change.tags = body.tags;
  if (body.text !== undefined && nonBlank(body.text) !== current.text) change.text = nonBlank(body.text);
  if (body.starts_at !== undefined && moment(body.starts_at)?.getTime() !== current.startsAt?.getTime()) change.startsAt = moment(body.starts_at);
  if (body.ends_at !== undefined && moment(body.ends_at)?.getTime() !== current.endsAt?.getTime()) change.endsAt = moment(body.ends_at);
  return change;
}
