import { and, count, desc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AnnouncementKind, type AnnouncementLevel, announcements } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;

export interface NewAnnouncement {
  kind: AnnouncementKind;
  level: AnnouncementLevel;
  tags: string[];
  title: string;
  text: string;
  startsAt: Date | null;
  endsAt: Date | null;
  createdBy: number;
}

export type AnnouncementChange = Partial<Pick<NewAnnouncement, 'level' | 'tags' | 'text' | 'startsAt' | 'endsAt'>>;

/** Login messages, admin-set status entries and notices (db/schema/announcements.ts), newest first. */
export interface AnnouncementsRepository {
  /** `activeAt`: only those shown at that moment (inside their window). */
  list(kind: AnnouncementKind, page: PageRequest, activeAt?: Date): Promise<{ rows: AnnouncementRow[]; count: number }>;
  find(kind: AnnouncementKind, id: number): Promise<AnnouncementRow | undefined>;
  create(announcement: NewAnnouncement): Promise<AnnouncementRow>;
  update(kind: AnnouncementKind, id: number, change: AnnouncementChange): Promise<AnnouncementRow | undefined>;
  remove(kind: AnnouncementKind, id: number): Promise<AnnouncementRow | undefined>;
}

export function createAnnouncementsRepository(db: Db): AnnouncementsRepository {
  return {
    async list(kind, page, activeAt) {
      const where = and(eq(announcements.kind, kind), activeAt ? shownAt(activeAt) : undefined);
      const [rows, [total]] = await Promise.all([
        db.select().from(announcements).where(where).orderBy(desc(announcements.id)).limit(page.limit).offset(page.offset),
        db.select({ value: count() }).from(announcements).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },
    async find(kind, id) {
      const [row] = await db.select().from(announcements).where(and(eq(announcements.kind, kind), eq(announcements.id, id)));
      return row;
    },
    async create(announcement) {
      const [row] = await db.insert(announcements).values(announcement).returning();
      if (!row) throw new Error('insert into announcements returned no row');
      return row;
    },
    async update(kind, id, change) {
      const [row] = await db.update(announcements).set(change).where(and(eq(announcements.kind, kind), eq(announcements.id, id))).returning();
      return row;
    },
    async remove(kind, id) {
      const [row] = await db.delete(announcements).where(and(eq(announcements.kind, kind), eq(announcements.id, id))).returning();
      return row;
    },
  };
}

function shownAt(moment: Date): SQL | undefined {
  return and(
    or(isNull(announcements.startsAt), lte(announcements.startsAt, moment)),
    or(isNull(announcements.endsAt), gt(announcements.endsAt, moment)),
  );
}
