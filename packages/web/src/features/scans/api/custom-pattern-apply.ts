// "Apply custom patterns" on a scan's info-leak tab: POST scans/{id}/custom-patterns/apply/ queues
// a search of the stored file for the account's enabled patterns; its run is polled until it ends.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { CustomPatternRun } from '../../../lib/api-schemas.ts';
import { scanKeys } from './keys.ts';

/** A search takes seconds to minutes; its state is asked for every second until it ends. */
export const PATTERN_RUN_POLL_MS = 1000;

export const patternRunKeys = {
  one: (scanId: number, runId: string) => [...scanKeys.detail(scanId), 'custom-pattern-run', runId] as const,
};

export function isRunFinished(run: CustomPatternRun | undefined): boolean {
  return run?.state === 'completed' || run?.state === 'failed';
}

export const patternRunQueryOptions = (scanId: number, runId: string) =>
  queryOptions({
    queryKey: patternRunKeys.one(scanId, runId),
    queryFn: ({ signal }): Promise<CustomPatternRun> =>
      unwrap(api.GET('/rest/scans/{id}/custom-patterns/apply/{runId}/', { params: { path: { id: scanId, runId } }, signal })),
    // Polling stops once the search has ended.
    refetchInterval: (query) => (isRunFinished(query.state.data) ? false : PATTERN_RUN_POLL_MS),
    staleTime: 0,
  });

/** 409 (the scan is busy, failed, its file removed or imported) is shown beside the button with the server's detail. */
export function useApplyCustomPatterns(scanId: number) {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/rest/scans/{id}/custom-patterns/apply/', { params: { path: { id: scanId } } })),
    meta: { handledStatuses: [409] },
  });
}
