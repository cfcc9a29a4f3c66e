import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { Viewer } from '../users/viewer.ts';
import { nonBlank } from './messages-service.ts';
import type { AnnouncementRow, AnnouncementsRepository } from './repository.ts';
import type { Notice, NoticeCreate, NoticeListQuery } from './schemas.ts';

/** Where the server runs (BINLENS_DEPLOYMENT): notices exist on premises only (spec §2). */
import type { Deployment } from '../../config.ts';

/** Notices of an on-premises installation (spec §7 "notices list and get"); a hosted deployment has none: every call is 404. */
export interface NoticesService {
  list(query: NoticeListQuery, page: PageRequest): Promise<Page<Notice>>;
  get(id: number): Promise<Notice>;
  create(viewer: Viewer, body: NoticeCreate): Promise<Notice>;
  remove(viewer: Viewer, id: number): Promise<void>;
}

export interface NoticesServiceDeps {
  deployment: Deployment;
  announcements: AnnouncementsRepository;
  change: AuditedChange<{ announcements: AnnouncementsRepository }>;
}

export function createNoticesService(deps: NoticesServiceDeps): NoticesService {
  const onPremises = () => {
    if (deps.deployment !== 'on-premises') throw new AppError('not_found');
  };
  return {
    async list(query, page) {
      onPremises();
      const { rows, count } = await deps.announcements.list('notice', page);
      return pageOf(rows.map(toNotice), count, page, '/rest/notices/', query);
    },
    async get(id) {
      onPremises();
      const row = await deps.announcements.find('notice', id);
      if (!row) throw new AppError('not_found');
      return toNotice(row);
    },
    async create(viewer, body) {
      onPremises();
      const title = nonBlank(body.title);
      const text = nonBlank(body.text);
      const row = await deps.change(
        (tx) => tx.announcements.create({ kind: 'notice', level: body.level ?? 'info', tags: [], title, text, startsAt: null, endsAt: null, createdBy: viewer.userId }),
        (created) => ({ actorId: viewer.userId, action: 'notice.create', object: `notice:${created.id}`, level: 3, details: { title } }),
      );
      return toNotice(row);
    },
    async remove(viewer, id) {
      onPremises();
      await deps.change(
        async (tx) => {
          const removed = await tx.announcements.remove('notice', id);
          if (!removed) throw new AppError('not_found');
          return removed;
        },
        (removed) => ({ actorId: viewer.userId, action: 'notice.delete', object: `notice:${id}`, level: 3, details: { title: removed.title } }),
      );
    },
  };
}

function toNotice(row: AnnouncementRow): Notice {
  return { id: row.id, level: row.level, title: row.title, text: row.text, created: row.createdAt.toISOString() };
}
