// A triage names its author, group, application and vulnerability by id; the list and the
// edit page show them in words. Each is looked up once per page of triages: the users in one
// request (by ids, at most 300 each), each group, application and re-scored vulnerability by
// its own (a page holds at most a few dozen). What the user may not see, or what was removed,
// stays unnamed and the screens show the id.
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Triage } from '../../../lib/api-schemas.ts';
import { triageNameKeys } from './keys.ts';

/** The API's ids parameter holds at most 300 ids. */
const USER_CHUNK = 300;
/** Names change rarely; a page visit need not ask again. */
const NAME_STALE_MS = 5 * 60_000;

export interface TriageNames {
  user: (id: number | null) => string | undefined;
  group: (id: number | null) => string | undefined;
  application: (id: number | null) => string | undefined;
  /** The vulnerability's own severity and score, for a re-scoring's "before". */
  severity: (vulnId: string) => { severity: string | null; score: number | null } | undefined;
}

export const scanNameQueryOptions = (id: number) =>
  queryOptions({
    queryKey: triageNameKeys.scan(id),
    queryFn: ({ signal }) => unwrap(api.GET('/rest/scans/{id}/', { params: { path: { id } }, signal })),
    staleTime: NAME_STALE_MS,
    meta: { handledStatuses: [404] },
  });

const groupNameQueryOptions = (id: number) =>
  queryOptions({
    queryKey: triageNameKeys.group(id),
    queryFn: ({ signal }) => unwrap(api.GET('/rest/groups/{id}/', { params: { path: { id } }, signal })),
    staleTime: NAME_STALE_MS,
    meta: { handledStatuses: [404] },
  });

const vulnerabilityQueryOptions = (id: string) =>
  queryOptions({
    queryKey: triageNameKeys.vulnerability(id),
    queryFn: ({ signal }) => unwrap(api.GET('/rest/vulnerabilities/{id}/', { params: { path: { id } }, signal })),
    staleTime: NAME_STALE_MS,
    meta: { handledStatuses: [404] },
  });

const usersQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: triageNameKeys.users(ids),
    queryFn: async ({ signal }) => {
      const names = new Map<number, string>();
      for (let start = 0; start < ids.length; start += USER_CHUNK) {
        const chunk = ids.slice(start, start + USER_CHUNK);
        const page = await unwrap(api.GET('/rest/users/', { params: { query: { ids: chunk.join(','), limit: chunk.length } }, signal }));
        for (const user of page.results) names.set(user.id, user.username);
      }
      return names;
    },
    staleTime: NAME_STALE_MS,
    enabled: ids.length > 0,
  });

/** Every group the user sees, for choosing a triage's group (the API's largest page). */
export const visibleGroupsQueryOptions = () =>
  queryOptions({
    queryKey: triageNameKeys.groups(),
    queryFn: ({ signal }) => unwrap(api.GET('/rest/groups/', { params: { query: { limit: 500, ordering: 'name' } }, signal })),
    staleTime: NAME_STALE_MS,
  });

const distinct = <T,>(values: readonly (T | null)[]): T[] => [...new Set(values.filter((v): v is T => v !== null))].sort();

export function useTriageNames(triages: readonly Triage[]): TriageNames {
  const users = useQuery(usersQueryOptions(distinct(triages.map((t) => t.user))));
  const groups = useQueries({ queries: distinct(triages.map((t) => t.group_scope)).map(groupNameQueryOptions), combine: byId });
  const scans = useQueries({ queries: distinct(triages.flatMap((t) => [t.result_scope, t.scan_id])).map(scanNameQueryOptions), combine: byId });
  const vulnIds = distinct(triages.filter((t) => t.adjusted_severity !== null).map((t) => t.vuln_id));
  const severities = useQueries({ queries: vulnIds.map(vulnerabilityQueryOptions), combine: bySeverity });
  const userNames = users.data;
  // One object while the answers stand, so that tables built from it keep their rows.
  return useMemo(
    () => ({
      user: (id) => (id === null ? undefined : userNames?.get(id)),
      group: (id) => (id === null ? undefined : groups.get(id)?.name),
      application: (id) => (id === null ? undefined : scans.get(id)?.name),
      severity: (vulnId) => severities.get(vulnId.toUpperCase()),
    }),
    [userNames, groups, scans, severities],
  );
}

function byId<T extends { id: number; name: string }>(results: { data?: T | undefined }[]): Map<number, T> {
  return new Map(results.flatMap((q) => (q.data ? [[q.data.id, q.data] as const] : [])));
}

function bySeverity(results: { data?: { vuln_id: string; aliases: string[]; severity: string | null; score: number | null } | undefined }[]) {
  const found = new Map<string, { severity: string | null; score: number | null }>();
  for (const { data } of results) {
    if (!data) continue;
    for (const id of [data.vuln_id, ...data.aliases]) found.set(id.toUpperCase(), { severity: data.severity, score: data.score });
  }
  return found;
}
