import type { GroupPermission } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { Viewer } from '../users/viewer.ts';
import type { CommentRecord, CommentsRepository } from './repository.ts';
import type { Comment, CommentCreate, CommentListQuery } from './schemas.ts';

/** Comments on scans (spec §7 comments/). The guard has resolved the scan of a list or a new comment. */
export interface CommentsService {
  list(query: CommentListQuery, page: PageRequest): Promise<Page<Comment>>;
  create(viewer: Viewer, body: CommentCreate): Promise<Comment>;
  /** By its author, or by whoever may change the scan's group (its managers, administrators): `permissions` there, as the guard found them. */
  remove(viewer: Viewer, id: number, permissions: readonly GroupPermission[]): Promise<void>;
}

export interface CommentsServiceDeps {
  comments: CommentsRepository;
  change: AuditedChange<{ comments: CommentsRepository }>;
}

export function createCommentsService(deps: CommentsServiceDeps): CommentsService {
  return {
    async list(query, page) {
      const { rows, count } = await deps.comments.list(query.product, page);
      return pageOf(rows.map(toComment), count, page, '/rest/comments/', { product: query.product });
    },

    async create(viewer, body) {
      const text = body.comment.trim();
      if (!text) throw new AppError('comment_blank');
      const id = await deps.change(
        (tx) => tx.comments.create(body.product, viewer.userId, text),
        (created) => ({ actorId: viewer.userId, action: 'comment.create', object: `scan:${body.product}`, level: 1, details: { comment: created } }),
      );
      const row = await deps.comments.find(id);
      if (!row) throw new AppError('not_found');
      return toComment(row);
    },

    async remove(viewer, id, permissions) {
      const row = await deps.comments.find(id);
      if (!row) throw new AppError('not_found');
      if (row.authorId !== viewer.userId && !permissions.includes('change_appcheckgroup')) throw new AppError('forbidden');
      await deps.change(
        (tx) => tx.comments.remove(id),
        () => ({ actorId: viewer.userId, action: 'comment.delete', object: `scan:${row.scanId}`, level: 2, details: { comment: id, author: row.authorId } }),
      );
    },
  };
}

function toComment(row: CommentRecord): Comment {
  return {
    id: row.id,
    url: `/rest/comments/${row.id}/`,
    product: row.scanId,
    comment: row.comment,
    author: row.authorId,
    author_name: row.authorName,
    created: row.createdAt.toISOString(),
  };
}
