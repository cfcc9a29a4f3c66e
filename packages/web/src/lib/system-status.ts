// The system status (spec §7 GET /system-status/): loaded with the company's data before the
// first navigation and shown by the app frame's banner; app-wide, so it lives in lib.
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './api-client.ts';
import type { KnowledgeBaseStatus, SystemStatus } from './api-schemas.ts';
import { knowledgeBaseKeys } from './knowledge-base.ts';

export const systemStatusKeys = {
  all: ['system-status'] as const,
};

export function getSystemStatus(signal?: AbortSignal): Promise<SystemStatus[]> {
  return unwrap(api.GET('/rest/system-status/', { signal }));
}

export const systemStatusQueryOptions = () =>
  queryOptions({ queryKey: systemStatusKeys.all, queryFn: ({ signal }) => getSystemStatus(signal), staleTime: 60_000, refetchInterval: 5 * 60_000 });

/** Entries that warrant a banner: anything but info. */
export function notableStatus(entries: readonly SystemStatus[]): SystemStatus[] {
  return entries.filter((entry) => entry.level !== 'info');
}

/**
 * The server derives an entry from the knowledge base's state ("never been synced", a failed
 * sync): when a fetch of that state shows it changed (a sync or bundle import began or ended),
 * the banner asks again instead of waiting for its five-minute refresh. Returns the unsubscribe.
 */
export function followKnowledgeBase(queryClient: QueryClient): () => void {
  const statusKey = JSON.stringify(knowledgeBaseKeys.status());
  let seen: string | undefined;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || JSON.stringify(event.query.queryKey) !== statusKey) return;
    const now = knowledgeBaseSignature(event.action.data as KnowledgeBaseStatus);
    const changed = seen !== undefined && seen !== now;
    seen = now;
    if (changed) void queryClient.invalidateQueries({ queryKey: systemStatusKeys.all });
  });
}

function knowledgeBaseSignature(status: KnowledgeBaseStatus): string {
  return JSON.stringify([status.state, status.updated]);
}
