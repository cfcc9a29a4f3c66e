// One QueryClient factory for the app and for tests, wired to the app-wide error dialogs.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { reportApiError } from '../stores/error-dialog-store.ts';
import { followKnowledgeBase } from './system-status.ts';

/**
 * Queries and mutations may opt out of the global dialogs for statuses they handle
 * themselves, e.g. the current-user query turns 401 into a redirect to /login.
 */
export interface GlobalErrorMeta extends Record<string, unknown> {
  handledStatuses?: number[];
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: GlobalErrorMeta;
    mutationMeta: GlobalErrorMeta;
  }
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => report(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  followKnowledgeBase(client);
  return client;
}

function report(error: unknown, meta: GlobalErrorMeta | undefined): void {
  if (error instanceof ApiError && meta?.handledStatuses?.includes(error.status)) return;
  reportApiError(error);
}

/** An answer from the server will not change on retry; a network blip gets one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) return false;
  return failureCount < 1;
}
