import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { AuditLevel } from '../../db/schema/index.ts';
import type { AuditFeedRepository, FeedRow } from '../audit/feed-repository.ts';
import { objectOf } from '../content-types/registry.ts';
import type { FeedEvent, FeedQuery } from './schemas.ts';

/** The audit feeds: the account's (every event), a group's (its own events and its scans') and a scan's. */
export interface FeedsService {
  /** `path`: where the page's links point (the public API's /api/audit-trail/ reads the same feed). */
  account(query: FeedQuery, page: PageRequest, path?: string): Promise<Page<FeedEvent>>;
  /** The guard has checked that the viewer sees the group. */
  group(groupId: number, query: FeedQuery, page: PageRequest): Promise<Page<FeedEvent>>;
  /** The guard has checked that the viewer sees the scan. */
  scan(scanId: number, query: FeedQuery, page: PageRequest): Promise<Page<FeedEvent>>;
}

export function createFeedsService(deps: { feed: AuditFeedRepository }): FeedsService {
  const read = async (path: string, scope: { groupId?: number; scanId?: number }, query: FeedQuery, page: PageRequest) => {
    const { rows, count } = await deps.feed.list({ level: query.level as AuditLevel | undefined, minLevel: query.level__gte as AuditLevel | undefined, ...scope }, page);
    return pageOf(rows.map(toFeedEvent), count, page, path, query);
  };
  return {
    account: (query, page, path = '/rest/audit-events/') => read(path, {}, query, page),
    group: (groupId, query, page) => read(`/rest/groups/${groupId}/events/`, { groupId }, query, page),
    scan: (scanId, query, page) => read(`/rest/scans/${scanId}/events/`, { scanId }, query, page),
  };
}

export function toFeedEvent(row: FeedRow): FeedEvent {
  const { contentType, objectId } = objectOf(row.object);
  return {
    id: row.id,
    at: row.at.toISOString(),
    level: row.level,
    action: row.action,
    actor: row.actorId !== null && row.actorEmail !== null ? { id: row.actorId, email: row.actorEmail } : null,
    object: row.object,
    content_type: contentType,
    object_id: objectId,
    details: row.details,
  };
}
