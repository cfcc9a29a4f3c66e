import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments, scans, users } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';

export interface CommentRecord {
  id: number;
  scanId: number;
  comment: string;
  authorId: number | null;
  authorName: string | null;
  createdAt: Date;
}

/** No viewer here: the route guard resolved the scan, or the service resolves the comment's scan. */
export interface CommentsRepository {
  list(scanId: number, page: PageRequest): Promise<{ rows: CommentRecord[]; count: number }>;
  find(id: number): Promise<(CommentRecord & { groupId: number }) | undefined>;
  create(scanId: number, authorId: number, comment: string): Promise<number>;
  remove(id: number): Promise<void>;
}

export function createCommentsRepository(db: Db): CommentsRepository {
  const columns = {
    id: comments.id,
    scanId: comments.scanId,
    comment: comments.comment,
    authorId: comments.authorId,
    authorName: users.username,
    createdAt: comments.createdAt,
  };
  return {
    async list(scanId, page) {
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(comments)
          .leftJoin(users, eq(users.id, comments.authorId))
          .where(eq(comments.scanId, scanId))
          .orderBy(asc(comments.createdAt), asc(comments.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ value: count() }).from(comments).where(eq(comments.scanId, scanId)),
      ]);
      return { rows, count: total?.value ?? 0 };
    },
    async find(id) {
      const [row] = await db
        .select({ ...columns, groupId: scans.groupId })
        .from(comments)
        .innerJoin(scans, eq(scans.id, comments.scanId))
        .leftJoin(users, eq(users.id, comments.authorId))
        .where(eq(comments.id, id));
      return row;
    },
    async create(scanId, authorId, comment) {
      const [row] = await db.insert(comments).values({ scanId, authorId, comment }).returning({ id: comments.id });
      if (!row) throw new Error('insert into comments returned no row');
      return row.id;
    },
    async remove(id) {
      await db.delete(comments).where(eq(comments.id, id));
    },
  };
}
