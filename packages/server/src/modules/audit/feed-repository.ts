// The read side of the audit events every change writes (audited.ts stays the one writer):
// the account's feed, a group's and a scan's, newest first.
import { and, count, desc, eq, gte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AuditLevel, auditEvents, scans, users } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';

export interface FeedFilter {
  /** Only events of this level. */
  level?: AuditLevel | undefined;
  /** Only events of this level or above. */
  minLevel?: AuditLevel | undefined;
  /** Only events of this group and of its scans. */
  groupId?: number | undefined;
  /** Only events of this scan (its upload, control, comments and custom data). */
  scanId?: number | undefined;
}

export interface FeedRow {
  id: number;
  at: Date;
  level: AuditLevel;
  action: string;
  object: string;
  details: Record<string, unknown>;
  actorId: number | null;
  actorEmail: string | null;
}

export interface AuditFeedRepository {
  list(filter: FeedFilter, page: PageRequest): Promise<{ rows: FeedRow[]; count: number }>;
}

export function createAuditFeedRepository(db: Db): AuditFeedRepository {
  return {
    async list(filter, page) {
      const where = and(
        filter.level === undefined ? undefined : eq(auditEvents.level, filter.level),
        filter.minLevel === undefined ? undefined : gte(auditEvents.level, filter.minLevel),
        filter.groupId === undefined ? undefined : ofGroup(filter.groupId),
        filter.scanId === undefined ? undefined : eq(auditEvents.object, `scan:${filter.scanId}`),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: auditEvents.id, at: auditEvents.at, level: auditEvents.level, action: auditEvents.action, object: auditEvents.object,
            details: auditEvents.details, actorId: auditEvents.actorId, actorEmail: users.email,
          })
          .from(auditEvents)
          .leftJoin(users, eq(users.id, auditEvents.actorId))
          .where(where)
          .orderBy(desc(auditEvents.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ value: count() }).from(auditEvents).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },
  };
}

/** The group's own events (`group:12`: the group, its memberships and custom data) and those of its scans (`scan:40`). */
function ofGroup(groupId: number): SQL | undefined {
  return or(
    eq(auditEvents.object, `group:${groupId}`),
    sql`${auditEvents.object} in (select 'scan:' || ${scans.id} from ${scans} where ${scans.groupId} = ${groupId})`,
  );
}
