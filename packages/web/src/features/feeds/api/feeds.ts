import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { stripSearchParams } from '@tanstack/react-router';
import { z } from '../../../lib/zod.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { ContentType, FeedEvent, Paged } from '../../../lib/api-schemas.ts';
import { MAX_LIMIT, MAX_OFFSET } from '../../../lib/list-search.ts';

/** Spec §9: audit action levels 1 to 5; the filter shows events of this level or above. */
export const FEED_LEVELS = [1, 2, 3, 4, 5] as const;

export interface FeedSearch {
  min_level: number;
  limit: number;
  offset: number;
}

const DEFAULTS: FeedSearch = { min_level: 1, limit: 50, offset: 0 };

/** A feed's URL state: the lowest level shown and the page; defaults stay out of the URL. */
export const feedSearch = {
  defaults: DEFAULTS,
  schema: z.object({
    min_level: z.number().int().min(1).max(5).default(DEFAULTS.min_level).catch(DEFAULTS.min_level),
    limit: z.number().int().min(1).max(MAX_LIMIT).default(DEFAULTS.limit).catch(DEFAULTS.limit),
    offset: z.number().int().min(0).max(MAX_OFFSET).default(DEFAULTS.offset).catch(DEFAULTS.offset),
  }),
  middlewares: [stripSearchParams<FeedSearch>(DEFAULTS)],
};

export const feedKeys = {
  all: ['feeds'] as const,
  account: (search: FeedSearch) => [...feedKeys.all, 'account', search] as const,
  group: (groupId: number, search: FeedSearch) => [...feedKeys.all, 'group', groupId, search] as const,
  scan: (scanId: number, search: FeedSearch) => [...feedKeys.all, 'scan', scanId, search] as const,
  contentTypes: () => [...feedKeys.all, 'content-types'] as const,
};

/** The kinds of object events name (stable ids), to say "Group 4" rather than "group:4". */
export const contentTypesQueryOptions = () =>
  queryOptions({
    queryKey: feedKeys.contentTypes(),
    queryFn: ({ signal }): Promise<ContentType[]> => unwrap(api.GET('/rest/content-type/', { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** "Group 4" for an event on group:4 when its kind is known, else the object as stored. */
export function describeObject(event: Pick<FeedEvent, 'object' | 'content_type' | 'object_id'>, types: readonly ContentType[]): string {
  const type = types.find((candidate) => candidate.id === event.content_type);
  if (!type) return event.object;
  return event.object_id === null ? type.name : `${type.name} ${event.object_id}`;
}

/** Long enough that the route's loader and the page share one request; a feed visited again is asked again. */
const FRESH_MS = 5_000;

const query = ({ min_level, limit, offset }: FeedSearch) => ({ limit, offset, ...(min_level > 1 ? { level__gte: min_level } : {}) });

export function getAccountFeed(search: FeedSearch, signal?: AbortSignal): Promise<Paged<FeedEvent>> {
  return unwrap(api.GET('/rest/audit-events/', { params: { query: query(search) }, signal }));
}

export function getGroupFeed(groupId: number, search: FeedSearch, signal?: AbortSignal): Promise<Paged<FeedEvent>> {
  return unwrap(api.GET('/rest/groups/{id}/events/', { params: { path: { id: groupId }, query: query(search) }, signal }));
}

export function getScanFeed(scanId: number, search: FeedSearch, signal?: AbortSignal): Promise<Paged<FeedEvent>> {
  return unwrap(api.GET('/rest/scans/{id}/events/', { params: { path: { id: scanId }, query: query(search) }, signal }));
}

export const accountFeedQueryOptions = (search: FeedSearch) =>
  queryOptions({ queryKey: feedKeys.account(search), queryFn: ({ signal }) => getAccountFeed(search, signal), placeholderData: keepPreviousData, staleTime: FRESH_MS });

export const groupFeedQueryOptions = (groupId: number, search: FeedSearch) =>
  queryOptions({ queryKey: feedKeys.group(groupId, search), queryFn: ({ signal }) => getGroupFeed(groupId, search, signal), placeholderData: keepPreviousData, staleTime: FRESH_MS });

export const scanFeedQueryOptions = (scanId: number, search: FeedSearch) =>
  queryOptions({ queryKey: feedKeys.scan(scanId, search), queryFn: ({ signal }) => getScanFeed(scanId, search, signal), placeholderData: keepPreviousData, staleTime: FRESH_MS });

/** "group.custom_data.create" → "Group custom data create"; "api_key_network.create" → "API key network create". */
export function describeAction(action: string): string {
  const words = action
    .replace(/[._]+/g, ' ') // "group.custom_data.create" → "group custom data create"
    .replace(/\bapi\b/g, 'API') // "api key" → "API key"
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The event's details as "key: value" pairs, e.g. "name: Routers, parent: -". */
export function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key.replaceAll('_', ' ')}: ${value === null || value === undefined ? '-' : typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}
